/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TEST_CONTACT } from '@c2p/domain';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { fillShippingForm } from '../e2e/shipping-form.ts';
import { startServer, type RunningServer } from './server.ts';

// What the browser benchmarks share: the production build over a fresh data directory and the
// same Chromium as the browser specs, a shopper's context, and the steps of a checkout driven
// as fast as the page allows (the code typed and the DCF's Continue pressed programmatically).

const STEP_TIMEOUT_MS = 30_000;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `measure` against a server and a browser of its own, both stopped (and the data removed) after. */
export async function withServerAndBrowser<T>(
  name: string,
  measure: (server: RunningServer, browser: Browser) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `c2p-bench-${name}-`));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    return await measure(server, browser);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A new shopper's browser (a context of its own) with the cookie notice accepted and `storage`
 * seeded (local storage keys) before any page loads.
 */
export async function newShopper(
  browser: Browser,
  url: string,
  storage: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  // tsx compiles with keepNames; the functions given to evaluate may call their helpers.
  await context.addInitScript({
    content: `globalThis.__name = (f) => f;
      for (const [key, value] of Object.entries(${JSON.stringify({ 'msdt-cookie-accepted': 'true', ...storage })}))
        localStorage.setItem(key, value);`,
  });
  return { context, page: await context.newPage() };
}

/**
 * Product 2 in the cart, then the shipping form filled in (straight, or through the cart's button
 * and guest checkout): the next click arrives on the payment step.
 */
export async function toShippingFilled(page: Page, cartButton?: string): Promise<void> {
  await page.goto('/products/2');
  await page.getByRole('main').getByRole('button').click();
  await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).first().waitFor();
  if (cartButton) {
    await page.goto('/cart');
    await page.getByRole('button', { name: cartButton }).click();
    await page.getByRole('dialog').getByRole('link', { name: /guest/i }).click();
    await page.waitForURL(/\/checkout\/shipping$/);
  } else {
    await page.goto('/checkout/shipping');
  }
  await fillShippingForm(page);
}

/** Leaves the filled shipping step for the payment step. */
export async function continueToPayment(page: Page): Promise<void> {
  await page.locator('form.checkout-form button.next-step').click();
  await page.waitForURL(/\/checkout\/payment$/);
}

/** From the review step, Place order, to the thank-you page showing `shown` (a test id). */
export async function placeOrder(page: Page, shown = 'order-number'): Promise<void> {
  await page.locator('button.next-step').click();
  await page.waitForURL(/\/checkout\/thank-you$/);
  await page.getByTestId(shown).waitFor();
}

export async function submitEmail(page: Page, email: string): Promise<void> {
  await page.locator('.c2p__email input[name="c2pEmail"]').fill(email);
  await page.locator('.c2p__email button[type="submit"]').click();
}

/** The returning user's email, then the code set on the UI kit's input and Continue pressed at once. */
export async function signInWithCode(page: Page, { rememberMe = false } = {}): Promise<void> {
  await submitEmail(page, TEST_CONTACT.email);
  const otp = page.locator('src-otp-input');
  await otp.locator('[data-action="continue"]').waitFor();
  await otp.evaluate((element, remember) => {
    const input = element as HTMLElement & { value: string; rememberMe: boolean };
    if (remember) input.rememberMe = true;
    input.value = '123456';
    input.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="continue"]')!.click();
  }, rememberMe);
}

/** Presses the DCF's Continue in the action-sheet iframe as soon as it is enabled (same origin). */
export async function pressDcfContinueWhenShown(page: Page): Promise<void> {
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
}

/** A benchmark run on its own (`npx tsx bench/<file>.ts`): its figures, one a line. */
export async function printWhenRunAlone(
  moduleUrl: string,
  measure: () => Promise<Record<string, number | string>>,
): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const figures = await measure();
  const width = Math.max(...Object.keys(figures).map((name) => name.length));
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(width)}  ${value}`);
}
