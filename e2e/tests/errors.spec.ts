import { expect, seedLocalStorage, test } from '../fixtures.ts';
import { expectNotFoundAt } from '../not-found-page.ts';

test.describe('404 page', () => {
  test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
    await expectNotFoundAt(page, '/no/such/page');
    // The shell stays around the error.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const home = page.getByRole('link', { name: 'Go to the home page' });
    await expect(home).toHaveAttribute('href', '/home');
    await home.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  });

  for (const [tool, home] of [
    ['mock-tool-installments', '/demo/guided-tour/installments'],
    ['mock-tool', '/demo/guided-tour'],
    ['mock-tool-cof', '/demo/guided-tour'],
    ['live-tool-cof', '/home'],
  ] as const) {
    test(`with the ${tool} active, the home link goes to ${home}`, async ({ page }) => {
      await seedLocalStorage(page, { activatedTool: tool });
      await expectNotFoundAt(page, '/no/such/page');
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', home);
    });
  }
});

test('a chunk that fails to load reloads the page once, then shows the error page', async ({ page }) => {
  let blocked = 0;
  await page.route('**/assets/cookie-page-*.js', (route) => {
    blocked += 1;
    return route.abort();
  });
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  expect(loads).toBe(1);

  // Client-side navigation to the lazily loaded cookie page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true }).click();

  // One reload, to the page the visitor asked for; the chunk still fails, and the 60 s guard
  // shows the error instead of reloading again.
  await expect.poll(() => loads).toBe(2);
  await expect(page).toHaveURL(/\/cookie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeVisible();
  expect(blocked).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(500);
  expect(loads).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeVisible();
  await expect(page.getByText('Please try again, or go back to the home page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
});
