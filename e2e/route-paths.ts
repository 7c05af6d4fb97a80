import { ROUTE_PATTERNS } from '@c2p/domain';

/** A page path for each of the app's routes (spec section 2), a product page as product 1. */
const PAGE_PATHS = ROUTE_PATTERNS.map((pattern) => pattern.replace(':id', '1'));

/** The indexes that only redirect (/ and /checkout); their redirects have tests of their own. */
const REDIRECTS = new Set(['/', '/checkout']);

/** Every page of the shop and its tools: the component pages aside (components.spec.ts walks those). */
export const SHOP_PAGE_PATHS = PAGE_PATHS.filter((path) => !REDIRECTS.has(path) && !path.startsWith('/components'));

/** The shop pages that need a cart, a shipping address, a card or a placed order. */
export const SHOPPER_PAGE_PATHS = SHOP_PAGE_PATHS.filter((path) => path === '/cart' || path.startsWith('/checkout/'));

/** The shop pages a first-time visitor reaches with nothing in storage. */
export const VISITOR_PAGE_PATHS = SHOP_PAGE_PATHS.filter((path) => !SHOPPER_PAGE_PATHS.includes(path));
