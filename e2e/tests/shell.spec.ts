import type { Locator, Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from '../fixtures.ts';
import { expectNotFoundAt } from '../not-found-page.ts';

/** Relative luminance (0 black .. 1 white) of a computed CSS colour such as `rgb(20, 20, 19)`. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (c = 0) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** A visitor's page: served without the admin cookie, it does not ask for an admin session. */
async function gotoAsVisitor(page: Page, path: string) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin/session') asked.push(request.url());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  expect(asked).toEqual([]);
}

test.describe('app shell', () => {
  test('page title, top bar and visitor view', async ({ page }) => {
    await gotoAsVisitor(page, '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await expect(page).toHaveTitle('Click to Pay Demo');

    const topBar = page.getByRole('banner');
    await expect(topBar.getByText('Checkout Services', { exact: true })).toBeVisible();
    await expectImageLoaded(topBar.getByRole('link', { name: 'Click to Pay Demo, home' }).locator('img'));

    // A visitor is not an admin: no language selector, no logout.
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });

  test('footer links, card logos, version and release date', async ({ page }) => {
    await page.goto('/products');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();

    await expect(footer.getByRole('link', { name: 'Live demo' })).toHaveAttribute('href', '/home');
    await expect(footer.getByRole('link', { name: 'Guided tour' })).toHaveAttribute('href', '/demo/guided-tour');
    await expect(footer.getByRole('link', { name: 'Cookie policy', exact: true })).toHaveAttribute('href', '/cookie');

    for (const name of ['Documentation', 'Privacy notice', 'Terms of use']) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      // Screen reader users are told the link opens a new window.
      await expect(link).toHaveAccessibleName(`${name} (opens in a new window)`);
    }

    for (const brand of ['American Express', 'Visa', 'Mastercard', 'Discover']) {
      await expectImageLoaded(footer.getByRole('img', { name: brand, exact: true }));
    }

    await expect(footer.getByText('Version 4.7.0', { exact: true })).toBeVisible();
    const released = footer.locator('time');
    await expect(released).toBeVisible();
    await expect(released).toHaveText(/^Released \S.*\d/);
    const stamp = await released.getAttribute('datetime');
    expect(Number.isNaN(Date.parse(stamp ?? ''))).toBe(false);

    // Only the configuration page carries the copyright line.
    await expect(footer.getByText(/©/)).toHaveCount(0);
  });

  test('the configuration page footer shows the copyright with the current year', async ({ page }) => {
    await signInAsAdmin(page);
    // Signing in ends with a full load of /home; let it finish first.
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await page.goto('/srci/config');
    await expect(page.getByRole('tab').first()).toBeVisible();
    const year = String(new Date().getFullYear());
    await expect(page.getByRole('contentinfo').getByText(`© ${year}`)).toBeVisible();
  });

  test('home page: heading and Shop now leads to the products', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await page.getByRole('link', { name: 'Shop now' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  });

  test('/ redirects to /home', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  });

  test('/ and a page not found log no React Router warning', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (['warning', 'error'].includes(message.type())) logged.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await expectNotFoundAt(page, '/no-such-page');
    // The 404 answer itself is logged by the browser as a failed load; nothing else may be.
    expect(logged.filter((line) => !line.includes('404 (Not Found)'))).toEqual([]);
  });

  test('home and sign-in wear the dark header and footer, the shop the light one', async ({ page }) => {
    const schemeOf = async (path: string, heading: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      return {
        header: await background(page.getByRole('banner')),
        footer: await background(page.getByRole('contentinfo')),
      };
    };
    const home = await schemeOf('/home', 'Experience Click to Pay');
    const signIn = await schemeOf('/sign-in', 'Admin sign-in');
    const products = await schemeOf('/products', 'All products');

    expect(luminance(home.header)).toBeLessThan(0.2);
    expect(luminance(home.footer)).toBeLessThan(0.2);
    expect(signIn).toEqual(home);
    expect(luminance(products.header)).toBeGreaterThan(0.8);
    expect(luminance(products.footer)).toBeGreaterThan(0.8);
    expect(products.header).not.toBe(home.header);
  });
});
