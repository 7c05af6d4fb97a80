import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@demo.test', password: 'e2e admin password' };

/** Every test talks to the server the global setup started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Scan what a reader sees: a toast half-way through fading in has not reached its colours yet.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-sonner-toast], [data-sonner-toast] *')].every(
        (element) => getComputedStyle(element).opacity === '1',
      ) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 100 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const described = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary})`).join(', ')}`,
  );
  expect(described).toEqual([]);
}

// ---- Small helpers shared by the specs (added with the browser specs). ----

export type LocaleCode = 'en-US' | 'fr-FR' | 'ar-EG';

/** Sets the `locale` cookie the way a returning visitor would have it, before any page loads. */
export async function useLocaleCookie(page: Page, baseURL: string | undefined, code: LocaleCode): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not set');
  await page.context().addCookies([{ name: 'locale', value: code, url: baseURL }]);
}

/** Seeds localStorage before every document of the page loads (e.g. the active tool). */
export async function seedLocalStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
}

/** Uncaught page errors and console errors, so a spec can assert a page ran cleanly. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** The error page titles (en-US); none of them may show on a working page. */
export const ERROR_TITLES =
  /^(Page not found|Sorry, something went wrong|An error occurred while showing the error page)$/;
