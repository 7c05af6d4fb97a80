import type { Page } from '@playwright/test';
import { ERROR_TITLES, expect, seedLocalStorage, test, watchPageErrors } from '../fixtures.ts';
import { fillShippingFormByLabel } from '../shipping-form.ts';

/** Markup a shopper could type or plant in storage; run as code, each would set window.__xss. */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

test.beforeEach(async ({ page }) => {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
});

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: ERROR_TITLES })).toHaveCount(0);
}

test('markup typed into the shipping address shows as text on review and thank-you pages', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.goto('/products/1');
  await page.getByRole('main').getByRole('button').click();
  await page.goto('/checkout/shipping');
  await fillShippingFormByLabel(page, { streetAddress1: IMG, city: SCRIPT });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Fill in the test card' }).click();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout\/review$/);
  await expect(page.getByText(IMG, { exact: false })).toBeVisible();
  await expectNothingRan(page);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
  await expect(page.getByText(IMG, { exact: false })).toBeVisible();
  await expect(page.getByText(SCRIPT, { exact: false })).toBeVisible();
  await expectNothingRan(page);
  expect(errors).toEqual([]);
});

test('a cart planted with markup names and quantities neither runs it nor breaks the page', async ({ page }) => {
  await seedLocalStorage(page, {
    cart: JSON.stringify([
      { id: 1, uuid: 1, name: IMG, price: 10, image: 'x', count: SCRIPT, description: SCRIPT },
      { id: 2, uuid: 2, name: SCRIPT, price: '<b>9</b>', image: 'javascript:window.__xss=3', count: 1 },
    ]),
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingRan(page);
  await page.goto('/home');
  await expectNothingRan(page);
});
