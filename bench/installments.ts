/// <reference lib="dom" />
// Installments (issue 14), in a real browser against the production build: the eligibility call's
// median (isInstallmentsEligible from the page to the sandbox and back), and an installments
// checkout from the click that arrives on the payment step to the thank-you page (median of three:
// the code typed and the DCF's Continue pressed programmatically as soon as each shows).
// Figures, not assertions.
import type { Page } from '@playwright/test';
import {
  continueToPayment,
  median,
  newShopper,
  placeOrder,
  pressDcfContinueWhenShown,
  printWhenRunAlone,
  signInWithCode,
  toShippingFilled,
  withServerAndBrowser,
} from './browser-session.ts';

const ROUNDS = 20;
const RUNS = 3;

/** The eligibility call, timed from the page: one SDK session, ROUNDS calls. */
async function eligibilityTimes(page: Page, url: string): Promise<number[]> {
  await page.goto(`${url}/sandbox/harness?srcDpaId=bench-dpa&locale=en_US`);
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  return page.evaluate(async (rounds) => {
    type Sdk = Record<string, (arg?: unknown) => Promise<unknown>>;
    const Sdk = (window as unknown as { MastercardCheckoutServices: new () => Sdk }).MastercardCheckoutServices;
    const sdk = new Sdk();
    await sdk.init!({
      srcDpaId: 'bench-dpa',
      dpaData: { dpaName: 'Bench' },
      dpaTransactionOptions: {
        dpaLocale: 'en_US',
        transactionAmount: { transactionAmount: 199, transactionCurrencyCode: 'USD' },
        merchantCategoryCode: '0008',
      },
      cardBrands: ['mastercard', 'visa'],
    });
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await sdk.isInstallmentsEligible!({
        transactionAmount: { transactionAmount: 199, transactionCurrencyCode: 'USD' },
        merchantCategoryCode: '0008',
      });
      times.push(performance.now() - started);
    }
    return times;
  }, ROUNDS);
}

/** Eligibility, the code, the first card, the 3-month plan, the DCF, review, thank-you. */
async function payInInstallments(page: Page): Promise<number> {
  await continueToPayment(page);
  const started = performance.now();
  await signInWithCode(page);
  await page.locator('src-card-list [role="option"]').first().click();
  await page.locator('input[name="installmentPlan"][value="PLAN-3M"]').check();
  await pressDcfContinueWhenShown(page);
  await page.locator('.installments-plan-step button.button--primary').click();
  await page.waitForURL(/\/checkout\/review$/);
  await placeOrder(page);
  return performance.now() - started;
}

export async function measureInstallments(): Promise<Record<string, number>> {
  const checkouts: number[] = [];
  let eligibility: number[] = [];
  await withServerAndBrowser('installments', async (server, browser) => {
    const harness = await browser.newPage();
    await harness.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    eligibility = await eligibilityTimes(harness, server.url);
    await harness.close();
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page } = await newShopper(browser, server.url);
      await toShippingFilled(page, 'Pay in installments');
      checkouts.push(await payInInstallments(page));
      await context.close();
    }
  });
  return {
    'installments eligibility median ms': Math.round(median(eligibility) * 10) / 10,
    'installments checkout ms': Math.round(median(checkouts)),
  };
}

await printWhenRunAlone(import.meta.url, measureInstallments);
