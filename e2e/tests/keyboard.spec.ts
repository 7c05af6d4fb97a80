import type { Locator, Page } from '@playwright/test';
import { TEST_SHOPPER_SHIPPING } from '@c2p/domain';
import { expect, seedLocalStorage, test } from '../fixtures.ts';

/**
 * Keyboard-only runs: no mouse clicks, only page.keyboard (Tab, Shift+Tab, Enter, Space, Escape,
 * arrow keys and typing). Every control the keyboard lands on must show a visible focus indicator.
 */

test.beforeEach(async ({ page }) => {
  // The cookie notice is dismissed, so its 'Got it!' button is not one more stop on every tour.
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
});

/** True when the locator's element has the focus. */
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * The focused element matches :focus-visible and draws an outline or a box shadow; returns a
 * description of it for messages ('' when it has a visible indicator).
 */
async function missingFocusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'nothing has the focus';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    if (element.matches(':focus-visible') && (outline || shadow)) return '';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()} class="${element.className}"> "${name}" (:focus-visible ${element.matches(
      ':focus-visible',
    )}, outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`;
  });
}

async function expectFocusIndicator(page: Page) {
  expect.soft(await missingFocusIndicator(page), 'the focused control shows a focus indicator').toBe('');
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking the focus indicator of every
 * control passed on the way. Fails when the target is not reached in `max` presses.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusIndicator(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('the sign-in slide-over works by keyboard: opens, traps the focus, toggles forms, closes with Escape', async ({
  page,
}) => {
  await page.goto('/card-on-file');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const opener = page.getByRole('navigation', { name: 'Store' }).getByRole('button', { name: 'Sign in' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  // The focus moves into the dialog, on its first field.
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  await expectFocusIndicator(page);

  // Tab and Shift+Tab go round the dialog's controls and never leave it.
  const visited = new Set<string>();
  const focusedKey = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const inDialog = !!element.closest('[role="dialog"]');
      return `${inDialog ? 'in' : 'OUT'}:${element.tagName}:${element.getAttribute('aria-label') ?? element.id ?? ''}:${element.textContent?.trim() ?? ''}`;
    });
  const first = await focusedKey();
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    await expectFocusIndicator(page);
    const key = await focusedKey();
    expect(key, 'Tab keeps the focus inside the dialog').toMatch(/^in:/);
    if (key === first) break;
    visited.add(key);
  }
  expect(await focusedKey(), 'Tab comes back round to the first field').toBe(first);
  expect(visited.size, 'the dialog has several controls').toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedKey(), 'Shift+Tab from the first control goes to the last, inside the dialog').toMatch(/^in:/);
  await page.keyboard.press('Tab');
  expect(await focusedKey()).toBe(first);

  // To the register form and back, by keyboard.
  await tabTo(page, dialog.getByRole('button', { name: 'Create an account' }));
  await page.keyboard.press('Enter');
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await expect(register).toBeVisible();
  await expect(register.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expectFocusIndicator(page);
  await tabTo(page, register.getByRole('button', { name: 'Sign in', exact: true }), { backwards: true });
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();

  // Escape closes it, and the focus goes back to 'Sign in' in the store nav.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusIndicator(page);
});

test('a guest checks out by keyboard, from the product page to the thank-you page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/products/1');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Aurora Wireless Headphones' })).toBeVisible();

  // Add to cart: the quantity field, then the button, with Enter.
  const quantity = main.getByRole('spinbutton', { name: 'Quantity' });
  await tabTo(page, quantity);
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await tabTo(page, main.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // To the cart through the store nav (Shift+Tab goes back up the page), then Check out.
  await tabTo(page, page.getByRole('link', { name: 'Cart, 2 items' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Check out' }));
  await page.keyboard.press('Enter');

  // The checkout sign-in: guest checkout.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('link', { name: 'Guest checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await expect(dialog).toBeHidden();

  // Shipping: each field reached by Tab, the state chosen by typing its name on the closed list.
  const { address, contact } = TEST_SHOPPER_SHIPPING;
  await typeInto(page, page.getByLabel('First name'), address.firstName);
  await typeInto(page, page.getByLabel('Last name'), address.lastName);
  await typeInto(page, page.getByLabel('Street address', { exact: false }).first(), address.streetAddress1);
  await typeInto(page, page.getByLabel('City'), address.city);
  const state = page.getByLabel('State');
  await tabTo(page, state);
  await page.keyboard.type('Illinois');
  await expect(state).toHaveValue(address.state);
  await typeInto(page, page.getByLabel('Zip code'), address.zipCode);
  await typeInto(page, page.getByLabel('Email address'), contact.email);
  await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  // Payment: the method radio group by arrow keys, then the test card, then continue.
  const clickToPay = page.getByRole('radio', { name: 'Click to Pay' });
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  await expect(clickToPay).toBeChecked();
  await tabTo(page, clickToPay);
  await page.keyboard.press('ArrowDown');
  await expect(card).toBeChecked();
  await expect(card).toBeFocused();
  await expectFocusIndicator(page);
  await tabTo(page, page.getByRole('button', { name: 'Fill in the test card' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Card number')).not.toHaveValue('');
  await tabTo(page, page.getByRole('button', { name: 'Continue to review' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/review$/);

  // Review: Place order with Enter.
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
  await expect(page.getByTestId('order-number')).toHaveText(/^C2P-[A-Z0-9]{8}$/);
  await expect(page.getByText('1 Main Street')).toBeVisible();
});
