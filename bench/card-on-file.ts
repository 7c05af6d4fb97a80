/// <reference lib="dom" />
// Card on File (issue 13), in a real browser against the production build, for a signed-in shopper
// in the live-tool-cof tool: saving a card on the saved-cards page (from the click on Save card to
// the save-card confirmation: encryptCard in the page, our server's enrol call to the network), and
// paying with a saved card (from the click on Use this card, through Place order, to the thank-you
// page naming the network token: credentials, order, confirmation). Medians of three. Figures, not
// assertions.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServer } from './server.ts';
import { seedStorageScript, shopperStorage } from './shopper-state.ts';

const RUNS = 3;
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'];
const STEP_TIMEOUT_MS = 30_000;
/** PAN test cards, one per run (the network refuses the same card twice for one shopper). */
const CARDS = ['5186001700008785', '5186001700009726', '5186001700009908'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function registerShopper(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Shopper',
      phoneCountryCode: '+1',
      phoneNumber: '+1-2025550143',
      email: `bench.cof.${Date.now()}@demo.test`,
      password: 'bench secret',
    }),
  });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status}`);
  return ((await answer.json()) as { meta: { token: string } }).meta.token;
}

async function saveCard(page: Page, pan: string): Promise<number> {
  await page.goto('/card-on-file/saved-cards');
  await page.getByRole('button', { name: 'Add card' }).click();
  const form = page.locator('#cof-add-form');
  await form.locator('input[name="number"]').fill(pan);
  await form.locator('input[name="expiry"]').fill(`11/${String((new Date().getUTCFullYear() + 1) % 100)}`);
  await form.locator('input[name="securityCode"]').fill('123');
  const started = performance.now();
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('save-card-confirmation').waitFor();
  return performance.now() - started;
}

async function payWithSavedCard(page: Page, lastFour: string): Promise<number> {
  await page.goto('/checkout/payment');
  const button = page.getByTestId('saved-cards-payment').locator('li', { hasText: lastFour }).getByRole('button');
  await button.waitFor();
  const started = performance.now();
  await button.click();
  await page.waitForURL(/\/checkout\/review$/);
  await page.locator('button.next-step').click();
  await page.waitForURL(/\/checkout\/thank-you$/);
  await page.getByTestId('network-token').waitFor();
  return performance.now() - started;
}

export async function measureCardOnFile(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-cof-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const saves: number[] = [];
  const payments: number[] = [];
  try {
    const token = await registerShopper(server.url);
    const storage = await shopperStorage(server.url, '/checkout/payment');
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.addInitScript({
        content: `globalThis.__name = (f) => f; localStorage.setItem('msdt-cookie-accepted', 'true');
          localStorage.setItem('_token.local', ${JSON.stringify(token)});
          localStorage.setItem('activatedTool', 'live-tool-cof');`,
      });
      const page = await context.newPage();
      saves.push(await saveCard(page, CARDS[run]!));
      await page.addInitScript({ content: seedStorageScript(storage) });
      payments.push(await payWithSavedCard(page, CARDS[run]!.slice(-4)));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    'card on file save ms': Math.round(median(saves)),
    'card on file payment ms': Math.round(median(payments)),
  };
}

// Run on its own: npx tsx bench/card-on-file.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureCardOnFile();
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(36)}  ${value}`);
}
