import type { Frame, FrameLocator, Page } from '@playwright/test';
import { TEST_CONTACT } from '@c2p/domain';
import { tr } from './catalogue-text.ts';
import { expect, type LocaleCode } from './fixtures.ts';
import { fillShippingForm } from './shipping-form.ts';

// The shop's checkout steps and the Click to Pay steps on its payment page, by role and place or
// by the locale's strings; the UI kit and the DCF by locale-independent selectors.

/** The sandbox's returning user (two cards) and the one-time code its test consumers accept. */
export const RETURNING_EMAIL = TEST_CONTACT.email;
export const CODE = '123456';
/** An address the network has never seen: a new user, whatever earlier tests registered. */
export const newUserEmail = () => `new.user.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;

export const emailField = (page: Page) => page.locator('.c2p__email input[name="c2pEmail"]');
export const otpDigits = (page: Page) => page.locator('src-otp-input .digits input');
export const cardOptions = (page: Page) => page.locator('src-card-list [role="option"]');
export const dcfFrame = (page: Page): FrameLocator => page.frameLocator('iframe[name=c2p-dcf-frame]');

/** Adds a product; the badge then shows `cartCount` (by default the quantity: the cart was empty). */
export async function addToCart(
  page: Page,
  productId = 2,
  quantity = 1,
  locale: LocaleCode = 'en-US',
  cartCount = quantity,
) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('main').getByRole('spinbutton').fill(String(quantity));
  await page.getByRole('main').getByRole('button').click();
  // The badge counts in the locale's digits (issue 18 item 3).
  await expect(page.getByTestId('cart-count').first()).toHaveText(new Intl.NumberFormat(locale).format(cartCount));
}

export interface PaymentStepRoute {
  productId?: number;
  quantity?: number;
  /** The items in the cart once the product is added, when it was not empty. */
  cartCount?: number;
  /** The cart's button the shopper leaves by (then Guest checkout); none: straight to the shipping step. */
  cartButton?: 'SHOP.CART.CHECK_OUT' | 'SHOP.CART.PAY_IN_INSTALLMENTS';
}

/** From an empty cart: one product, the cart (or not), the shipping form, the payment step. */
export async function reachPaymentStep(
  page: Page,
  locale: LocaleCode,
  { productId = 2, quantity = 1, cartCount = quantity, cartButton }: PaymentStepRoute = {},
) {
  await addToCart(page, productId, quantity, locale, cartCount);
  if (cartButton) {
    await page.goto('/cart');
    await page.getByRole('button', { name: tr(locale, cartButton) }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: tr(locale, 'ACCOUNT.SIGN_IN.GUEST_CHECKOUT') })
      .click();
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
  } else {
    await page.goto('/checkout/shipping');
  }
  await fillShippingForm(page);
  await page.getByRole('button', { name: tr(locale, 'CHECKOUT.SHIPPING.CONTINUE') }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
}

export async function submitEmail(page: Page, locale: LocaleCode, email: string) {
  await expect(emailField(page)).toBeVisible();
  await emailField(page).fill(email);
  await page
    .locator('.c2p__email')
    .getByRole('button', { name: tr(locale, 'CLICK_TO_PAY.LOOK_UP') })
    .click();
}

/**
 * The DCF's primary button (Continue; in the network's window also Verify, Create a passkey, Use my
 * passkey) in a frame or popup, once it is there and enabled.
 */
export async function dcfContinue(dcf: FrameLocator | Page | Frame) {
  const button = dcf.locator('.actions button.primary');
  await expect(button).toBeEnabled();
  await button.click();
}

export interface CodeEntry {
  rememberMe?: boolean;
  /** The first field already has the focus when the step appears: the code is typed straight away. */
  focused?: boolean;
}

/** Types a code into the six fields (the first one takes the focus, each digit moves it on) and continues. */
export async function enterCode(page: Page, code: string, { rememberMe = false, focused = false }: CodeEntry = {}) {
  await expect(otpDigits(page)).toHaveCount(6);
  await expect(otpDigits(page).first()).toBeEnabled();
  if (focused) await expect(otpDigits(page).first()).toBeFocused();
  else await otpDigits(page).first().click();
  await page.keyboard.type(code);
  await expect(otpDigits(page).last()).toHaveValue(code.at(-1)!);
  if (rememberMe) await page.locator('src-otp-input input[name="remember-me"]').check();
  await page.locator('src-otp-input [data-action="continue"]').click();
}

/** The returning user signs in with the code: the card list with their two cards. */
export async function signInWithCode(page: Page, locale: LocaleCode, entry: CodeEntry = {}) {
  await submitEmail(page, locale, RETURNING_EMAIL);
  await enterCode(page, CODE, entry);
  await expect(cardOptions(page)).toHaveCount(2);
}

/** The calls the API log holds (localStorage `api-logs`), every transaction's, as `name` or `name (failed)`. */
export async function loggedCallNames(page: Page, { latestOnly = false } = {}): Promise<string[]> {
  const transactions = await page.evaluate(
    () => JSON.parse(localStorage.getItem('api-logs') ?? '[]') as { logs: { name: string; failed?: boolean }[] }[],
  );
  return (latestOnly ? transactions.slice(-1) : transactions).flatMap((transaction) =>
    transaction.logs.map((log) => (log.failed ? `${log.name} (failed)` : log.name)),
  );
}
