import type { Locator, Page } from '@playwright/test';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, type CartItem, type Product } from '@c2p/domain';
import { expect, seedLocalStorage, test, useLocaleCookie } from '../fixtures.ts';

const ERROR_RED = 'rgb(179, 38, 30)';

/** A cart with one product and nothing filled in yet, on the shipping step. */
async function openEmptyShipping(page: Page) {
  const answer = await page.request.get('/api/products/1', {
    headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
  });
  const product = ((await answer.json()) as { data: Product }).data;
  const cart: CartItem[] = [{ ...product, uuid: product.id, count: 1 }];
  await seedLocalStorage(page, { cart: JSON.stringify(cart), 'msdt-cookie-accepted': 'true' });
  await page.goto('/checkout/shipping');
  await expect(page.locator('form select').first()).toBeVisible({ timeout: 15_000 });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

const continueButton = (page: Page) => page.locator('form button[type="submit"]').last();

test.describe('item 9: forms in error', () => {
  test('item 9: the Country select keeps its size and line, the State select turns red', async ({ page }) => {
    await openEmptyShipping(page);
    const city = page.locator('input[name="city"]');
    const country = page.locator('select[name="country"]');
    const state = page.locator('select[name="state"]');
    const before = await box(country);

    await continueButton(page).click();
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('State is required')).toBeVisible();

    // City's message makes its row taller; Country beside it stays as it was, level with City.
    const after = await box(country);
    expect(Math.abs(after.height - before.height)).toBeLessThan(1);
    expect(Math.abs(after.y - (await box(city)).y)).toBeLessThan(1);
    expect(Math.abs(after.height - (await box(city)).height)).toBeLessThan(1);

    expect(await state.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(ERROR_RED);
    expect(await state.evaluate((element) => getComputedStyle(element).borderInlineStartColor)).toBe(ERROR_RED);
    expect(await city.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(ERROR_RED);
    await page.screenshot({ path: test.info().outputPath('shipping-in-error.png'), fullPage: true });
  });

  test('item 9: an empty field says it is required; a wrong value keeps the spec message', async ({ page }) => {
    await openEmptyShipping(page);
    await continueButton(page).click();
    const firstName = page.locator('input[name="firstName"]');
    await expect(firstName).toHaveAccessibleDescription('First Name is required');
    await expect(page.getByText("isn't allowed to be less than 2 characters")).toHaveCount(0);
    await expect(page.getByText('Email is required')).toBeVisible();

    await firstName.fill('A');
    await firstName.blur();
    await expect(firstName).toHaveAccessibleDescription("First Name isn't allowed to be less than 2 characters");
  });

  test('item 9: the admin sign-in asks for an empty email, and calls a wrong one invalid', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
    await email.fill('not-an-email');
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Email is invalid');
  });

  test('item 9: the required messages are translated (ar-EG)', async ({ page, baseURL }) => {
    await useLocaleCookie(page, baseURL, 'ar-EG');
    await openEmptyShipping(page);
    await continueButton(page).click();
    await expect(page.locator('input[name="firstName"]')).toHaveAccessibleDescription('الاسم الأول مطلوب');
    await expect(page.locator('select[name="state"]')).toHaveAccessibleDescription('الولاية مطلوبة');
    await page.screenshot({ path: test.info().outputPath('shipping-in-error-ar.png'), fullPage: true });
  });
});
