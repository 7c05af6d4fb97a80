/// <reference lib="dom" />
// Card on File (issue 13), in a real browser against the production build, for a signed-in shopper
// in the live-tool-cof tool: saving a card on the saved-cards page (from the click on Save card to
// the save-card confirmation: encryptCard in the page, our server's enrol call to the network), and
// paying with a saved card (from the click on Use this card, through Place order, to the thank-you
// page naming the network token: credentials, order, confirmation). Medians of three. Figures, not
// assertions.
import type { Page } from '@playwright/test';
import { TEST_CONTACT, TEST_SECURITY_CODE, testCardExpiry } from '@c2p/domain';
import { median, newShopper, placeOrder, printWhenRunAlone, withServerAndBrowser } from './browser-session.ts';
import { seedStorageScript, shopperStorage } from './shopper-state.ts';

const RUNS = 3;
/** PAN test cards, one per run (the network refuses the same card twice for one shopper). */
const CARDS = ['5186001700008785', '5186001700009726', '5186001700009908'];

async function registerShopper(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Shopper',
      phoneCountryCode: TEST_CONTACT.phoneCountryCode,
      phoneNumber: `${TEST_CONTACT.phoneCountryCode}-${TEST_CONTACT.phoneNumber}`,
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
  await form.locator('input[name="expiry"]').fill(testCardExpiry());
  await form.locator('input[name="securityCode"]').fill(TEST_SECURITY_CODE);
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
  await placeOrder(page, 'network-token');
  return performance.now() - started;
}

export async function measureCardOnFile(): Promise<Record<string, number>> {
  const saves: number[] = [];
  const payments: number[] = [];
  await withServerAndBrowser('cof', async (server, browser) => {
    const token = await registerShopper(server.url);
    const storage = await shopperStorage(server.url, '/checkout/payment');
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page } = await newShopper(browser, server.url, {
        '_token.local': token,
        activatedTool: 'live-tool-cof',
      });
      saves.push(await saveCard(page, CARDS[run]!));
      await page.addInitScript({ content: seedStorageScript(storage) });
      payments.push(await payWithSavedCard(page, CARDS[run]!.slice(-4)));
      await context.close();
    }
  });
  return {
    'card on file save ms': Math.round(median(saves)),
    'card on file payment ms': Math.round(median(payments)),
  };
}

await printWhenRunAlone(import.meta.url, measureCardOnFile);
