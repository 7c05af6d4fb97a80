import type { Locator, Page } from '@playwright/test';
import { defaultCheckoutConfiguration, SUPPORTED_CARD_BRANDS } from '@c2p/domain';
import { expect, placeTestOrder, seedLocalStorage, seedShopper, test, useLocaleCookie } from '../fixtures.ts';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

async function openThankYou(page: Page) {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
  const order = await placeTestOrder(page);
  await seedShopper(page, { order });
  await page.goto('/checkout/thank-you');
}

test.describe('item 11: the thank-you page', () => {
  test('item 11: a success mark, room around the totals, a Shipping line and the country by name', async ({ page }) => {
    await openThankYou(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();

    const mark = page.getByTestId('order-success-mark');
    await expect(mark).toBeVisible();
    expect((await box(mark)).height).toBeGreaterThanOrEqual(40);

    const summary = page.locator('section[aria-labelledby="ty-items"] dl');
    const shipping = summary.locator('div').filter({ hasText: 'Shipping' });
    await expect(shipping.locator('dd')).toHaveText('Free');

    // The Subtotal row stands clear of the last item's divider, Continue shopping clear of the Total.
    const lastLine = page.locator('.order-lines li').last();
    const subtotal = summary.locator('div').first();
    expect((await box(subtotal)).y - ((await box(lastLine)).y + (await box(lastLine)).height)).toBeGreaterThanOrEqual(
      12,
    );
    const total = summary.locator('div').last();
    const more = page.getByRole('link', { name: 'Continue shopping' });
    expect((await box(more)).y - ((await box(total)).y + (await box(total)).height)).toBeGreaterThanOrEqual(24);

    const address = page.locator('section[aria-labelledby="ty-shipping"] address');
    await expect(address).toContainText('United States');
    await expect(address).not.toContainText(/\bUS\b/);
  });

  test('item 11: in Arabic the country is named in Arabic', async ({ page, baseURL }) => {
    await useLocaleCookie(page, baseURL, 'ar-EG');
    await openThankYou(page);
    await expect(page.getByTestId('order-success-mark')).toBeVisible();
    await expect(page.locator('section[aria-labelledby="ty-shipping"] address')).toContainText('الولايات المتحدة');
  });
});

test.describe('item 11: products above the fold', () => {
  test('item 11: the first rows load eagerly and hold their size while their images load', async ({ page }) => {
    const held: (() => void)[] = [];
    await page.route(
      '**/images/products/**',
      (route) => new Promise<void>((done) => held.push(() => done(route.continue()))),
    );
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const images = page.locator('.product-grid img');
    // Shown, not merely in the DOM: a box is measured only for a rendered image.
    await expect(images.first()).toBeVisible();

    const viewport = page.viewportSize()!;
    const count = await images.count();
    let aboveTheFold = 0;
    for (let i = 0; i < count; i += 1) {
      const image = images.nth(i);
      const { y, height, width } = await box(image);
      if (y >= viewport.height) continue;
      aboveTheFold += 1;
      expect(await image.getAttribute('loading'), `image ${i}`).not.toBe('lazy');
      // Still loading, yet square and full size already.
      expect(height, `image ${i}`).toBeGreaterThan(150);
      expect(Math.abs(height - width), `image ${i}`).toBeLessThan(2);
    }
    expect(aboveTheFold).toBeGreaterThanOrEqual(4);
    // Every above-the-fold image was asked for at once, before any scrolling.
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(aboveTheFold);
    held.forEach((release) => release());
  });
});

test('item 11: the Discover logo fits inside its tile in the Click to Pay brand strip', async ({ page }) => {
  // The strip shows the accepted brands: all four here (mastercard alone by default).
  const configuration = { ...defaultCheckoutConfiguration(), cardBrands: [...SUPPORTED_CARD_BRANDS] };
  await seedLocalStorage(page, { merchantCheckoutConfiguration: JSON.stringify(configuration) });
  await seedShopper(page);
  await page.goto('/checkout/payment');
  const discover = page.locator('src-mark svg[data-brand="discover"]').first();
  await expect(discover).toBeVisible();
  const overflow = await discover.evaluate((svg) => {
    const tile = (svg as SVGSVGElement).viewBox.baseVal;
    return [...svg.querySelectorAll('text, circle')].map((part) => {
      const b = (part as SVGGraphicsElement).getBBox();
      return { left: b.x, right: b.x + b.width, tileRight: tile.width - 2 };
    });
  });
  expect(overflow.length).toBeGreaterThanOrEqual(3);
  for (const part of overflow) {
    expect(part.left).toBeGreaterThanOrEqual(2);
    expect(part.right).toBeLessThanOrEqual(part.tileRight);
  }
});
