/** A catalogue product as `GET /api/products` answers it; name and description in the visitor's language. */
export interface Product {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** USD with two decimals, e.g. 129.99. */
  price: number;
  /** Path of the product image on our own origin, e.g. /images/products/aurora-headphones.svg. */
  image: string;
  category: string;
}

/** The demo's API key for the products API; the server takes PRODUCTS_API_KEY instead when set (never in the web bundle). */
export const DEMO_PRODUCTS_API_KEY = 'c2p-demo-products-key';
export const PRODUCTS_API_KEY_HEADER = 'x-api-key';
/**
 * The `<meta name>` that carries the server's configured products key in every page it serves: the
 * key is not a browser secret (docs/decisions/010), so the web bundle holds none of its own.
 */
export const PRODUCTS_API_KEY_META = 'c2p-products-api-key';
