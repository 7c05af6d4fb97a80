import { expect, test } from '../fixtures.ts';

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
