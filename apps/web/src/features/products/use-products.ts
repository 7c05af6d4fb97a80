import { useEffect } from 'react';
import { useCatalogue } from './catalogue-store';

/** The product list, fetched on first use (spec: skipped when already loaded). */
export function useProducts() {
  const products = useCatalogue((s) => s.products);
  const status = useCatalogue((s) => s.status);
  useEffect(() => {
    void useCatalogue.getState().load();
  }, []);
  return { products, status };
}
