import { generateEs256KeyPair, signCheckoutJwt, type KeyPair, type Party } from '@c2p/agentic';
import { toCents, type Product } from '@c2p/domain';

/**
 * Another merchant, in the page (the sandbox's own, for the "another merchant" try): while
 * `active`, the agent's cart request goes to it instead of the shop, and it answers a checkout it
 * signed with a key made here. The network must refuse to pay it under a mandate for this shop.
 */
export interface OtherShop {
  active: boolean;
  readonly products: readonly Product[];
}

export const OTHER_MERCHANT: Party = {
  id: 'another-shop',
  name: 'Another shop',
  website: 'https://another-shop.example',
};

let key: Promise<KeyPair> | undefined;

async function otherCheckout(shop: OtherShop, body: unknown): Promise<Response> {
  const items = ((body as { items?: unknown })?.items ?? []) as { productId: number; quantity: number }[];
  const lines = items.map((item) => {
    const product = shop.products.find((p) => p.id === item.productId);
    return {
      id: String(item.productId),
      title: product?.name ?? String(item.productId),
      quantity: item.quantity,
      unitAmount: toCents(product?.price ?? 0),
    };
  });
  const total = { currency: 'USD', amount: lines.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0) };
  const iat = Math.floor(Date.now() / 1000);
  const checkoutId = `other-${crypto.randomUUID()}`;
  key ??= generateEs256KeyPair('another-shop-checkout');
  const checkoutJwt = await signCheckoutJwt(
    { checkoutId, merchant: OTHER_MERCHANT, lines, total, iat, exp: iat + 1800 },
    await key,
  );
  const data = { checkoutId, checkoutJwt, total: total.amount, currency: total.currency, merchant: OTHER_MERCHANT };
  return new Response(JSON.stringify({ data }), { status: 201, headers: { 'content-type': 'application/json' } });
}

/** The browser's fetch, except for the cart request while the other shop is active. */
export function otherShopFetch(shop: OtherShop, shopBase: string): typeof fetch {
  const checkouts = `${shopBase.replace(/\/+$/, '')}/api/agent/checkouts`;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (shop.active && url === checkouts && init?.method === 'POST') {
      return otherCheckout(shop, JSON.parse(String(init.body ?? '{}')));
    }
    return fetch(input, init);
  };
}
