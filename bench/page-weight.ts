import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_JS_BUDGET_KB } from '../e2e/first-visit-budget.ts';
import { withServerAndBrowser } from './browser-session.ts';
import { seedStorageScript, shopperStorage } from './shopper-state.ts';

export const FIRST_VISIT_PAGES = ['/home', '/products', '/cart', '/checkout/payment'];
export const FIRST_PAGE_JS_BUDGET = FIRST_VISIT_JS_BUDGET_KB * 1024;

/** A built asset's name without its content hash: `shell-mOPwPGuY.js` is `shell`. */
const chunkName = (url: string) =>
  new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.(js|css)$/, '');

/**
 * Gzip bytes of the JavaScript and CSS each page loads on a first visit (empty cache), the bytes
 * the server sent for them (compressed as Chromium takes them: brotli), and the page's requests.
 */
export async function measurePageWeight(): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  await withServerAndBrowser('page-weight', async (server, browser) => {
    for (const path of FIRST_VISIT_PAGES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(seedStorageScript(await shopperStorage(server.url, path)));
      const page = await context.newPage();
      const sizes = { js: 0, css: 0, sent: 0 };
      const chunks: { name: string; gzip: number }[] = [];
      const pending: Promise<void>[] = [];
      let requests = 0;
      page.on('response', (response) => {
        requests += 1;
        const type = /\.js(\?|$)/.test(response.url()) ? 'js' : /\.css(\?|$)/.test(response.url()) ? 'css' : null;
        if (!type) return;
        pending.push(
          response.body().then(
            (body) => {
              const gzip = gzipSync(body, { level: 9 }).length;
              sizes[type] += gzip;
              if (type === 'js') chunks.push({ name: chunkName(response.url()), gzip });
            },
            () => {},
          ),
          response
            .request()
            .sizes()
            .then(
              ({ responseBodySize }) => void (sizes.sent += responseBodySize),
              () => {},
            ),
        );
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      if (new URL(page.url()).pathname !== path) throw new Error(`${path} redirected to ${page.url()}`);
      await Promise.all(pending);
      result[`${path} JS (gzip KB)`] = +(sizes.js / 1024).toFixed(1);
      result[`${path} CSS (gzip KB)`] = +(sizes.css / 1024).toFixed(1);
      result[`${path} JS and CSS sent (KB)`] = +(sizes.sent / 1024).toFixed(1);
      result[`${path} requests`] = requests;
      result[`${path} scripts, gzip KB`] = chunks
        .sort((a, b) => b.gzip - a.gzip)
        .map(({ name, gzip }) => `${name} ${(gzip / 1024).toFixed(1)}`)
        .join(', ');
      if (path === FIRST_VISIT_PAGES[0]) {
        result[`first page JS budget ${FIRST_PAGE_JS_BUDGET / 1024} KB`] =
          sizes.js <= FIRST_PAGE_JS_BUDGET ? 'met' : 'NOT met';
      }
      await context.close();
    }
  });
  return result;
}
