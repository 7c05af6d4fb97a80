import type { Page } from '@playwright/test';
import { CODE } from './click-to-pay-steps.ts';
import { expect } from './fixtures.ts';

/**
 * On the one-time code component page: Run, the returning user's code in the UI kit's input,
 * Continue; the validate call resolves. The SDK keeps the validated consumer for the page's life,
 * so in-app navigation to another component page goes on signed in.
 */
export async function validateReturningUserOnComponentPage(page: Page) {
  await page.goto('/components/otp-input');
  await page.getByRole('button', { name: 'Run' }).click();
  const otp = page.locator('src-otp-input');
  await expect(otp).toBeVisible({ timeout: 15_000 });
  await otp.locator('input').first().click();
  await page.keyboard.type(CODE);
  await otp.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('demo-call').filter({ hasText: 'validate' })).toContainText('resolved', {
    timeout: 15_000,
  });
}
