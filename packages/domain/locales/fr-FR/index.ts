import core from './core.ts';
import shopPages from './shop-pages.ts';
import onDemand from './on-demand.ts';
import api from './api.json' with { type: 'json' };
import apiReference from './api-reference.json' with { type: 'json' };

// One file per area so that areas can be translated independently; no top-level key appears twice.
// The server reads all of it; the web app loads `core` first, `shop-pages` and `on-demand` when a
// page needs them.
export default { ...core, ...shopPages, ...onDemand, ...api, ...apiReference };
