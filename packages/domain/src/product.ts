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

/** The demo's API key for the products API; the server takes PRODUCTS_API_KEY instead when set. */
export const DEMO_PRODUCTS_API_KEY = 'c2p-demo-products-key';
export const PRODUCTS_API_KEY_HEADER = 'x-api-key';
