import type { Page } from '@playwright/test';
import { expect, seedLocalStorage, signInAsAdmin, test } from '../fixtures.ts';
import { expectNotFoundAt, notFoundHeading } from '../not-found-page.ts';

/** A shopper's sign-in in the Card on File tool's panel (enabled there); answers the panel. */
async function signInOnCardOnFile(page: Page, email: string, password: string) {
  await page.goto('/card-on-file');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const panel = page.getByRole('dialog');
  await panel.locator('form').first().getByLabel('Email').fill(email);
  await panel.locator('form').first().getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
}

test.describe('item 12: spec deviations', () => {
  test('item 12: an unknown product answers HTTP 404 with the not-found page', async ({ page }) => {
    await expectNotFoundAt(page, '/products/999999');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');

    // A product that exists is still a page, found by the server and by the app.
    const known = await page.goto('/products/1');
    expect(known?.status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  });

  test('item 12: an unknown product reached inside the app shows the not-found page too', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/products/424242');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(notFoundHeading(page)).toBeVisible();
  });

  test('item 12: a signed-in admin who opens /sign-in is sent home', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  });

  test('item 12: the products list is asked for with the JSON content type', async ({ page }) => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/products');
    await page.goto('/products');
    expect((await request).headers()['content-type']).toBe('application/json');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  });

  test("item 12: a failed shopper sign-in says 'Try again or create a new profile'", async ({ page }) => {
    const panel = await signInOnCardOnFile(page, 'nobody@example.com', 'wrong password');
    await expect(panel.getByRole('alert')).toContainText('Invalid email or password');
    await expect(panel.getByRole('alert')).toContainText('Try again or create a new profile');
  });

  test("item 12: an error answer the app cannot read says 'Invalid Error'", async ({ page }) => {
    await page.route('**/api/auth/user/login', (route) =>
      route.fulfill({ status: 400, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
    );
    const panel = await signInOnCardOnFile(page, 'someone@example.com', 'a password');
    await expect(panel.getByRole('alert')).toHaveText('Invalid Error');
  });

  test('item 12: the analytics tag loads only after the cookie notice is accepted', async ({ page, baseURL }) => {
    const tagUrl = `${baseURL}/analytics-e2e/tag.js`;
    let tagLoads = 0;
    await page.route('**/analytics-e2e/tag.js', (route) => {
      tagLoads += 1;
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsTagRan = true;' });
    });
    // The server writes the ANALYTICS_SCRIPT_URL setting into the page; this run's server has none.
    await page.route(
      (url) => url.pathname === '/home',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '<head>',
          `<head><meta name="analytics-script-url" content="${tagUrl}">`,
        );
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(tagLoads).toBe(0);
    expect(await page.evaluate(() => document.querySelector('script[src*="analytics-e2e"]'))).toBeNull();

    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Got it!' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { __analyticsTagRan?: boolean }).__analyticsTagRan))
      .toBe(true);
    expect(tagLoads).toBe(1);

    // Once accepted, later visits load it at once.
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => (window as { __analyticsTagRan?: boolean }).__analyticsTagRan))
      .toBe(true);
  });

  test('item 12: without ANALYTICS_SCRIPT_URL nothing is loaded after accepting', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('meta[name="analytics-script-url"]'))).toBeNull();
    expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  });
});
