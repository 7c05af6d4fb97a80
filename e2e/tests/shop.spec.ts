import type { Page } from '@playwright/test';
import { TEST_SHOPPER_SHIPPING } from '@c2p/domain';
import { expect, expectNoAxeViolations, seedLocalStorage, test, useLocaleCookie } from '../fixtures.ts';
import { fillShippingFormByLabel } from '../shipping-form.ts';

// Every visit starts with the cookie notice dismissed, so it never covers what a test clicks.
test.beforeEach(async ({ page }) => {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
});

async function addToCart(page: Page, productId: number, quantity = 1) {
  // By role and place, not by English label: the accessibility runs use every locale.
  await page.goto(`/products/${productId}`);
  await page.getByRole('main').getByRole('spinbutton').fill(String(quantity));
  await page.getByRole('main').getByRole('button').click();
  // The confirmation toast, whatever the language.
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
}

const fillShipping = (page: Page) => fillShippingFormByLabel(page);

test.describe('catalogue', () => {
  test('lists the products with prices and opens a product', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const cards = page.locator('.product-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText('Aurora Wireless Headphones');
    await expect(cards.first()).toContainText('$129.99');
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/products\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Wireless Headphones' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
    await expect(page.getByRole('img', { name: 'Aurora Wireless Headphones' })).toHaveJSProperty('complete', true);
  });

  test('shows product names and prices in French for a French visitor', async ({ page, baseURL }) => {
    await useLocaleCookie(page, baseURL, 'fr-FR');
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All products');
    await expect(page.locator('.product-card').first()).toContainText(/129,99\s\$US/);
  });
});

test.describe('cart', () => {
  test('adds, counts, changes and removes items by the spec rules, and keeps them across reloads', async ({ page }) => {
    await addToCart(page, 1, 2);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await addToCart(page, 3);
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page.getByText('You have 3 items in your cart')).toBeVisible();
    const espresso = page.getByRole('group', { name: 'Quantity of Brio Espresso Maker' });
    await expect(espresso.getByRole('button', { name: 'One fewer Brio Espresso Maker' })).toBeDisabled();
    await espresso.getByRole('button', { name: 'One more Brio Espresso Maker' }).click();
    await expect(page.getByText('You have 4 items in your cart')).toBeVisible();
    await expect(page.locator('.order-summary__total')).toContainText('$558.98');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(stored).toEqual([
      expect.objectContaining({ id: 1, uuid: 1, count: 2, price: 129.99 }),
      expect.objectContaining({ id: 3, uuid: 3, count: 2, price: 149.5 }),
    ]);

    await page.reload();
    await expect(page.getByText('You have 4 items in your cart')).toBeVisible();
    await page.getByRole('button', { name: 'Remove Aurora Wireless Headphones from the cart' }).click();
    await expect(page.getByText('You have 2 items in your cart')).toBeVisible();
    await page.getByRole('button', { name: 'Remove Brio Espresso Maker from the cart' }).click();
    await expect(page).toHaveURL(/\/cart\/empty$/);
    await expect(page.getByText('You have no items in your cart')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    // The demo load action puts two products in.
    await page.getByRole('button', { name: 'Fill the cart with demo products' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('You have 2 items in your cart')).toBeVisible();
  });

  test('refuses an unknown promo code and applies the demo code', async ({ page }) => {
    await addToCart(page, 2);
    await page.goto('/cart');
    await page.getByLabel('Promo code').fill('FREESTUFF');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This promo code is not valid')).toBeVisible();
    await page.getByLabel('Promo code').fill('clicktopay10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Promo code CLICKTOPAY10 applied')).toBeVisible();
    await expect(page.locator('.order-summary__total')).toContainText('$179.10');
  });
});

test.describe('checkout', () => {
  test('a guest checks out: each step in the URL, every error by its field, the order placed once', async ({
    page,
  }) => {
    await addToCart(page, 1, 2);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/shipping$/);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Street Address is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await page.getByRole('radio', { name: 'Credit or debit card' }).check();

    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Please enter card number')).toBeVisible();
    await expect(page.getByText('Please enter expiry date')).toBeVisible();
    await expect(page.getByText('Please enter security code')).toBeVisible();
    await page.getByLabel('Card number').fill('5186 0017 0000 8786');
    await page.getByLabel('Expiry date').fill('0120');
    await page.getByLabel('Security code').fill('12');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Invalid card input')).toBeVisible();
    await expect(page.getByText('Invalid expiry date')).toBeVisible();
    await expect(page.getByText('Invalid security code')).toBeVisible();
    await page.getByLabel('Card number').fill('5186 0017 0000 8785');
    await expect(page.getByRole('img', { name: 'Mastercard' }).first()).toBeVisible();

    // Back and Forward walk the steps, and the shipping details are still there.
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
    await expect(page.getByLabel('City')).toHaveValue(TEST_SHOPPER_SHIPPING.address.city);
    await page.goForward();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await page.getByRole('radio', { name: 'Credit or debit card' }).check();

    await page.getByRole('button', { name: 'Fill in the test card' }).click();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page).toHaveURL(/\/checkout\/review$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();

    let orderRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orders') && request.method() === 'POST') orderRequests += 1;
    });
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await expect(page).toHaveURL(/\/checkout\/thank-you$/);
    expect(orderRequests).toBe(1);

    const orderNumber = await page.getByTestId('order-number').textContent();
    expect(orderNumber).toMatch(/^C2P-[A-Z0-9]{8}$/);
    await expect(page.getByText('ada@example.com').first()).toBeVisible();
    await expect(page.getByText('1 Main Street')).toBeVisible();
    await expect(page.getByText('Mastercard ending in')).toBeVisible();
    await expect(page.locator('.order-summary__total')).toContainText('$259.98');
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    await page.reload();
    await expect(page.getByTestId('order-number')).toHaveText(orderNumber!);
  });

  test('a step reached without what it needs goes back to where that is entered', async ({ page }) => {
    await page.goto('/checkout/review');
    await expect(page).toHaveURL(/\/cart\/empty$/);
    await addToCart(page, 4);
    await page.goto('/checkout/review');
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
  });
});

test.describe('shopper accounts', () => {
  test('sign-in is disabled outside the Card on File demo', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a shopper registers in the Card on File demo, sees their name, signs out and in again', async ({ page }) => {
    const email = `shopper-${Date.now()}@demo.test`;
    await page.goto('/card-on-file');
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Create an account/ }).click();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText('First Name is required')).toBeVisible();
    await expect(dialog.getByText('Phone Number is required')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('2025550143');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Password').filter({ visible: true }).fill('grace secret');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /Grace/ })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Password').filter({ visible: true }).fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Invalid email or password')).toBeVisible();
    await dialog.getByLabel('Password').filter({ visible: true }).fill('grace secret');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: /Grace/ })).toBeVisible();
  });
});

test.describe('accessibility of the shop', () => {
  for (const locale of ['en-US', 'fr-FR', 'ar-EG'] as const) {
    test(`product, cart and checkout pages have no axe violations in ${locale}`, async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale);
      await addToCart(page, 2);
      await expectNoAxeViolations(page);
      await page.goto('/cart');
      await expect(page.locator('.cart-line')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.goto('/checkout/shipping');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
