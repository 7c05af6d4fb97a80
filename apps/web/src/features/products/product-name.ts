import { useCatalogue } from './catalogue-store';
import { useProducts } from './use-products';

/**
 * A product's name in the current language, by its id (issue 18 item 3): a cart line or an order
 * keeps the name it was added with, but the page shows the catalogue's text for the page's locale.
 * Until the catalogue has loaded (or when the product is gone) the kept name is shown.
 */
export function useProductNames(): (id: number, kept: string) => string {
  const { products } = useProducts();
  return (id, kept) => products.find((product) => product.id === id)?.name ?? kept;
}

/** One product's name by id, in the current language. */
export function useProductName(id: number, kept: string): string {
  useProducts();
  return useCatalogue((s) => s.products.find((product) => product.id === id)?.name) ?? kept;
}
