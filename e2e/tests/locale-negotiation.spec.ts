import { ADMIN, expect, test, useLocaleCookie } from '../fixtures.ts';

test.describe('item 2: first locale from Accept-Language', () => {
  test.describe('a French browser', () => {
    test.use({ locale: 'fr-FR', extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' } });

    test('item 2: a first visit is in French', async ({ page }) => {
      const response = await page.goto('/home');
      expect(await response?.text()).toContain('<html lang="fr-FR" dir="ltr">');
      await expect(page.getByRole('heading', { level: 1, name: "Vivez l'expérience Click to Pay" })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
      // The products come in the same language as the page.
      await page.getByRole('link', { name: 'Acheter maintenant' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Tous les produits' })).toBeVisible();
    });

    test('item 2: the locale cookie wins over the browser', async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, 'en-US');
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    });
  });

  test.describe('an Egyptian Arabic browser', () => {
    test.use({ locale: 'ar-EG', extraHTTPHeaders: { 'Accept-Language': 'ar-EG,ar;q=0.9' } });

    test('item 2: a first visit is in Arabic, right to left', async ({ page }) => {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'عِش تجربة Click to Pay' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    });

    test('item 2: the admin language selector still changes the language', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
      await page.locator('input[name="email"]').fill(ADMIN.email);
      await page.locator('input[name="password"]').fill(ADMIN.password);
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('banner').getByRole('combobox').selectOption('en-US');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    });
  });

  test.describe('a browser in a language the demo does not have', () => {
    test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' } });

    test('item 2: falls back to English', async ({ page }) => {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    });
  });
});
