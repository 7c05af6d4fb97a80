import { expect, test } from '../fixtures.ts';

const HOME_TITLE = 'Experience Click to Pay';

test.describe('not-supported screen below 992 px', () => {
  test('at 991 px wide only the not-supported screen shows', async ({ page }) => {
    await page.setViewportSize({ width: 991, height: 800 });
    await page.goto('/home');
    const notSupported = page.getByTestId('not-supported');
    await expect(notSupported).toBeVisible();
    await expect(notSupported.getByRole('heading', { name: 'This demo needs a wider screen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
  });

  test('at 992 px wide the app shows and the not-supported screen is hidden', async ({ page }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE })).toBeVisible();
    await expect(page.getByTestId('not-supported')).toBeHidden();
    // The hidden screen's own heading is not announced alongside the page's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('resizing switches between the two live', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    const app = page.getByRole('heading', { level: 1, name: HOME_TITLE });
    const notSupported = page.getByTestId('not-supported');
    await expect(app).toBeVisible();
    await expect(notSupported).toBeHidden();

    await page.setViewportSize({ width: 991, height: 800 });
    await expect(notSupported).toBeVisible();
    await expect(app).toBeHidden();

    await page.setViewportSize({ width: 992, height: 800 });
    await expect(app).toBeVisible();
    await expect(notSupported).toBeHidden();
  });
});
