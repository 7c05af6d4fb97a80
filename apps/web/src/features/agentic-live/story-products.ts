import { toCents, type Product } from '@c2p/domain';
import { OPEN_LIMIT, type Attempt } from './live-story';

type Items = { productId: number; quantity: number }[];
const one = (product: Product | undefined): Items => (product ? [{ productId: product.id, quantity: 1 }] : []);

/**
 * What each story buys, from the shop's catalogue: the immediate cart (its first two products); the
 * open mandate's allowed products (those within the limit, but one kept out for the "item not
 * allowed" try), the purchase within it, and the carts of the tries.
 */
export function storyProducts(products: readonly Product[]) {
  const cheap = products.filter((p) => toCents(p.price) <= OPEN_LIMIT.amount);
  const allowed = cheap.length > 1 ? cheap.slice(0, -1) : cheap;
  const notAllowed = cheap.length > 1 ? cheap.at(-1) : undefined;
  const within = allowed[0];
  const over = products.find((p) => toCents(p.price) > OPEN_LIMIT.amount);
  const overItems: Items = over
    ? one(over)
    : within
      ? [{ productId: within.id, quantity: Math.floor(OPEN_LIMIT.amount / toCents(within.price)) + 1 }]
      : [];
  const tries: Record<Attempt, Items> = {
    OVER_AMOUNT: overItems,
    OTHER_MERCHANT: one(within),
    ITEM_NOT_ALLOWED: one(notAllowed),
    REPLAYED_L3: [],
    AFTER_REVOKE: one(within),
  };
  return {
    cart: products.slice(0, 2),
    allowed,
    within,
    tries,
  };
}

/** The coming Friday's end (today's, on a Friday), for "until Friday". */
export function comingFriday(now = new Date()): Date {
  const friday = new Date(now);
  friday.setDate(now.getDate() + ((5 - now.getDay() + 7) % 7));
  friday.setHours(23, 59, 59, 0);
  return friday;
}
