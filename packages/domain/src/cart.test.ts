import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartItem,
  MAX_ITEM_COUNT,
  addToCart,
  addToCartById,
  cartItemCount,
  cartSubtotalCents,
  deleteFromCart,
  demoCart,
  parseStoredCart,
  placeOrder,
  removeFromCart,
  setItemCount,
} from './cart.ts';
import type { Product } from './product.ts';

const product = (id: number, price: number): Product => ({
  id,
  slug: `product-${id}`,
  name: `Product ${id}`,
  description: `The product number ${id}`,
  price,
  image: `/images/products/product-${id}.svg`,
  category: 'audio',
});

const headphones = product(1, 129.99);
const speaker = product(2, 49.5);
const watch = product(3, 0.1);
const products = [headphones, speaker, watch];

const line = (p: Product, count: number): CartItem => ({ ...p, uuid: p.id, count });

function deepFreeze<T>(cart: T[]): T[] {
  for (const item of cart) Object.freeze(item);
  return Object.freeze(cart) as T[];
}

describe('adding to the cart', () => {
  it('inserts a new product with count 1 and uuid copied from its id', () => {
    expect(addToCart([], headphones)).toEqual([line(headphones, 1)]);
    expect(addToCart([line(headphones, 1)], speaker)).toEqual([line(headphones, 1), line(speaker, 1)]);
  });

  it('raises the count of a product already in the cart by 1', () => {
    expect(addToCart([line(headphones, 2), line(speaker, 1)], headphones)).toEqual([
      line(headphones, 3),
      line(speaker, 1),
    ]);
  });

  it('never raises a count past the maximum', () => {
    expect(addToCart([line(headphones, MAX_ITEM_COUNT)], headphones)).toEqual([line(headphones, MAX_ITEM_COUNT)]);
  });

  it('never changes the cart it was given', () => {
    const cart = deepFreeze([line(headphones, 1)]);
    const next = addToCart(cart, headphones);
    expect(next).not.toBe(cart);
    expect(cart).toEqual([line(headphones, 1)]);
  });
});

