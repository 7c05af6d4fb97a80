import shop from './shop.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import checkout from './checkout.json' with { type: 'json' };
import clicktopay from './clicktopay.json' with { type: 'json' };

// What the shop's other pages show (products, cart, checkout, forms, Click to Pay): loaded with
// those pages, so that /home, a shopper's first page, does not carry it.
export default { ...shop, ...validation, ...checkout, ...clicktopay };
