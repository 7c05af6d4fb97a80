import common from './common.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import shop from './shop.json' with { type: 'json' };
import checkout from './checkout.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import clicktopay from './clicktopay.json' with { type: 'json' };
import polish from './polish.json' with { type: 'json' };

// What every page of the web app may show: the shop, its checkout and accounts, Click to Pay.
export default { ...common, ...validation, ...shop, ...checkout, ...account, ...clicktopay, ...polish };
