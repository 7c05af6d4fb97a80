import type { Page } from '@playwright/test';
import { tr } from '../catalogue-text.ts';
import { ADMIN, expect, signInAsAdmin, test, useLocaleCookie } from '../fixtures.ts';

const ARABIC = /[\u0600-\u06FF]/;
const DAY_S = 24 * 60 * 60;

const html = (page: Page) => page.locator('html');
const topBar = (page: Page) => page.getByRole('banner');
const brandLink = (page: Page) => topBar(page).getByRole('link').first();

async function brandCentreX(page: Page) {
  const box = await brandLink(page).boundingBox();
  if (!box) throw new Error('the top-bar brand link has no box');
  return box.x + box.width / 2;
}

test.describe('admin sign-in', () => {
  test('a malformed email is reported by its field on blur', async ({ page }) => {
    await page.goto('/sign-in');
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is invalid');
    await expect(page.getByText('Email is invalid', { exact: true })).toBeVisible();

    await email.fill(ADMIN.email);
    await email.blur();
    await expect(page.getByText('Email is invalid', { exact: true })).toHaveCount(0);
  });

  test('a wrong password is refused', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });

  test('the right credentials sign in with a toast and show the admin controls', async ({ page }) => {
    await page.goto('/sign-in');
    const pagesLoaded: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pagesLoaded.push(new URL(request.url()).pathname);
    });
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.soft(page.getByText('You are signed in as an admin.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    // One full page load home: a second one cancelled the first (a test's wait for it failed).
    expect(pagesLoaded).toEqual(['/home']);
    await expect(topBar(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    // Issue 38 item 11: switched to Arabic, the toast on screen reads Arabic, right to left.
    await topBar(page).getByRole('combobox', { name: 'Language' }).selectOption('ar-EG');
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveText(tr('ar-EG', 'SIGN_IN.SIGNED_IN'));
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('dir', 'rtl');
  });

  test('the form works with the keyboard alone, starting at the skip link', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');

    // Signed in: on to the home page, with the admin controls.
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});

test('an admin switches the language; the choice is kept; logging out ends the session', async ({ page, context }) => {
  await signInAsAdmin(page);
  // Signing in ends with a full page load to /home; let it finish before using the controls.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
  await expect(topBar(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en-US');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  const width = page.viewportSize()!.width;
  expect(await brandCentreX(page)).toBeLessThan(width / 2);

  // Arabic: right to left, Arabic text, mirrored layout.
  await topBar(page).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'العربية (مصر)' });
  await expect(html(page)).toHaveAttribute('lang', 'ar-EG');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(topBar(page).getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await expect(topBar(page).getByRole('combobox', { name: 'Language' })).toHaveCount(0);
  await expect(topBar(page).getByRole('button', { name: ARABIC })).toBeVisible();
  await expect(topBar(page).getByRole('combobox', { name: ARABIC })).toBeVisible();
  await expect(brandLink(page)).toHaveAccessibleName(ARABIC);
  await expect.poll(() => brandCentreX(page)).toBeGreaterThan(width / 2);

  const locale = (await context.cookies()).find((c) => c.name === 'locale');
  expect(locale?.value).toBe('ar-EG');
  const inDays = ((locale?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expect(inDays).toBeGreaterThan(364);
  expect(inDays).toBeLessThan(366);

  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'ar-EG');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(topBar(page).getByRole('combobox')).toHaveValue('ar-EG');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);

  // French: left to right again, French text.
  await topBar(page).getByRole('combobox').selectOption({ label: 'Français' });
  await expect(html(page)).toHaveAttribute('lang', 'fr-FR');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Démo en direct' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Visite guidée' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Live demo' })).toHaveCount(0);
  await expect(topBar(page).getByRole('combobox', { name: 'Langue' })).toHaveValue('fr-FR');
  expect(await brandCentreX(page)).toBeLessThan(width / 2);

  // Log out: back to sign-in, no admin controls, and the server has revoked the session.
  const session = (await context.cookies()).find((c) => c.name === 'auth._token.admin');
  expect(session).toBeDefined();
  await topBar(page).getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion administrateur' })).toBeVisible();
  await expect(topBar(page).getByRole('combobox')).toHaveCount(0);
  await expect(topBar(page).getByRole('button')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion administrateur' })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  await expect(topBar(page).getByRole('combobox')).toHaveCount(0);

  // Even the old token, presented again, no longer opens an admin session.
  await context.addCookies([session!]);
  const answer = await page.request.get('/api/admin/session');
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).data).toMatchObject({ role: 'user', user: null });
});

test('a visitor with the Arabic locale cookie gets a right-to-left page from the first load', async ({
  page,
  baseURL,
}) => {
  await useLocaleCookie(page, baseURL, 'ar-EG');
  const response = await page.goto('/home');
  // The server writes lang and dir into the page, so nothing flashes left to right.
  expect(await response?.text()).toMatch(/<html lang="ar-EG" dir="rtl">/);
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page)).toHaveAttribute('lang', 'ar-EG');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
  expect(await brandCentreX(page)).toBeGreaterThan(page.viewportSize()!.width / 2);
});
