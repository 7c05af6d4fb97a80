import { toCents } from './money.ts';
import type { Product } from './product.ts';

/** Spec section 4 cart rules. Every function returns a new array and leaves its input untouched. */

/** A cart line (spec section 3): the product's data, uuid copied from id, and how many of it. */
export interface CartItem extends Product {
  uuid: number;
  count: number;
}

/** The most of one product a line may hold (validation message VALIDATION.QUANTITY: 1 to 99). */
export const MAX_ITEM_COUNT = 99;

const isItemCount = (count: number) => Number.isInteger(count) && count >= 1 && count <= MAX_ITEM_COUNT;
// Adding never pushes a line past the most one line may hold; the extra is simply not added.
const capped = (count: number) => Math.min(count, MAX_ITEM_COUNT);

function newItem(product: Product, count: number): CartItem {
  return { ...product, uuid: product.id, count: capped(count) };
}

function withCount(cart: CartItem[], id: number, countOf: (item: CartItem) => number): CartItem[] {
  return cart.map((item) => (item.id === id ? { ...item, count: countOf(item) } : item));
}

function addCount(cart: CartItem[], product: Product, count: number): CartItem[] {
  if (!cart.some((item) => item.id === product.id)) return [...cart, newItem(product, count)];
  return withCount(cart, product.id, (item) => capped(item.count + count));
}

export function addToCart(cart: CartItem[], product: Product): CartItem[] {
  return addCount(cart, product, 1);
}

export function addToCartById(cart: CartItem[], products: Product[], id: number, count: number): CartItem[] {
  const product = products.find((p) => p.id === id);
  if (!product || !Number.isInteger(count) || count < 1) return [...cart];
  return addCount(cart, product, count);
}

export function removeFromCart(cart: CartItem[], id: number): CartItem[] {
  return withCount(cart, id, (item) => Math.max(1, item.count - 1));
}

export function deleteFromCart(cart: CartItem[], id: number): CartItem[] {
  return cart.filter((item) => item.id !== id);
}

export function setItemCount(cart: CartItem[], id: number, count: number): CartItem[] {
  if (!isItemCount(count)) return [...cart];
  return withCount(cart, id, () => count);
}

export function cartItemCount(cart: CartItem[]): number {
  return cart.reduce((sum, item) => sum + item.count, 0);
}

export function cartSubtotalCents(cart: CartItem[]): number {
  return cart.reduce((sum, item) => sum + toCents(item.price) * item.count, 0);
}

/** Placing an order empties the cart; the order is the server's list when it sent one, else a copy of the cart. */
export function placeOrder(cart: CartItem[], serverItems?: CartItem[]): { cart: CartItem[]; order: CartItem[] } {
  return { cart: [], order: serverItems ?? structuredClone(cart) };
}

/** The demo load action: the first two products, one of each. */
export function demoCart(products: Product[]): CartItem[] {
  return products.slice(0, 2).reduce(addToCart, []);
}

const PRODUCT_TEXT_FIELDS = ['slug', 'name', 'description', 'image', 'category'] as const;

function storedItem(value: unknown): CartItem | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const item = value as Record<string, unknown>;
  const { id, count, price } = item;
  if (typeof id !== 'number' || !Number.isFinite(id)) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return undefined;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return undefined;
  if (PRODUCT_TEXT_FIELDS.some((field) => typeof item[field] !== 'string')) return undefined;
  return { ...(item as unknown as Product), uuid: id, count: capped(count) };
}

/**
 * The cart stored under the `cart` key. Local storage can hold anything (an older version's shape, a
 * hand edit), so each malformed line, and any second line for the same product, is dropped.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const cart: CartItem[] = [];
  for (const value of stored) {
    const item = storedItem(value);
    if (item && !cart.some((line) => line.id === item.id)) cart.push(item);
  }
  return cart;
}
