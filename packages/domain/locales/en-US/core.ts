import common from './common.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import polish from './polish.json' with { type: 'json' };

// What the web app's first page (/home) may show: its chrome, the home page, the account menu.
export default { ...common, ...account, ...polish };