describe('adding by id', () => {
  it('adds the given count as a new line or onto the existing one', () => {
    const cart = addToCartById([], products, 2, 3);
    expect(cart).toEqual([line(speaker, 3)]);
    expect(addToCartById(cart, products, 2, 4)).toEqual([line(speaker, 7)]);
  });

  it('caps the line at the maximum count', () => {
    expect(addToCartById([line(speaker, 98)], products, 2, 5)).toEqual([line(speaker, MAX_ITEM_COUNT)]);
    expect(addToCartById([], products, 2, 1_000)).toEqual([line(speaker, MAX_ITEM_COUNT)]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('leaves the cart unchanged for count %s', (count) => {
    const cart = [line(headphones, 1)];
    expect(addToCartById(cart, products, 2, count)).toEqual(cart);
  });

  it('leaves the cart unchanged for an unknown id', () => {
    const cart = [line(headphones, 1)];
    expect(addToCartById(cart, products, 42, 1)).toEqual(cart);
  });
});

describe('removing, deleting and setting the count', () => {
  const cart = deepFreeze([line(headphones, 2), line(speaker, 1)]);

  it('lowers the count by 1 but never below 1', () => {
    expect(removeFromCart(cart, 1)).toEqual([line(headphones, 1), line(speaker, 1)]);
    expect(removeFromCart(cart, 2)).toEqual(cart);
    expect(removeFromCart(cart, 42)).toEqual(cart);
  });

  it('deletes a line', () => {
    expect(deleteFromCart(cart, 1)).toEqual([line(speaker, 1)]);
    expect(deleteFromCart(cart, 42)).toEqual(cart);
  });

  it('sets a count directly from 1 to the maximum', () => {
    expect(setItemCount(cart, 2, 5)).toEqual([line(headphones, 2), line(speaker, 5)]);
    expect(setItemCount(cart, 2, 1)).toEqual(cart);
    expect(setItemCount(cart, 2, MAX_ITEM_COUNT)).toEqual([line(headphones, 2), line(speaker, MAX_ITEM_COUNT)]);
    expect(setItemCount(cart, 42, 5)).toEqual(cart);
  });

  it.each([0, -3, 100, 2.5, Number.NaN, 1e21])('refuses the count %s', (count) => {
    expect(setItemCount(cart, 2, count)).toEqual(cart);
  });
});

describe('cart totals', () => {
  it('counts the items of every line', () => {
    expect(cartItemCount([])).toBe(0);
    expect(cartItemCount([line(headphones, 2), line(speaker, 3)])).toBe(5);
  });

  it('sums the subtotal in integer cents', () => {
    expect(cartSubtotalCents([])).toBe(0);
    expect(cartSubtotalCents([line(headphones, 2), line(speaker, 1)])).toBe(30_948);
    expect(cartSubtotalCents([line(watch, 3)])).toBe(30);
  });
});

describe('placing an order', () => {
  it('empties the cart and keeps a copy of it as the order', () => {
    const cart = [line(headphones, 2)];
    const { cart: emptied, order } = placeOrder(cart);
    expect(emptied).toEqual([]);
    expect(order).toEqual(cart);
    expect(order[0]).not.toBe(cart[0]);
  });

  it("takes the server's list when it sent one", () => {
    const serverItems = [line(speaker, 1)];
    expect(placeOrder([line(headphones, 2)], serverItems)).toEqual({ cart: [], order: serverItems });
  });
});

describe('the demo load action', () => {
  it('puts the first two products into the cart, one of each', () => {
    expect(demoCart(products)).toEqual([line(headphones, 1), line(speaker, 1)]);
    expect(demoCart([watch])).toEqual([line(watch, 1)]);
    expect(demoCart([])).toEqual([]);
  });
});

describe('the stored cart', () => {
  it('reads back what was stored', () => {
    const cart = [line(headphones, 2), line(speaker, 1)];
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  it.each([null, '', 'not json', '{"id":1}', '42', 'null'])('is empty for %j', (raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('drops malformed lines and keeps the rest', () => {
    const good = line(headphones, 2);
    const raw = JSON.stringify([
      good,
      null,
      'text',
      [1],
      { ...speaker, count: 1, id: '2' },
      { ...speaker, count: 0 },
      { ...speaker, count: 1.5 },
      { ...speaker, count: 1, price: '49.50' },
      { ...speaker, count: 1, price: -1 },
      { ...speaker, count: 1, name: 7 },
      { ...headphones, count: 5 },
    ]);
    expect(parseStoredCart(raw)).toEqual([good]);
  });

  it('copies uuid from id and caps an oversized count', () => {
    const raw = JSON.stringify([{ ...speaker, uuid: 'x', count: 500 }]);
    expect(parseStoredCart(raw)).toEqual([line(speaker, MAX_ITEM_COUNT)]);
  });
});

// Property tests: a small product list with prices in whole cents, so the expected subtotal is computed apart.
const productsArb = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 12 }), cents: fc.integer({ min: 0, max: 10_000_000 }) }), {
    selector: (p) => p.id,
    minLength: 1,
    maxLength: 6,
  })
  .chain((specs) =>
    fc.tuple(
      fc.constant(specs),
      fc.tuple(...specs.map(() => fc.record({ name: fc.string(), description: fc.string() }))),
    ),
  )
  .map(([specs, texts]) =>
    specs.map(({ id, cents }, i) => ({ ...product(id, cents / 100), ...texts[i] }) satisfies Product),
  );

const anyCount = fc.oneof(
  fc.integer(),
  fc.integer({ min: -2, max: 101 }),
  fc.constantFrom(0, -1, MAX_ITEM_COUNT, MAX_ITEM_COUNT + 1, Number.MAX_SAFE_INTEGER, 1e21, -1e21),
  fc.double(),
);
// Ids beyond the generated range stand for products that are not in the catalogue.
const anyId = fc.integer({ min: 0, max: 14 });

type Action =
  | { type: 'add'; index: number }
  | { type: 'addById'; id: number; count: number }
  | { type: 'remove'; id: number }
  | { type: 'delete'; id: number }
  | { type: 'setCount'; id: number; count: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), index: fc.nat() }),
  fc.record({ type: fc.constant('addById' as const), id: anyId, count: anyCount }),
  fc.record({ type: fc.constant('remove' as const), id: anyId }),
  fc.record({ type: fc.constant('delete' as const), id: anyId }),
  fc.record({ type: fc.constant('setCount' as const), id: anyId, count: anyCount }),
);

