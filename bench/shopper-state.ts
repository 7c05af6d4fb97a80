import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, TEST_SHOPPER_SHIPPING, testCardPayment } from '@c2p/domain';
// What a shopper has in storage by the time they reach the cart and the payment step: product 1
// in the cart and a shipping address, so those pages are measured as shoppers see them rather
// than as redirects to the empty cart.
const PRODUCTS_API_KEY = { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY };

export const SHIPPING = TEST_SHOPPER_SHIPPING;

/** The card summary the payment step stores (never a card number): the review step needs it. */
const PAYMENT = testCardPayment();

export interface ShopperStorage {
  local: Record<string, string>;
  session: Record<string, string>;
}

/** The storage for a first visit to `path`: empty, except on the cart and checkout pages. */
export async function shopperStorage(serverUrl: string, path: string): Promise<ShopperStorage> {
  if (!path.startsWith('/cart') && !path.startsWith('/checkout')) return { local: {}, session: {} };
  const answer = await fetch(`${serverUrl}/api/products/1`, { headers: PRODUCTS_API_KEY });
  const product = ((await answer.json()) as { data: { id: number } }).data;
  return {
    local: { cart: JSON.stringify([{ ...product, uuid: product.id, count: 1 }]) },
    session: {
      checkout: JSON.stringify({
        state: {
          shipping: SHIPPING,
          payment: path.startsWith('/checkout/review') ? PAYMENT : undefined,
          intent: 'pay',
          justPlaced: false,
        },
        version: 0,
      }),
    },
  };
}

/** A script for before any page script runs: puts the storage in place. */
export function seedStorageScript({ local, session }: ShopperStorage): string {
  return `(() => {
    for (const [k, v] of Object.entries(${JSON.stringify(local)})) localStorage.setItem(k, v);
    for (const [k, v] of Object.entries(${JSON.stringify(session)})) sessionStorage.setItem(k, v);
  })();`;
}
