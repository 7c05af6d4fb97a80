/// <reference lib="dom" />
// What an integrator's page on another origin waits for: the sandbox SDK script loaded from the
// network's origin (CORS/CORP) plus init (preflight and call), median over fresh loads.
// Figures, not assertions. The page is served by a bare node:http server on another port.
import { createServer } from 'node:http';
import type { Browser } from '@playwright/test';
import { median, printWhenRunAlone, withServerAndBrowser } from './browser-session.ts';

const ROUNDS = 20;

export async function measureCrossOrigin(): Promise<Record<string, number>> {
  const page = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>merchant</title>'),
  );
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // localhost and 127.0.0.1 are different sites: a truly cross-site load, as from a real merchant.
  const pageUrl = `http://localhost:${(page.address() as { port: number }).port}/`;
  try {
    return await withServerAndBrowser('cross-origin', (server, browser) => timeLoads(server.url, browser, pageUrl));
  } finally {
    page.close();
  }
}

/** SDK load plus init on the merchant's page, ROUNDS fresh loads: the median. */
async function timeLoads(network: string, browser: Browser, pageUrl: string): Promise<Record<string, number>> {
  const tab = await browser.newPage();
  await tab.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await tab.goto(pageUrl);
    times.push(
      await tab.evaluate(
        async ([network, n]) => {
          const started = performance.now();
          await new Promise((resolve, reject) => {
            const script = document.createElement('script');
            // A new query each round: the script is fetched, not taken from the cache.
            script.src = `${network}/sandbox/srci/integration/2/lib.js?srcDpaId=bench-cross-origin&locale=en_US&round=${n}`;
            script.onload = resolve;
            script.onerror = reject;
            document.head.append(script);
          });
          type Sdk = { init(p: unknown): Promise<unknown> };
          const sdk = new (
            window as unknown as { MastercardCheckoutServices: new () => Sdk }
          ).MastercardCheckoutServices();
          await sdk.init({
            dpaData: { dpaName: 'Bench' },
            dpaTransactionOptions: { dpaLocale: 'en_US' },
            cardBrands: ['mastercard', 'visa'],
          });
          return performance.now() - started;
        },
        [network, round] as const,
      ),
    );
  }
  return { 'SDK load + init from another site, median (ms)': Math.round(median(times) * 10) / 10 };
}

await printWhenRunAlone(import.meta.url, measureCrossOrigin);
