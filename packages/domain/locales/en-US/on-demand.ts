import apilog from './apilog.json' with { type: 'json' };
import installments from './installments.json' with { type: 'json' };
import tour from './tour.json' with { type: 'json' };
import cardonfile from './cardonfile.json' with { type: 'json' };
import agentic from './agentic.json' with { type: 'json' };
import agenticLive from './agentic-live.json' with { type: 'json' };

// What the web app loads when a page needs it: the API log's panel, the demos (card on file,
// installments, the guided tour), so that a shopper's first page does not carry them.
export default { ...apilog, ...installments, ...tour, ...cardonfile, ...agentic, ...agenticLive };
