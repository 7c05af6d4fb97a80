// Item 11 of issue 10: a server configured with its own PRODUCTS_API_KEY still shows the shop's
// products, because the browser sends the key the server serves in its pages (docs/decisions/010).
// This spec starts a server of its own with another key, as `npm start` would run it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER } from '@c2p/domain';
import { startBuiltServer, type BuiltServer } from '../built-server.ts';
import { expect, seedLocalStorage, test } from '../fixtures.ts';

const CONFIGURED_KEY = 'something-else-than-the-demo-key';

let server: BuiltServer | undefined;
let dataDir: string | undefined;
let baseUrl = '';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.skip(!!process.env.DATABASE_URL, 'the embedded database is enough to show which key the page sends');
  // A second server starting beside the suite's busy browsers took over 30 s on a slow machine.
  test.setTimeout(90_000);
  dataDir = await mkdtemp(join(tmpdir(), 'c2p-e2e-key-'));
  server = await startBuiltServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'e2e admin password',
      PRODUCTS_API_KEY: CONFIGURED_KEY,
    },
    { timeoutMs: 80_000 },
  );
  baseUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('item 11: with PRODUCTS_API_KEY set, the shop lists its products', async ({ page }) => {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
  const sentKeys: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') sentKeys.push(request.headers()[PRODUCTS_API_KEY_HEADER]!);
  });
  await page.goto(`${baseUrl}/products`);
  await expect(page.locator('.product-card')).toHaveCount(10);
  await expect(page.locator('.product-card').first()).toContainText('Aurora Wireless Headphones');
  expect(sentKeys).toEqual([CONFIGURED_KEY]);

  // And a product page, reached directly.
  await page.goto(`${baseUrl}/products/3`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brio Espresso Maker');
});

test('item 11: the demo key no longer opens the products API of that server', async ({ request }) => {
  const demo = await request.get(`${baseUrl}/api/products`, {
    headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
  });
  expect(demo.status()).toBe(401);
});
