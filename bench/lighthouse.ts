// Lighthouse (desktop preset) on the shopper's first pages, against the production build with
// Debian's Chromium. Figures, not assertions: targets are reported as met or not.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { startServer } from './server.ts';
import { seedStorageScript, shopperStorage } from './shopper-state.ts';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The shopper's pages, each as a first visit; the cart and checkout ones with a filled cart. */
export const SHOPPER_PAGES = [
  '/home',
  '/products',
  '/products/1',
  '/cart',
  '/checkout/shipping',
  '/checkout/payment',
  '/checkout/review',
];
export const LOCALES = ['en-US', 'fr-FR', 'ar-EG'] as const;

/** The wide layout (Lighthouse's desktop preset) and the narrow one, a 768 px window on a mouse. */
const LAYOUTS = {
  wide: desktopConfig,
  narrow: {
    ...desktopConfig,
    settings: {
      ...desktopConfig.settings,
      screenEmulation: { mobile: false, width: 768, height: 1024, deviceScaleFactor: 1, disabled: false },
    },
  },
} as const;
type Layout = keyof typeof LAYOUTS;

interface LighthouseOptions {
  pages?: readonly string[];
  locales?: readonly string[];
  layouts?: readonly Layout[];
}

export async function measureLighthouse({
  pages = SHOPPER_PAGES,
  locales = LOCALES,
  layouts = ['wide', 'narrow'],
}: LighthouseOptions = {}): Promise<Record<string, number | string>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-lh-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const result: Record<string, number | string> = {};
  let allMet = true;
  try {
    const audit = async (path: string, locale: string, layout: Layout) => {
      // A fresh browser context is a first visit (empty cache); storage is seeded for the cart
      // and checkout pages, and the locale cookie set, so Lighthouse must not reset them.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await context.setCookie({ name: 'locale', value: locale, domain: new URL(server.url).hostname, path: '/' });
      await page.evaluateOnNewDocument(seedStorageScript(await shopperStorage(server.url, path)));
      const run = await navigation(page, `${server.url}${path}`, {
        config: LAYOUTS[layout],
        flags: { disableStorageReset: true, logLevel: 'error' },
      });
      await context.close();
      return run?.lhr;
    };
    for (const layout of layouts) {
      for (const locale of locales) {
        for (const path of pages) {
          const name = `${path} ${locale} ${layout}`;
          let lhr = await audit(path, locale, layout);
          // The first navigation of a new Chromium now and then ends without a trace: run it again.
          if (lhr?.runtimeError) {
            console.error(`lighthouse ${name}: ${lhr.runtimeError.code}, once more`);
            lhr = await audit(path, locale, layout);
          }
          if (!lhr || lhr.runtimeError) {
            result[`${name} lighthouse`] = `failed: ${lhr?.runtimeError?.code ?? 'no result'}`;
            allMet = false;
            continue;
          }
          if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
            result[`${name} lighthouse`] = `failed: redirected to ${lhr.finalDisplayedUrl}`;
            allMet = false;
            continue;
          }
          const found = lhr;
          const score = (id: string) => found.categories[id]?.score ?? 0;
          const value = (id: string) => found.audits[id]?.numericValue ?? NaN;
          result[`${name} lighthouse perf / a11y / best practices`] =
            `${score('performance').toFixed(2)} / ${score('accessibility').toFixed(2)} / ${score('best-practices').toFixed(2)}`;
          result[`${name} LCP ms / TBT ms / CLS`] =
            `${Math.round(value('largest-contentful-paint'))} / ${Math.round(value('total-blocking-time'))} / ${value('cumulative-layout-shift').toFixed(3)}`;
          // What keeps accessibility or best practices under 1: the failing audits, by id.
          const failing = ['accessibility', 'best-practices'].flatMap((id) =>
            (found.categories[id]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (found.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => ref.id),
          );
          if (failing.length) result[`${name} failing audits`] = failing.join(', ');
          if (score('performance') < 0.95 || score('accessibility') < 1 || score('best-practices') < 1) allMet = false;
        }
      }
    }
    result['lighthouse targets (perf >= 0.95, a11y and best practices 1.0)'] = allMet ? 'met' : 'NOT met';
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

// `npx tsx bench/lighthouse.ts [path ...]`: Lighthouse alone, every locale and layout.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const paths = process.argv.slice(2);
  const figures = await measureLighthouse(paths.length ? { pages: paths } : {});
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}  ${value}`);
}
