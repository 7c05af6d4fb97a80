import type { Locator, Page } from '@playwright/test';
import { expect, placeTestOrder, seedLocalStorage, seedShopper, test, useLocaleCookie } from '../fixtures.ts';
import { TOUR_AT_THE_END } from '../guided-tour-steps.ts';

const HOME_TITLE = 'Experience Click to Pay';

// docs/decisions/014: the not-supported screen is for small mobile viewports (a touch device under
// 992 px) and any window under 360 px; a window of 360 to 991 px gets the narrow layout.
test.describe('not-supported screen and narrow layout', () => {
  test('at 991 px wide on a mouse the narrow layout shows, not the not-supported screen', async ({ page }) => {
    await page.setViewportSize({ width: 991, height: 800 });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE })).toBeVisible();
    await expect(page.getByTestId('not-supported')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('at 359 px wide only the not-supported screen shows', async ({ page }) => {
    await page.setViewportSize({ width: 359, height: 800 });
    await page.goto('/home');
    const notSupported = page.getByTestId('not-supported');
    await expect(notSupported).toBeVisible();
    await expect(notSupported.getByRole('heading', { name: 'This demo needs a wider screen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
  });

  test('resizing switches between the two live', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    const app = page.getByRole('heading', { level: 1, name: HOME_TITLE });
    const notSupported = page.getByTestId('not-supported');
    await expect(app).toBeVisible();
    await expect(notSupported).toBeHidden();

    await page.setViewportSize({ width: 359, height: 800 });
    await expect(notSupported).toBeVisible();
    await expect(app).toBeHidden();

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(app).toBeVisible();
    await expect(notSupported).toBeHidden();
  });
});

// Spec section 2 in the narrow layout: End demo fixed full width at the bottom, the test-data
// picker collapsed behind its mobile toggle, opening in the page's flow; the store nav fits.
async function openTourThankYou(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await seedLocalStorage(page, {
    'msdt-cookie-accepted': 'true',
    activatedTool: 'mock-tool',
    tourStatus: TOUR_AT_THE_END,
  });
  const order = await placeTestOrder(page);
  await seedShopper(page, { order, payment: true });
  await page.goto('/checkout/thank-you');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

test.describe('narrow layout: End demo and the test-data picker (spec section 2)', () => {
  for (const width of [768, 390]) {
    test(`at ${width} px End demo is fixed full width at the bottom and covers none of the page`, async ({ page }) => {
      await openTourThankYou(page, width);
      const endDemo = page.getByRole('button', { name: 'End demo' });
      await expect(endDemo).toBeVisible();
      const bar = await box(endDemo);
      expect(bar.x).toBe(0);
      expect(bar.width).toBe(width);
      expect(bar.y + bar.height).toBe(800);
      expect(bar.height).toBeGreaterThanOrEqual(44);

      // Scrolled to the end, it stays put and the page's last content sits above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await box(endDemo)).y).toBe(bar.y);
      const lastLink = page.getByRole('contentinfo').getByRole('link').last();
      const last = await box(lastLink);
      expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
      // The hint to End demo sits above it, its text clear of the bar.
      const hint = page.getByTestId('tour-hint');
      await expect(hint).toBeVisible();
      await expect.poll(async () => (await box(hint)).y + (await box(hint)).height).toBeLessThanOrEqual(bar.y);

      await endDemo.click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE })).toBeVisible();
    });

    test(`at ${width} px the test-data picker starts collapsed and its toggle opens it in the page's flow`, async ({
      page,
    }) => {
      await openTourThankYou(page, width);
      const header = page.getByTestId('tour-header');
      const toggle = header.getByRole('button', { name: 'Test data' });
      const panel = header.getByRole('heading', { name: 'Test data for this experience' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();
      const heading = page.getByRole('heading', { level: 1 });
      const before = await box(heading);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(panel).toBeVisible();
      // Full width under the header's first line, pushing the page down rather than covering it.
      const drawer = await box(header.locator('.test-data__panel'));
      const bar = await box(header);
      expect(drawer.y).toBeGreaterThan((await box(toggle)).y);
      expect(drawer.width).toBeGreaterThanOrEqual(bar.width - 40);
      expect((await box(heading)).y).toBeGreaterThan(drawer.y + drawer.height);
      expect((await box(heading)).y - before.y).toBeGreaterThanOrEqual(drawer.height);

      await toggle.click();
      await expect(panel).toBeHidden();
      await expect.poll(async () => (await box(heading)).y).toBe(before.y);
    });
  }

  test('in the wide layout the test-data picker opens over the page and End demo stays in the header', async ({
    page,
  }) => {
    await openTourThankYou(page, 1280);
    const header = page.getByTestId('tour-header');
    const endDemo = page.getByRole('button', { name: 'End demo' });
    const inHeader = await box(header);
    const bar = await box(endDemo);
    expect(bar.y + bar.height).toBeLessThanOrEqual(inHeader.y + inHeader.height);
    expect(bar.width).toBeLessThan(400);
    const heading = page.getByRole('heading', { level: 1 });
    const before = await box(heading);
    await header.getByRole('button', { name: 'Test data' }).click();
    await expect(header.getByRole('heading', { name: 'Test data for this experience' })).toBeVisible();
    expect((await box(heading)).y).toBe(before.y);
  });

  for (const locale of ['en-US', 'fr-FR', 'ar-EG'] as const) {
    test(`at 360 px the store nav fits without scrolling sideways in ${locale}`, async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/products');
      const nav = page.getByRole('navigation').first();
      await expect(nav.getByRole('link').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      for (const item of await nav.locator('a, button').all()) {
        const { x, width } = await box(item);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x + width).toBeLessThanOrEqual(360);
      }
    });
  }
});
