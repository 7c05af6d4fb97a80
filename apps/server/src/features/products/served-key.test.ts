import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, PRODUCTS_API_KEY_META, type Product } from '@c2p/domain';
import { startTestServer, webDistFixture, type TestServer } from '../../../test/harness.ts';

// Printable ASCII the settings accept, with the characters an HTML attribute must escape.
const CONFIGURED_KEY = 'something-else"<&>\'key';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ webDistDir: await webDistFixture(), app: { productsApiKey: CONFIGURED_KEY } });
});
afterAll(() => server.close());

/** The key a browser reads from the served page, as the web app does (the meta element's content). */
function keyInPage(html: string): string | undefined {
  const pattern = new RegExp(`<meta name="${PRODUCTS_API_KEY_META}" content="([^"]*)">`);
  const match = pattern.exec(html);
  if (!match) return undefined;
  const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" };
  return match[1]!.replace(/&(amp|quot|lt|gt|#39);/g, (entity) => entities[entity]!);
}

describe('item 11: the browser gets the products key the server is configured with', () => {
  it('serves the configured key in every page, escaped, and the product list answers to it', async () => {
    for (const [url, cookie] of [
      ['/products', ''],
      ['/', 'locale=ar-EG'],
      ['/no-such-page', 'locale=fr-FR'],
    ] as const) {
      const page = await server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(page.headers['content-type']).toContain('text/html');
      // Escaped: the key cannot close the attribute or open an element.
      expect(page.body).not.toContain(CONFIGURED_KEY);
      const key = keyInPage(page.body);
      expect(key, url).toBe(CONFIGURED_KEY);

      const list = await server.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { [PRODUCTS_API_KEY_HEADER]: key! },
      });
      expect(list.statusCode).toBe(200);
      expect((list.json() as { data: Product[] }).data.length).toBeGreaterThan(0);
    }
  });

  it('no longer takes the demo key once another is configured', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
    });
    expect(list.statusCode).toBe(401);
  });
});

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('item 11: the built web app', () => {
  it.skipIf(!existsSync(WEB_DIST))(
    `hard-codes no products key (${existsSync(WEB_DIST) ? 'apps/web/dist' : 'skipped: apps/web/dist is not built'})`,
    async () => {
      const holding: string[] = [];
      for (const file of await filesUnder(WEB_DIST)) {
        if ((await readFile(file, 'utf8')).includes(DEMO_PRODUCTS_API_KEY)) holding.push(file);
      }
      expect(holding).toEqual([]);
    },
  );
});
