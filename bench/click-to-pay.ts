/// <reference lib="dom" />
// Click to Pay checkouts timed end to end in a real browser against the production build: from
// arriving on the payment step to the thank-you page, for the spec's three use cases (median of
// three runs each). The code is typed and the DCF's Continue pressed programmatically, as soon as
// each shows, so the figures are the shop's and the sandbox's time, not a person's.
// Figures, not assertions.
import type { Page } from '@playwright/test';
import { median, printWhenRunAlone, signInWithCode, submitEmail, withServerAndBrowser } from './browser-session.ts';
import { throughDcfToReview, timeCheckout, withNewShopper } from './checkout-timing.ts';

const RUNS = 3;

/** Use case 3: the returning user's email, the code (remembered), the first card, the DCF. */
async function newDevice(page: Page): Promise<void> {
  await signInWithCode(page, { rememberMe: true });
  await chooseFirstCard(page);
}

/** Use case 1: the remembered browser's card list, the first card, the DCF. */
async function recognised(page: Page): Promise<void> {
  await chooseFirstCard(page);
}

async function chooseFirstCard(page: Page): Promise<void> {
  const card = page.locator('src-card-list [role="option"]').first();
  await card.waitFor();
  await throughDcfToReview(page, card);
}

/** Use case 2: an unknown email, the test card with the consent, the DCF. */
async function newUser(page: Page): Promise<void> {
  await submitEmail(page, `new.user.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.locator('.c2p__new-card .test-card button').click();
  await page.locator('src-consent input[name="consent"]').check();
  await throughDcfToReview(page, page.locator('.c2p__new-card button[type="submit"]'));
}

export async function measureClickToPay(): Promise<Record<string, number>> {
  const timings = { recognised: [] as number[], newUser: [] as number[], newDevice: [] as number[] };
  await withServerAndBrowser('click-to-pay', async (server, browser) => {
    for (let run = 0; run < RUNS; run += 1) {
      // A new browser: use case 3 signs in with the code and is remembered, so use case 1 follows in it.
      await withNewShopper(browser, server.url, async (page) => {
        timings.newDevice.push(await timeCheckout(page, () => newDevice(page)));
        timings.recognised.push(await timeCheckout(page, () => recognised(page)));
      });
      await withNewShopper(browser, server.url, async (page) => {
        timings.newUser.push(await timeCheckout(page, () => newUser(page)));
      });
    }
  });
  return {
    'c2p returning recognised ms': Math.round(median(timings.recognised)),
    'c2p new user ms': Math.round(median(timings.newUser)),
    'c2p new device ms': Math.round(median(timings.newDevice)),
  };
}

await printWhenRunAlone(import.meta.url, measureClickToPay);
