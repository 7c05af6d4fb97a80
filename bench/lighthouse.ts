// Lighthouse (desktop preset) on the shopper's first pages, against the production build with
// Debian's Chromium. Figures, not assertions: targets are reported as met or not.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { FIRST_VISIT_PAGES } from './page-weight.ts';
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

export async function measureLighthouse(): Promise<Record<string, number | string>> {
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
    const audit = async (path: string) => {
      // A fresh browser context is a first visit (empty cache); storage is seeded for the cart
      // and checkout pages, so Lighthouse must not reset it.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.evaluateOnNewDocument(seedStorageScript(await shopperStorage(server.url, path)));
      const run = await navigation(page, `${server.url}${path}`, {
        config: desktopConfig,
        flags: { disableStorageReset: true, logLevel: 'error' },
      });
      await context.close();
      return run?.lhr;
    };
    for (const path of FIRST_VISIT_PAGES) {
      let lhr = await audit(path);
      // The first navigation of a new Chromium now and then ends without a trace: run it again.
      if (lhr?.runtimeError) {
        console.error(`lighthouse ${path}: ${lhr.runtimeError.code}, once more`);
        lhr = await audit(path);
      }
      if (!lhr || lhr.runtimeError) {
        result[`${path} lighthouse`] = `failed: ${lhr?.runtimeError?.code ?? 'no result'}`;
        allMet = false;
        continue;
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`${path} redirected to ${lhr.finalDisplayedUrl}`);
      }
      const found = lhr;
      const score = (id: string) => found.categories[id]?.score ?? 0;
      const value = (id: string) => found.audits[id]?.numericValue ?? NaN;
      result[`${path} lighthouse perf / a11y / best practices`] =
        `${score('performance').toFixed(2)} / ${score('accessibility').toFixed(2)} / ${score('best-practices').toFixed(2)}`;
      result[`${path} LCP ms / TBT ms / CLS`] =
        `${Math.round(value('largest-contentful-paint'))} / ${Math.round(value('total-blocking-time'))} / ${value('cumulative-layout-shift').toFixed(3)}`;
      if (score('performance') < 0.95 || score('accessibility') < 1) allMet = false;
    }
    result['lighthouse targets (perf >= 0.95, a11y 1.0)'] = allMet ? 'met' : 'NOT met';
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}
