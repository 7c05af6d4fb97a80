import { randomUUID } from 'node:crypto';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import {
  DEMO_PRODUCTS_API_KEY,
  PRODUCTS_API_KEY_HEADER,
  testCardPayment,
  TEST_SHOPPER_SHIPPING,
  type CartItem,
  type Order,
  type Product,
  type Shipping,
} from '@c2p/domain';
import { shippingSchema } from '@c2p/domain/forms';
import { runAxe } from './axe.ts';

export const ADMIN = { email: 'admin@demo.test', password: 'e2e admin password' };

export type LocaleCode = 'en-US' | 'fr-FR' | 'ar-EG';

/** What a spec may set with `test.use` for each of its tests' pages, before any page loads. */
interface VisitorOptions {
  /** The cookie notice was accepted before (it stays out of the way of what the test clicks). */
  cookiesAccepted: boolean;
  /** The `locale` cookie a returning visitor has. */
  localeCode: LocaleCode | undefined;
}

/** Every test talks to the server the global setup started. */
export const test = base.extend<VisitorOptions>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  cookiesAccepted: [false, { option: true }],
  localeCode: [undefined, { option: true }],
  page: async ({ page, baseURL, cookiesAccepted, localeCode }, use) => {
    await prepareVisitor(page, baseURL, { cookiesAccepted, localeCode });
    await use(page);
  },
});

async function prepareVisitor(page: Page, baseURL: string | undefined, options: VisitorOptions) {
  if (options.cookiesAccepted) await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
  if (options.localeCode) await useLocaleCookie(page, baseURL, options.localeCode);
}

export { expect };

/**
 * A page in a browser context of its own, set up as the `test` fixture sets up each test's page,
 * for tests that share it (e.g. the browser Click to Pay remembers).
 */
export async function pageOfItsOwn(
  browser: Browser,
  { cookiesAccepted = false, localeCode }: Partial<VisitorOptions> = {},
): Promise<Page> {
  const baseURL = process.env.E2E_BASE_URL;
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await prepareVisitor(page, baseURL, { cookiesAccepted, localeCode });
  return page;
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Leaving /sign-in is a full page load (navigation rules): let it finish before the test goes on.
  await page.waitForURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

// ---- Small helpers shared by the specs (added with the browser specs). ----

/** Opens each page of `pages` (its path, and what to check there) and checks it, in turn. */
export async function visitEach<const Pages extends readonly (readonly [path: string, expected: unknown])[]>(
  page: Page,
  pages: Pages,
  check: (expected: Pages[number][1]) => Promise<void>,
): Promise<void> {
  for (const [path, expected] of pages) {
    await page.goto(path);
    await check(expected);
  }
}

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

/** A new shopper account (Ada Lovelace, an email of its own), registered through the API: its session token. */
export async function registerShopper(page: Page): Promise<string> {
  const answer = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneCountryCode: '+1',
      phoneNumber: '2025550143',
      email: `shopper.${Date.now()}.${Math.floor(Math.random() * 1e6)}@demo.test`,
      password: 'ada secret words',
    },
  });
  expect(answer.status(), `registration: ${await answer.text()}`).toBe(201);
  return ((await answer.json()) as { meta: { token: string } }).meta.token;
}

/** The shopper of that session token, signed in on every page the test opens (as the shop keeps it). */
export async function signInShopper(page: Page, token: string): Promise<void> {
  await seedLocalStorage(page, { '_token.local': token });
}

// ---- Accessibility and shopper helpers (added with the accessibility and keyboard specs). ----

/**
 * The axe violations of the settled page, one line each (rule: targets and messages), for specs
 * that scan several pages in one test and report them all (`expect.soft(...).toEqual([])`).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // As expectNoAxeViolations: wait for toasts and finite animations to reach their final colours.
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
  return runAxe(page);
}

/** The shipping details of a test shopper, as the shipping step stores them. */
export const TEST_SHIPPING: Shipping = shippingSchema.parse(TEST_SHOPPER_SHIPPING);

/** The test card's summary as the payment step stores it (never a card number). */
export const TEST_CARD_PAYMENT = testCardPayment();

/**
 * Places a real guest order for product 1 through the API (in the locale of the page's cookies)
 * and returns the server's order, as the review step receives it.
 */
export async function placeTestOrder(page: Page): Promise<Order> {
  const answer = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': `e2e-${randomUUID()}` },
    data: { items: [{ id: 1, count: 1 }], shipping: TEST_SHIPPING, payment: TEST_CARD_PAYMENT },
  });
  expect(answer.status(), `POST /api/orders: ${await answer.text()}`).toBe(201);
  return ((await answer.json()) as { data: Order }).data;
}

/**
 * Puts catalogue product 1 in the cart and the shipping address (and, if given, the card summary
 * and a placed order) in the checkout state, as a shopper who filled the earlier steps has them,
 * before any page loads. Storage a page changed itself is left alone on later loads.
 */
export async function seedShopper(
  page: Page,
  { payment = false, order }: { payment?: boolean; order?: Order } = {},
): Promise<void> {
  const answer = await page.request.get('/api/products/1', {
    headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
  });
  expect(answer.ok(), 'GET /api/products/1').toBe(true);
  const product = ((await answer.json()) as { data: Product }).data;
  const cart: CartItem[] = [{ ...product, uuid: product.id, count: 1 }];
  const state = {
    shipping: TEST_SHIPPING,
    payment: payment ? TEST_CARD_PAYMENT : undefined,
    intent: 'pay',
    order,
    justPlaced: false,
  };
  await page.addInitScript(
    ({ cart, checkout }) => {
      if (!window.localStorage.getItem('cart')) window.localStorage.setItem('cart', cart);
      if (!window.sessionStorage.getItem('checkout')) window.sessionStorage.setItem('checkout', checkout);
    },
    { cart: JSON.stringify(cart), checkout: JSON.stringify({ state, version: 0 }) },
  );
}
