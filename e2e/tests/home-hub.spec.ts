import { expect, signInAsAdmin, test, useLocaleCookie } from '../fixtures.ts';
import { footerLink, openFromHome } from '../home-page.ts';

const USE_CASES = [
  { name: /Returning recognised user/, value: '1' },
  { name: /New user/, value: '2' },
  { name: /Repeat user on a new device/, value: '3' },
] as const;

const DEMOS = [
  { name: /Guided tour/, href: '/demo/guided-tour' },
  { name: /Card on File/, href: '/card-on-file' },
  { name: /Installments/, href: '/demo/guided-tour/installments' },
  { name: /Agentic checkout \(live\)/, href: '/agentic-checkout' },
  { name: /Components and calls/, href: '/components' },
  { name: /Sandbox test data/, href: '/sandbox' },
] as const;

test.describe('item 1: home is the hub of the demos', () => {
  test('item 1: the hero, and a card in the main content for every demo', async ({ page }) => {
    await page.goto('/home');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
    for (const useCase of USE_CASES) {
      await expect(main.getByRole('link', { name: useCase.name })).toHaveAttribute('href', '/products');
    }
    for (const demo of DEMOS) {
      await expect(main.getByRole('link', { name: demo.name })).toHaveAttribute('href', demo.href);
    }
    // The configuration is for admins only.
    await expect(main.getByRole('link', { name: /Configuration/ })).toHaveCount(0);
  });

  for (const useCase of USE_CASES) {
    test(`item 1: choosing use case ${useCase.value} sets MSDT_USECASE and opens the shop`, async ({ page }) => {
      await page.goto('/home');
      await page.evaluate(() => window.localStorage.setItem('MSDT_USECASE', '9'));
      await page.getByRole('main').getByRole('link', { name: useCase.name }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('MSDT_USECASE'))).toBe(useCase.value);
      expect(await page.evaluate(() => window.localStorage.getItem('activatedTool'))).toBe('live-tool');
    });
  }

  test('issue 29 item 4: the use case cards say which one was picked', async ({ page }) => {
    await page.goto('/home');
    const main = page.getByRole('main');
    // Nothing picked yet: the payment step suggests use case 1's test data, and its card says so.
    await expect(main.locator('[aria-current="true"]')).toHaveCount(1);
    await expect(main.getByRole('link', { name: USE_CASES[0].name })).toHaveAttribute('aria-current', 'true');
    await main.getByRole('link', { name: USE_CASES[1].name }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.goto('/home');
    const picked = main.getByRole('link', { name: USE_CASES[1].name });
    await expect(picked).toHaveAttribute('aria-current', 'true');
    await expect(picked).toContainText('Picked');
    await expect(main.locator('[aria-current="true"]')).toHaveCount(1);
  });

  test('item 1: the sandbox test data card opens the sandbox page', async ({ page }) => {
    await openFromHome(page, /Sandbox test data/);
    await expect(page).toHaveURL(/\/sandbox$/);
    await expect(page.getByText('returning.user@example.com').first()).toBeVisible();
  });

  test('item 1: the footer links the sandbox test data too', async ({ page }) => {
    await page.goto('/products');
    await expect(footerLink(page, 'Sandbox test data')).toHaveAttribute('href', '/sandbox');
  });

  test('item 1: a signed-in admin also finds the configuration', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/home');
    await expect(page.getByRole('main').getByRole('link', { name: /Configuration/ })).toHaveAttribute(
      'href',
      '/srci/config',
    );
  });

  test('item 1: the hub in Arabic has the same cards', async ({ page, baseURL }) => {
    await useLocaleCookie(page, baseURL, 'ar-EG');
    await page.goto('/home');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'عِش تجربة Click to Pay' })).toBeVisible();
    // Shop now, three use cases and six demos.
    await expect(main.getByRole('link')).toHaveCount(10);
  });
});
