import { i18n } from '../../lib/i18n';
import { create } from 'zustand';
import { PRODUCTS_API_KEY_HEADER, PRODUCTS_API_KEY_META, type Product } from '@c2p/domain';
import { callApi, routesOf } from '../../lib/api-client';

const productsApi = routesOf('productsApi');

/** The products key the server is configured with, which it puts in every page it serves. */
function productsApiKey(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${PRODUCTS_API_KEY_META}"]`)?.content;
}

interface CatalogueState {
  products: Product[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The language the products' names are in. */
  language?: string;
  /** Loads the product list once; later calls do nothing while it is loaded or loading. */
  load(): Promise<void>;
}

export const useCatalogue = create<CatalogueState>((set, get) => ({
  products: [],
  status: 'idle',
  async load() {
    if (get().status === 'loaded' || get().status === 'loading') return;
    set({ status: 'loading' });
    const language = i18n.language;
    try {
      const key = productsApiKey();
      const { data } = await callApi(productsApi.list, {
        // Spec section 7: the products call names the JSON content type, though it sends no body.
        headers: {
          'content-type': 'application/json',
          ...(key === undefined ? {} : { [PRODUCTS_API_KEY_HEADER]: key }),
        },
      });
      set({ products: data, status: 'loaded', language });
      // The language may have changed while the list was on its way.
      reloadInAnotherLanguage();
    } catch (error) {
      // Spec section 8: a product fetch failure is logged only; the list stays empty.
      console.error('Could not load the products', error);
      set({ products: [], status: 'failed' });
    }
  },
}));

/**
 * Product names come in the visitor's language, so a language change reloads a loaded list. A
 * catalogue merged into the same language (messages loaded with a page) does not: the page would
 * blank to its loader for nothing.
 */
function reloadInAnotherLanguage() {
  const { status, language } = useCatalogue.getState();
  if (status !== 'loaded' || language === i18n.language) return;
  useCatalogue.setState({ status: 'idle' });
  void useCatalogue.getState().load();
}

i18n.subscribe(reloadInAnotherLanguage);
