import type { Locator, Page } from '@playwright/test';
import {
  axeViolations,
  expect,
  placeTestOrder,
  seedLocalStorage,
  seedShopper,
  test,
  useLocaleCookie,
  type LocaleCode,
} from '../fixtures.ts';
import { SHOPPER_PAGE_PATHS, VISITOR_PAGE_PATHS } from '../route-paths.ts';

/**
 * Every route of spec section 2 (the / and /checkout indexes only redirect to one of them) and the
 * 404 page, in each locale, with the open states that matter: the sign-in and register forms of
 * the slide-over, the checkout sign-in with guest checkout, and the API log panel with a call.
 *
 * Each test walks a group of pages in one browser page (a step per page, every page checked even
 * when another fails), so the spec stays at a dozen tests: 3 locales × 4 groups (a fresh browser context costs more than
 * a page of a group).
 */

/**
 * Pages a first-time visitor reaches with nothing in storage, and the 404 page: the shop's, then
 * the tools' (Card on File, the configuration, the guided tours, the agentic checkout).
 */
const isToolPage = (path: string) => /^\/(card-on-file|srci|demo|agentic-checkout)\b/.test(path);
const VISITOR_GROUPS = [
  [...VISITOR_PAGE_PATHS.filter((path) => !isToolPage(path)), '/no/such/page'],
  VISITOR_PAGE_PATHS.filter(isToolPage),
];

/** Per page and scan: a scan takes a second or two, several on a busy CI machine. */
const SCAN_BUDGET_MS = 15_000;

/** Pages that need a cart, a shipping address, a card or a placed order (seeded in storage). */
const SHOPPER_PAGES = SHOPPER_PAGE_PATHS;

const LOCALES: { code: LocaleCode; dir: 'ltr' | 'rtl'; notice: string }[] = [
  { code: 'en-US', dir: 'ltr', notice: 'Cookie notice' },
  { code: 'fr-FR', dir: 'ltr', notice: 'Information sur les cookies' },
  { code: 'ar-EG', dir: 'rtl', notice: 'إشعار ملفات تعريف الارتباط' },
];

/** One logged Click to Pay call, so the API log panel has a transaction and a log to show. */
const API_LOGS = JSON.stringify([
  {
    id: 'x',
    time: '2026-11-22T10:00:00.000Z',
    env: 'offline-sandbox',
    logs: [{ name: 'init', request: { a: 1 }, response: { b: 2 }, logTime: '2026-11-22T10:00:01.000Z' }],
  },
]);

type Locale = (typeof LOCALES)[number];

/** Loads a page and checks what every page must have before it is scanned. */
async function openPage(page: Page, path: string, { code, dir, notice }: Locale) {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path} status`).toBe(path === '/no/such/page' ? 404 : 200);
  await expect.soft(page.locator('html'), `${path} lang`).toHaveAttribute('lang', code);
  await expect.soft(page.locator('html'), `${path} dir`).toHaveAttribute('dir', dir);
  // The first render may take a while on a busy machine; later checks find a rendered page.
  await expect.soft(page.getByRole('heading', { level: 1 }), `${path} h1`).toBeVisible({ timeout: 15_000 });
  // Scan the settled page, not its loading state (e.g. the product list still being fetched): no
  // loader, and no status saying anything (an empty live region waits for news, as the agent panel's).
  await expect
    .soft(page.locator('.loader, [role="status"]:not(:empty)'), `${path} has settled`)
    .toHaveCount(0, { timeout: 15_000 });
  // The cookie notice is part of what a first-time visitor gets.
  await expect.soft(page.getByRole('region', { name: notice }), `${path} cookie notice`).toBeVisible();
}

async function scan(page: Page, what: string) {
  expect.soft(await axeViolations(page), `axe violations on ${what}`).toEqual([]);
}

async function scanPage(page: Page, path: string, locale: Locale) {
  await test.step(path, async () => {
    await openPage(page, path, locale);
    await scan(page, path);
  });
}

/** The open slide-over, once its lazy content has rendered (its first field or button has focus). */
async function openDialog(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

const storeNav = (page: Page) => page.locator('nav.store-nav');

for (const locale of LOCALES) {
  test.describe(`accessibility in ${locale.code}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale.code);
    });

    for (const [index, group] of VISITOR_GROUPS.entries()) {
      test(`pages of group ${index + 1} (${group[0]} …) have no axe violations`, async ({ page }) => {
        test.setTimeout(group.length * SCAN_BUDGET_MS);
        for (const path of group) await scanPage(page, path, locale);
      });
    }

    test('the cart and checkout pages, with a cart, a card and an order, have no axe violations', async ({ page }) => {
      test.setTimeout((SHOPPER_PAGES.length + 1) * SCAN_BUDGET_MS);
      await seedShopper(page, { payment: true, order: await placeTestOrder(page) });
      for (const path of SHOPPER_PAGES) await scanPage(page, path, locale);

      await test.step('the checkout sign-in with guest checkout', async () => {
        await page.goto('/cart');
        const dialog = await openDialog(page, page.locator('main .button--primary').first());
        await expect(dialog.locator('#gt_id_6')).toBeVisible();
        await scan(page, 'the checkout sign-in');
        await closeDialog(page, dialog);
      });
    });

    test('the sign-in and register forms and the API log panel have no axe violations', async ({ page }) => {
      test.setTimeout(6 * SCAN_BUDGET_MS);
      await seedLocalStorage(page, { 'api-logs': API_LOGS });

      await test.step('the sign-in slide-over (disabled outside the Card on File demo)', async () => {
        await openPage(page, '/products', locale);
        const dialog = await openDialog(page, storeNav(page).locator('.account-menu__sign-in'));
        await expect(dialog.getByRole('textbox').first()).toBeDisabled();
        await scan(page, 'the disabled sign-in form');
        await closeDialog(page, dialog);
      });

      await test.step('the sign-in slide-over (enabled, on /card-on-file)', async () => {
        await openPage(page, '/card-on-file', locale);
        const dialog = await openDialog(page, storeNav(page).locator('.account-menu__sign-in'));
        await expect(dialog.getByRole('textbox').first()).toBeEnabled();
        await scan(page, 'the sign-in form');

        await dialog.locator('.account-form__switch .account-link').filter({ visible: true }).click();
        await expect(dialog.locator('.account-form__phone')).toBeVisible();
        await scan(page, 'the register form');
        await closeDialog(page, dialog);
      });

      await test.step('the API log panel with a logged call', async () => {
        const dialog = await openDialog(page, storeNav(page).locator('.api-log-button'));
        await expect(dialog.getByTestId('api-log-entry')).toHaveCount(1);
        await dialog.getByTestId('api-log-entry').locator('summary').click();
        await expect(dialog.getByTestId('api-log-entry').locator('pre').first()).toBeVisible();
        await scan(page, 'the API log panel');
        await closeDialog(page, dialog);
      });
    });
  });
}
