/// <reference lib="dom" />
// Installments (issue 14), in a real browser against the production build: the eligibility call's
// median (isInstallmentsEligible from the page to the sandbox and back), and an installments
// checkout from the click that arrives on the payment step to the thank-you page (median of three:
// the code typed and the DCF's Continue pressed programmatically as soon as each shows).
// Figures, not assertions.
import { sdkTestInit } from '@c2p/domain';
import type { Page } from '@playwright/test';
import { median, printWhenRunAlone, signInWithCode, withServerAndBrowser } from './browser-session.ts';
import { throughDcfToReview, timeCheckout, withNewShopper } from './checkout-timing.ts';

const ROUNDS = 20;
const RUNS = 3;

/** The eligibility call, timed from the page: one SDK session, ROUNDS calls. */
async function eligibilityTimes(page: Page, url: string): Promise<number[]> {
  await page.goto(`${url}/sandbox/harness?srcDpaId=bench-dpa&locale=en_US`);
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  return page.evaluate(
    async ([rounds, init]) => {
      type Sdk = Record<string, (arg?: unknown) => Promise<unknown>>;
      const Sdk = (window as unknown as { MastercardCheckoutServices: new () => Sdk }).MastercardCheckoutServices;
      const sdk = new Sdk();
      await sdk.init!(init);
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
    },
    [ROUNDS, sdkTestInit('bench-dpa', 'Bench', { amount: 199, merchantCategoryCode: '0008' })] as const,
  );
}

/** Eligibility, the code, the first card, the 3-month plan, the DCF, review. */
async function payInInstallments(page: Page): Promise<void> {
  await signInWithCode(page);
  await page.locator('src-card-list [role="option"]').first().click();
  await page.locator('input[name="installmentPlan"][value="PLAN-3M"]').check();
  await throughDcfToReview(page, page.locator('.installments-plan-step button.button--primary'));
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
      await withNewShopper(browser, server.url, async (page) => {
        checkouts.push(await timeCheckout(page, () => payInInstallments(page), 'Pay in installments'));
      });
    }
  });
  return {
    'installments eligibility median ms': Math.round(median(eligibility) * 10) / 10,
    'installments checkout ms': Math.round(median(checkouts)),
  };
}

await printWhenRunAlone(import.meta.url, measureInstallments);
