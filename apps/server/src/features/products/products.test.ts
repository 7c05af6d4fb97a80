import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@c2p/domain';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { PRODUCTS_HEADERS } from '../../../test/shop.ts';
import { buildApp } from '../../app.ts';
import { products } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { CATALOGUE } from './catalogue.ts';
import { seedProducts } from './repository.ts';
import { apiKeyMatcher } from './routes.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = PRODUCTS_HEADERS) =>
  server.app.inject({ method: 'GET', url, headers });

describe('GET /api/products', () => {
  it('lists the ten seeded products in catalogue order, numbered 1 to 10', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: Product[] };
    expect(data.map((p) => p.slug)).toEqual(CATALOGUE.map((entry) => entry.slug));
    expect(data.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data[0]).toEqual({
      id: 1,
      slug: 'aurora-headphones',
      name: 'Aurora Wireless Headphones',
      description: expect.stringContaining('noise cancelling'),
      price: 129.99,
      image: '/images/products/aurora-headphones.svg',
      category: 'audio',
    });
    expect(data.map((p) => p.price)).toEqual([129.99, 199, 149.5, 79.95, 89.99, 45, 24.99, 59, 39.99, 18.5]);
    for (const product of data) expect(product.description.length).toBeGreaterThan(20);
  });

  it('answers names and descriptions in the locale of the cookie or Accept-Language', async () => {
    const french = (await get('/api/products', { ...PRODUCTS_HEADERS, cookie: 'locale=fr-FR' })).json().data;
    expect(french[0].name).toBe('Casque sans fil Aurora');
    const arabic = (
      await get('/api/products/9', { ...PRODUCTS_HEADERS, 'accept-language': 'ar;q=0.9, en;q=0.5' })
    ).json().data;
    expect(arabic.name).toBe('سماعة إيكو ميني');
    expect(arabic.price).toBe(39.99);
  });

  it('has every name and description in all three languages', () => {
    for (const entry of CATALOGUE) {
      for (const text of [entry.name, entry.description]) {
        expect(Object.keys(text).sort()).toEqual(['ar-EG', 'en-US', 'fr-FR']);
        expect(new Set(Object.values(text)).size).toBe(3);
      }
    }
  });

  it('sends no-cache with an ETag, and 304 when the client has that version', async () => {
    const first = await get('/api/products');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toContain('application/json');
    expect(String(first.headers.vary)).toContain('Accept-Language');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/products', { ...PRODUCTS_HEADERS, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const french = await get('/api/products', { ...PRODUCTS_HEADERS, 'if-none-match': etag, cookie: 'locale=fr-FR' });
    expect(french.statusCode).toBe(200);
    expect(french.headers.etag).not.toBe(etag);
  });

  it('sends a browser the list compressed as it asks, each coding with its own ETag', async () => {
    const plain = await get('/api/products');
    const asked = async (acceptEncoding: string, headers: Record<string, string> = {}) =>
      get('/api/products', { ...PRODUCTS_HEADERS, 'accept-encoding': acceptEncoding, ...headers });

    const brotli = await asked('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(String(brotli.headers.vary)).toContain('Accept-Encoding');

    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const none = await asked('*;q=0, identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);

    // A strong ETag names one coding's bytes: a cache holding the plain list does not get 304 for brotli.
    expect(new Set([plain, brotli, gzip].map((answer) => answer.headers.etag)).size).toBe(3);
    expect((await asked('br', { 'if-none-match': String(brotli.headers.etag) })).statusCode).toBe(304);
    expect((await asked('br', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(200);
  });

  it('refuses a missing or wrong API key with 401 naming the header', async () => {
    const attempts: Array<Record<string, string>> = [{}, { 'x-api-key': 'wrong-key' }, { 'x-api-key': '' }];
    for (const headers of attempts) {
      const response = await get('/api/products', headers);
      expect(response.statusCode).toBe(401);
      const body = response.json();
      expect(body.message).toContain('x-api-key');
      expect(Object.keys(body.errors)).toEqual(['x-api-key']);
    }
    expect((await get('/api/products/1', {})).statusCode).toBe(401);
  });

  it('takes the key the server is configured with instead of the demo key', async () => {
    const app = await buildApp({ database: server.database, productsApiKey: 'a-team-secret-key' });
    try {
      const demo = await app.inject({ method: 'GET', url: '/api/products', headers: PRODUCTS_HEADERS });
      expect(demo.statusCode).toBe(401);
      const configured = await app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'x-api-key': 'a-team-secret-key' },
      });
      expect(configured.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the API key check', () => {
  it('takes the key itself only: no prefix, extension, other case or padding of it', () => {
    const isKey = apiKeyMatcher('c2p-demo-products-key');
    expect(isKey('c2p-demo-products-key')).toBe(true);
    for (const sent of [
      '',
      'c2p-demo-products-ke',
      'c2p-demo-products-key ',
      'c2p-demo-products-keyx',
      'c2p-demo-products-key\0',
      'C2P-DEMO-PRODUCTS-KEY',
      'c2p-demo-products-kéy',
      'x2p-demo-products-key',
    ]) {
      expect(isKey(sent), JSON.stringify(sent)).toBe(false);
    }
    const accented = apiKeyMatcher('clé-à-accents');
    expect(accented('clé-à-accents')).toBe(true);
    expect(accented('clé-à-accent')).toBe(false);
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product', async () => {
    const response = await get('/api/products/3');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: 3, slug: 'brio-espresso', price: 149.5, category: 'kitchen' });
  });

  it('answers 422 naming id for an id that is not a positive whole number', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '01', '99999999999', '1e3']) {
      const response = await get(`/api/products/${id}`);
      expect(response.statusCode, id).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
  });

  it('answers 404 for an unknown product, in the visitor language when translated', async () => {
    const response = await get('/api/products/4242');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: translate('en-US', 'API.PRODUCTS.NOT_FOUND') });
    const french = await get('/api/products/4242', { ...PRODUCTS_HEADERS, cookie: 'locale=fr-FR' });
    expect(french.json().message).toBe(translate('fr-FR', 'API.PRODUCTS.NOT_FOUND'));
  });
});

describe('seeding', () => {
  it('is idempotent and brings edited seed values into an existing database', async () => {
    await server.database.db
      .update(products)
      .set({ priceCents: 1, name: { 'en-US': 'Old', 'fr-FR': 'Vieux', 'ar-EG': 'قديم' } })
      .where(eq(products.slug, 'lumen-lamp'));
    await seedProducts(server.database.db);
    await seedProducts(server.database.db);
    const rows = await server.database.db.select().from(products);
    expect(rows).toHaveLength(10);
    const lamp = rows.find((row) => row.slug === 'lumen-lamp')!;
    expect(lamp.id).toBe(6);
    expect(lamp.priceCents).toBe(4500);
    expect(lamp.name['en-US']).toBe('Lumen Desk Lamp');
  });
});
