import { create } from 'zustand';
import {
  addToCart,
  addToCartById,
  deleteFromCart,
  demoCart,
  parseStoredCart,
  removeFromCart,
  setItemCount,
  STORAGE_KEYS,
  type CartItem,
  type Product,
} from '@c2p/domain';
import { local } from '../../lib/storage';

interface CartState {
  items: CartItem[];
  add(product: Product): void;
  addById(products: Product[], id: number, count: number): void;
  remove(id: number): void;
  delete(id: number): void;
  setCount(id: number, count: number): void;
  loadDemo(products: Product[]): void;
  clear(): void;
}

const save = (items: CartItem[]) => {
  local.set(STORAGE_KEYS.cart, JSON.stringify(items));
  return { items };
};

/** The cart of spec sections 3 and 4: the rules live in @c2p/domain, the items under the `cart` key. */
export const useCart = create<CartState>((set) => ({
  items: parseStoredCart(local.get(STORAGE_KEYS.cart)),
  add: (product) => set((s) => save(addToCart(s.items, product))),
  addById: (products, id, count) => set((s) => save(addToCartById(s.items, products, id, count))),
  remove: (id) => set((s) => save(removeFromCart(s.items, id))),
  delete: (id) => set((s) => save(deleteFromCart(s.items, id))),
  setCount: (id, count) => set((s) => save(setItemCount(s.items, id, count))),
  loadDemo: (products) => set(() => save(demoCart(products))),
  clear: () => set(() => save([])),
}));

// Another tab changed the cart: follow it, so every tab shows the same count.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cart) useCart.setState({ items: parseStoredCart(event.newValue) });
  });
}