function apply(cart: CartItem[], catalogue: Product[], action: Action): CartItem[] {
  switch (action.type) {
    case 'add':
      return addToCart(cart, catalogue[action.index % catalogue.length]!);
    case 'addById':
      return addToCartById(cart, catalogue, action.id, action.count);
    case 'remove':
      return removeFromCart(cart, action.id);
    case 'delete':
      return deleteFromCart(cart, action.id);
    case 'setCount':
      return setItemCount(cart, action.id, action.count);
  }
}

const cartRunArb = fc.tuple(productsArb, fc.array(actionArb, { maxLength: 50 })).map(([catalogue, actions]) => ({
  catalogue,
  cart: actions.reduce((cart, action) => apply(deepFreeze(cart), catalogue, action), [] as CartItem[]),
}));

function expectValidCart(cart: CartItem[]) {
  for (const item of cart) {
    expect(Number.isInteger(item.count)).toBe(true);
    expect(item.count).toBeGreaterThanOrEqual(1);
    expect(item.count).toBeLessThanOrEqual(MAX_ITEM_COUNT);
    expect(item.uuid).toBe(item.id);
    expect(Number.isFinite(item.price)).toBe(true);
  }
  expect(new Set(cart.map((item) => item.id)).size).toBe(cart.length);
}

describe('cart properties', () => {
  it('keeps every count whole and within 1..99, ids unique, and totals right, whatever the actions', () => {
    fc.assert(
      fc.property(cartRunArb, ({ catalogue, cart }) => {
        expectValidCart(cart);
        const centsOf = new Map(catalogue.map((p) => [p.id, Math.round(p.price * 100)]));
        const expectedCents = cart.reduce((sum, item) => sum + centsOf.get(item.id)! * item.count, 0);
        expect(cartSubtotalCents(cart)).toBe(expectedCents);
        expect(Number.isInteger(cartSubtotalCents(cart))).toBe(true);
        expect(cartItemCount(cart)).toBe(cart.reduce((sum, item) => sum + item.count, 0));
        for (const item of cart)
          expect(item).toEqual({ ...catalogue.find((p) => p.id === item.id), uuid: item.id, count: item.count });
      }),
    );
  });

  it('reads back any cart it stored, keeping only the first line of a product stored twice', () => {
    fc.assert(
      fc.property(cartRunArb, ({ cart }) => {
        expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
        expect(parseStoredCart(JSON.stringify([...cart, ...cart]))).toEqual(cart);
      }),
    );
  });

  it('never throws on whatever local storage holds, and always gives a valid cart', () => {
    const looseItem = fc.record(
      {
        id: fc.oneof(fc.integer(), fc.double(), fc.string()),
        count: fc.oneof(anyCount, fc.string()),
        price: fc.oneof(fc.double(), fc.integer(), fc.string()),
        slug: fc.string(),
        name: fc.oneof(fc.string(), fc.integer()),
        description: fc.string(),
        image: fc.string(),
        category: fc.string(),
      },
      { requiredKeys: [] },
    );
    const raw = fc.oneof(
      fc.string(),
      fc.json(),
      fc.array(fc.oneof(looseItem, fc.jsonValue())).map((items) => JSON.stringify(items)),
    );
    fc.assert(
      fc.property(raw, (text) => {
        expectValidCart(parseStoredCart(text));
      }),
    );
  });
});
