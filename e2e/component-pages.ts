import type { Page } from '@playwright/test';
import { CODE } from './click-to-pay-steps.ts';
import { expect } from './fixtures.ts';

/** A component page's Run (the live demo's submit button), in any locale. */
export const runButton = (page: Page) => page.locator('form.component-demo__form button[type="submit"]');

/**
 * On the one-time code component page: Run, the returning user's code in the UI kit's input,
 * Continue; the validate call resolves. The SDK keeps the validated consumer for the page's life,
 * so in-app navigation to another component page goes on signed in. Any locale.
 */
export async function validateReturningUserOnComponentPage(page: Page) {
  await page.goto('/components/otp-input');
  await runButton(page).click();
  const otp = page.locator('src-otp-input');
  await expect(otp).toBeVisible({ timeout: 15_000 });
  await otp.locator('input').first().click();
  await page.keyboard.type(CODE);
  await otp.locator('[data-action="continue"]').click();
  const validate = page.getByTestId('demo-call').filter({ hasText: 'validate' });
  await expect(validate.getByTestId('demo-response')).toBeVisible({ timeout: 15_000 });
  await expect(validate.locator('.status')).not.toHaveClass(/failed/);
}
