import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, PRODUCTS_API_KEY_META } from '@c2p/domain';
import { i18n } from '../../lib/i18n';
import { initTestI18n, mockFetch } from '../account/test-utils';
import { useCatalogue } from './catalogue-store';

beforeAll(initTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector(`meta[name="${PRODUCTS_API_KEY_META}"]`)?.remove();
  useCatalogue.setState({ products: [], status: 'idle', language: undefined });
  i18n.changeLanguage('en-US');
});

/** The meta element the server puts in every page it serves. */
function servePageWithKey(key: string) {
  const meta = document.createElement('meta');
  meta.name = PRODUCTS_API_KEY_META;
  meta.content = key;
  document.head.append(meta);
}

const sentHeaders = (fetch: ReturnType<typeof mockFetch>) =>
  (fetch.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;

const lamp = {
  id: 1,
  slug: 'lamp',
  name: 'Lamp',
  description: 'A lamp',
  price: 10,
  image: '/lamp.png',
  category: 'home',
};

describe('the product list and the language', () => {
  it('stays on screen when messages are merged into the same language, and reloads for another language', async () => {
    const lampe = { ...lamp, name: 'Lampe' };
    const fetch = mockFetch({ status: 200, body: { data: [lamp] } }, { status: 200, body: { data: [lampe] } });
    await useCatalogue.getState().load();

    i18n.mergeCatalogue('en-US', { TOUR: { TITLE: 'Tour' } });
    expect(useCatalogue.getState()).toMatchObject({ status: 'loaded', products: [lamp] });
    expect(fetch).toHaveBeenCalledTimes(1);

    i18n.changeLanguage('fr-FR');
    await vi.waitFor(() => expect(useCatalogue.getState()).toMatchObject({ status: 'loaded', products: [lampe] }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again when the language changed while the list was on its way', async () => {
    const lampe = { ...lamp, name: 'Lampe' };
    const fetch = mockFetch({ status: 200, body: { data: [lamp] } }, { status: 200, body: { data: [lampe] } });
    const loading = useCatalogue.getState().load();
    i18n.changeLanguage('fr-FR');
    await loading;
    await vi.waitFor(() => expect(useCatalogue.getState()).toMatchObject({ status: 'loaded', products: [lampe] }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('item 11: the product list asks with the key the server is configured with', () => {
  it("sends the served page's key, not the demo key", async () => {
    servePageWithKey('something-else');
    const fetch = mockFetch({ status: 200, body: { data: [lamp] } });
    await useCatalogue.getState().load();
    expect(sentHeaders(fetch)[PRODUCTS_API_KEY_HEADER]).toBe('something-else');
    expect(useCatalogue.getState()).toMatchObject({ status: 'loaded', products: [lamp] });
  });

  it('sends no key of its own when the page carries none', async () => {
    const fetch = mockFetch({ status: 401, body: { statusCode: 401, message: 'no key' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await useCatalogue.getState().load();
    expect(Object.values(sentHeaders(fetch))).not.toContain(DEMO_PRODUCTS_API_KEY);
    expect(sentHeaders(fetch)).not.toHaveProperty(PRODUCTS_API_KEY_HEADER);
    expect(useCatalogue.getState().status).toBe('failed');
  });
});
