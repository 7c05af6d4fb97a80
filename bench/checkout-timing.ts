import type { Browser, Locator, Page } from '@playwright/test';
import {
  continueToPayment,
  newShopper,
  placeOrder,
  pressDcfContinueWhenShown,
  toShippingFilled,
} from './browser-session.ts';

// How the checkout benchmarks time a checkout: a new shopper's browser, the shipping step filled
// (not timed), then the steps chosen from the click that arrives on the payment step to the
// thank-you page.

/** A new shopper's browser (see newShopper) for `use`, closed after. */
export async function withNewShopper(browser: Browser, url: string, use: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newShopper(browser, url);
  await use(page);
  await context.close();
}

/**
 * The shipping step filled (through `cartButton`, see toShippingFilled), then `steps` timed from
 * the click that arrives on the payment step to the thank-you page.
 */
export async function timeCheckout(page: Page, steps: () => Promise<void>, cartButton?: string): Promise<number> {
  await toShippingFilled(page, cartButton);
  await continueToPayment(page);
  const started = performance.now();
  await steps();
  await placeOrder(page);
  return performance.now() - started;
}

/** Clicks `opener` with the DCF's Continue pressed as soon as it shows, and waits for the review step. */
export async function throughDcfToReview(page: Page, opener: Locator): Promise<void> {
  await pressDcfContinueWhenShown(page);
  await opener.click();
  await page.waitForURL(/\/checkout\/review$/);
}
