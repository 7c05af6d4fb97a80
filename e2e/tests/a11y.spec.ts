import { expect, expectNoAxeViolations, test, useLocaleCookie, type LocaleCode } from '../fixtures.ts';

const PAGES = ['/home', '/products', '/sign-in', '/cookie', '/srci/config', '/demo/guided-tour', '/no/such/page'];
const LOCALES: { code: LocaleCode; dir: 'ltr' | 'rtl'; notice: string }[] = [
  { code: 'en-US', dir: 'ltr', notice: 'Cookie notice' },
  { code: 'fr-FR', dir: 'ltr', notice: 'Information sur les cookies' },
  { code: 'ar-EG', dir: 'rtl', notice: 'إشعار ملفات تعريف الارتباط' },
];

for (const { code, dir, notice } of LOCALES) {
  test.describe(`accessibility in ${code}`, () => {
    for (const path of PAGES) {
      test(`${path} has no axe violations`, async ({ page, baseURL }) => {
        await useLocaleCookie(page, baseURL, code);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Scan the settled page, not its loading state (e.g. the product list still being fetched).
        await expect(page.getByRole('status')).toHaveCount(0);
        // The cookie notice is part of what a first-time visitor gets.
        await expect(page.getByRole('region', { name: notice })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}
