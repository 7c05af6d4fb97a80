import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from '../fixtures.ts';

/** Signs in as the admin and opens the configuration screen, once its tabs show. */
async function openConfiguration(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/srci/config');
  await expect(page.getByRole('tab', { name: 'SRC networks' })).toBeVisible();
}

test('smoke screenshot', async ({ page }) => {
  await openConfiguration(page);
  await page.screenshot({ path: '/tmp/cfg-1.png', fullPage: false });
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('tab', { name: 'Widget and test data config' }).click();
  await page.screenshot({ path: '/tmp/cfg-2.png', fullPage: false });
  await page.getByRole('button', { name: 'JSON view' }).click();
  await expect(page.locator('.cm-content')).toBeVisible();
  await page.screenshot({ path: '/tmp/cfg-3.png', fullPage: false });
});
