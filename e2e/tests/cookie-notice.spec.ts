import { expect, test } from '../fixtures.ts';

test('the cookie notice shows until it is accepted, then stays hidden', async ({ page }) => {
  await page.goto('/home');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Read the cookie policy' })).toHaveAttribute('href', '/cookie');

  await notice.getByRole('button', { name: 'Got it!' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('msdt-cookie-accepted'))).toBe('true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  await expect(notice).toBeHidden();

  // Another page, by client navigation and by a direct load.
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expect(notice).toBeHidden();
  await page.goto('/cookie');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  await expect(notice).toBeHidden();
});
