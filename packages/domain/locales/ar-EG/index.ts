import account from './account.json' with { type: 'json' };
import api from './api.json' with { type: 'json' };
import apilog from './apilog.json' with { type: 'json' };
import checkout from './checkout.json' with { type: 'json' };
import clicktopay from './clicktopay.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import shop from './shop.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import polish from './polish.json' with { type: 'json' };
import installments from './installments.json' with { type: 'json' };
import tour from './tour.json' with { type: 'json' };
import cardonfile from './cardonfile.json' with { type: 'json' };
import apiReference from './api-reference.json' with { type: 'json' };

// One file per area so that areas can be translated independently; no top-level key appears twice.
export default {
  ...common,
  ...validation,
  ...shop,
  ...checkout,
  ...account,
  ...api,
  ...clicktopay,
  ...apilog,
  ...polish,
  ...installments,
  ...tour,
  ...cardonfile,
  ...apiReference,
};
