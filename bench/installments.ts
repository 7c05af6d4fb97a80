/// <reference lib="dom" />
// Installments (issue 14), in a real browser against the production build: the eligibility call's
// median (isInstallmentsEligible from the page to the sandbox and back), and an installments
// checkout from the click that arrives on the payment step to the thank-you page (median of three:
// the code typed and the DCF's Continue pressed programmatically as soon as each shows).
// Figures, not assertions.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServer } from './server.ts';
import { fillShippingForm } from '../e2e/shipping-form.ts';

const ROUNDS = 20;
const RUNS = 3;
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'];
const STEP_TIMEOUT_MS = 30_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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

/** From the cart's Pay in installments to the filled shipping form (guest checkout). */
async function toShippingFilled(page: Page): Promise<void> {
  await page.goto('/products/2');
  await page.getByRole('main').getByRole('button').click();
  await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).first().waitFor();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Pay in installments' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /guest/i }).click();
  await page.waitForURL(/\/checkout\/shipping$/);
  await fillShippingForm(page);
}

/** Eligibility, the code, the first card, the 3-month plan, the DCF, review, thank-you. */
async function payInInstallments(page: Page): Promise<number> {
  await page.locator('form.checkout-form button.next-step').click();
  await page.waitForURL(/\/checkout\/payment$/);
  const started = performance.now();
  await page.locator('.c2p__email input[name="c2pEmail"]').fill('returning.user@example.com');
  await page.locator('.c2p__email button[type="submit"]').click();
  const otp = page.locator('src-otp-input');
  await otp.locator('[data-action="continue"]').waitFor();
  await otp.evaluate((element) => {
    const input = element as HTMLElement & { value: string };
    input.value = '123456';
    input.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="continue"]')!.click();
  });
  await page.locator('src-card-list [role="option"]').first().click();
  await page.locator('input[name="installmentPlan"][value="PLAN-3M"]').check();
  await page.evaluate(() => {
    const timer = setInterval(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[name="c2p-dcf-frame"]');
      const button = frame?.contentDocument?.querySelector<HTMLButtonElement>('.actions button.primary');
      if (button && !button.disabled) {
        button.click();
        clearInterval(timer);
      }
    }, 5);
  });
  await page.locator('.installments-plan-step button.button--primary').click();
  await page.waitForURL(/\/checkout\/review$/);
  await page.locator('button.next-step').click();
  await page.waitForURL(/\/checkout\/thank-you$/);
  await page.getByTestId('order-number').waitFor();
  return performance.now() - started;
}

export async function measureInstallments(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-installments-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const checkouts: number[] = [];
  let eligibility: number[] = [];
  try {
    const harness = await browser.newPage();
    await harness.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    eligibility = await eligibilityTimes(harness, server.url);
    await harness.close();
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.addInitScript({
        content: "globalThis.__name = (f) => f; localStorage.setItem('msdt-cookie-accepted', 'true');",
      });
      const page = await context.newPage();
      await toShippingFilled(page);
      checkouts.push(await payInInstallments(page));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    'installments eligibility median ms': Math.round(median(eligibility) * 10) / 10,
    'installments checkout ms': Math.round(median(checkouts)),
  };
}

// Run on its own: npx tsx bench/installments.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureInstallments();
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(36)}  ${value}`);
}
