// Card on File (issue 13) against the offline network sandbox, in every locale: a shopper registers
// in the tool (reached from /home), saves a card at checkout (Click to Pay new card with "Save this
// card") and from Saved cards, sees it masked, is refused a duplicate, pays with it (the thank-you
// page names the network token), and deletes it; axe on the lander and the saved-cards page.
import type { Page } from '@playwright/test';
import { TEST_SECURITY_CODE, testCardExpiry } from '@c2p/domain';
import { LOCALE_CODES, tr } from '../catalogue-text.ts';
import { dcfContinue, dcfFrame } from '../click-to-pay-steps.ts';
import {
  expect,
  expectNoAxeViolations,
  seedShopper,
  test,
  useLocaleCookie,
  watchPageErrors,
  type LocaleCode,
} from '../fixtures.ts';

/** A PAN test card typed on the saved-cards page (the form's own test card is 5186 0017 0000 8785). */
const TYPED_CARD = '5186 0017 0000 9726';

/** From /home's hub to the lander, then registration in the sign-in panel (enabled in this tool only). */
async function registerInTheTool(page: Page, locale: LocaleCode) {
  await page.goto('/home');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(tr(locale, 'HOME.CARD_ON_FILE.TITLE')) })
    .click();
  await expect(page).toHaveURL(/\/card-on-file$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'CARD_ON_FILE.LANDER.TITLE'));
  // Start does not open the sign-in panel by itself; the nav's Sign in does.
  await expect(page.getByRole('dialog')).toBeHidden();
  await page
    .getByRole('button', { name: tr(locale, 'ACCOUNT.MENU.SIGN_IN') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: tr(locale, 'ACCOUNT.SIGN_IN.REGISTER_LINK') }).click();
  await dialog.locator('input[name="firstName"]').filter({ visible: true }).fill('Grace');
  await dialog.locator('input[name="lastName"]').filter({ visible: true }).fill('Hopper');
  await dialog.locator('input[name="phoneNumber"]').filter({ visible: true }).fill('2025550143');
  await dialog
    .locator('input[name="email"]')
    .filter({ visible: true })
    .fill(`cof.${Date.now()}.${Math.floor(Math.random() * 1e6)}@demo.test`);
  await dialog.locator('input[name="password"]').filter({ visible: true }).fill('grace secret');
  await dialog.getByRole('button', { name: tr(locale, 'ACCOUNT.REGISTER.SUBMIT') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Grace/ })).toBeVisible();
}

async function addCard(page: Page, locale: LocaleCode, number: string) {
  await page.getByRole('button', { name: tr(locale, 'CARD_ON_FILE.SAVED.ADD') }).click();
  const form = page.locator('#cof-add-form');
  await form.locator('input[name="number"]').fill(number);
  await form.locator('input[name="expiry"]').fill(testCardExpiry());
  await form.locator('input[name="securityCode"]').fill(TEST_SECURITY_CODE);
  await form.getByRole('button', { name: tr(locale, 'CARD_ON_FILE.SAVED.SAVE') }).click();
}

for (const locale of LOCALE_CODES) {
  test.describe(`Card on File in ${locale}`, () => {
    test('register, save at checkout and from Saved cards, refuse a duplicate, pay with a token, delete', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const errors = watchPageErrors(page);
      await useLocaleCookie(page, baseURL, locale);
      await registerInTheTool(page, locale);

      // Saved at checkout: a new card through Click to Pay, with "Save this card for future purchases".
      await seedShopper(page);
      await page.goto('/checkout/payment');
      const email = page.locator('.c2p__email input[name="c2pEmail"]');
      await expect(email).toBeVisible();
      await email.fill(`cof.new.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`);
      await page
        .locator('.c2p__email')
        .getByRole('button', { name: tr(locale, 'CLICK_TO_PAY.LOOK_UP') })
        .click();
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.PAYMENT.USE_TEST_CARD') }).click();
      await page.locator('src-consent input[name="consent"]').check();
      await page.getByRole('checkbox', { name: tr(locale, 'CARD_ON_FILE.CHECKOUT.SAVE_NEW') }).check();
      await page.getByRole('button', { name: tr(locale, 'CLICK_TO_PAY.PAY_WITH_CARD') }).click();
      await dcfContinue(dcfFrame(page));
      await expect(page).toHaveURL(/\/checkout\/review$/);
      await expect(
        page.getByText(
          tr(locale, 'CARD_ON_FILE.CHECKOUT.SAVED_NEW', {
            brand: tr(locale, 'CARD_BRANDS.mastercard'),
            lastFour: '8785',
          }),
        ),
      ).toBeVisible();

      // Saved cards: the card saved at checkout, masked; add another in the page; the same one twice is refused.
      await page.goto('/card-on-file/saved-cards');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'CARD_ON_FILE.SAVED.TITLE'));
      // The cart button is disabled on this page.
      await expect(page.locator('.cart-button--disabled')).toHaveAttribute('aria-disabled', 'true');
      const cards = page.getByTestId('saved-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('8785');
      await expect(cards.first()).toContainText(tr(locale, 'CARD_ON_FILE.SAVED.TOKEN_ACTIVE'));
      await expect(page.getByRole('main')).not.toContainText('5186001700008785');

      await addCard(page, locale, TYPED_CARD);
      const confirmation = page.getByTestId('save-card-confirmation');
      await expect(confirmation.getByRole('heading')).toHaveText(tr(locale, 'CARD_ON_FILE.CONFIRMATION.TITLE'));
      await expect(confirmation).toContainText('9726');
      await expect(confirmation).toBeFocused();
      await confirmation.getByRole('button', { name: tr(locale, 'CARD_ON_FILE.CONFIRMATION.BACK') }).click();
      await expect(cards).toHaveCount(2);
      await expect(page.getByRole('main')).not.toContainText('0017 0000 9726');
      await expectNoAxeViolations(page);

      await addCard(page, locale, TYPED_CARD);
      await expect(page.locator('.cof-add__error')).toHaveText(tr(locale, 'CARD_ON_FILE.API.ALREADY_EXISTS'));
      await page.getByRole('button', { name: tr(locale, 'CARD_ON_FILE.SAVED.CANCEL'), exact: true }).click();
      await expect(cards).toHaveCount(2);

      // Pay with the saved card: the network's token and cryptogram, named on the thank-you page.
      await seedShopper(page);
      await page.goto('/checkout/payment');
      const saved = page.getByTestId('saved-cards-payment');
      await expect(saved.getByRole('heading')).toHaveText(tr(locale, 'CARD_ON_FILE.CHECKOUT.SAVED_TITLE'));
      await saved.locator('li', { hasText: '9726' }).getByRole('button').click();
      await expect(page).toHaveURL(/\/checkout\/review$/);
      // Issue 38 item 10: Review names the payment as the thank-you page does.
      const paidWith = (section: string) =>
        page.locator(`section[aria-labelledby="${section}"] .payment-details dd`).first();
      await expect(paidWith('review-payment')).toHaveText(tr(locale, 'CARD_ON_FILE.THANK_YOU.METHOD'));
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
      await expect(page).toHaveURL(/\/checkout\/thank-you$/);
      await expect(paidWith('ty-payment')).toHaveText(tr(locale, 'CARD_ON_FILE.THANK_YOU.METHOD'));
      const receipt = page.getByTestId('card-on-file-receipt');
      await expect(receipt).toContainText(
        tr(locale, 'CARD_ON_FILE.THANK_YOU.PAID_WITH', {
          brand: tr(locale, 'CARD_BRANDS.mastercard'),
          lastFour: '9726',
        }),
      );
      const tokenText = await receipt.getByTestId('network-token').textContent();
      const tokenLastFour = /(\d{4})/.exec(tokenText ?? '')?.[1];
      expect(tokenLastFour).toBeDefined();
      await expect(receipt.getByTestId('network-token')).toHaveText(
        tr(locale, 'CARD_ON_FILE.THANK_YOU.TOKEN', {
          tokenLastFour: tokenLastFour!,
          cryptogram: tr(locale, 'CARD_ON_FILE.THANK_YOU.CRYPTOGRAM_SHORT_FORM'),
        }),
      );
      expect(tokenLastFour).not.toBe('9726');
      await expect(page.getByRole('main')).not.toContainText('5186001700009726');
      await expect(page.locator('section[aria-labelledby="ty-payment"]')).toContainText(
        tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_TOKEN'),
      );
      // A reload keeps the receipt, the token's line and the saved card's payment method.
      const paymentSection = await page.locator('section[aria-labelledby="ty-payment"]').textContent();
      await page.reload();
      await expect(receipt.getByTestId('network-token')).toHaveText(tokenText!);
      await expect(page.locator('section[aria-labelledby="ty-payment"]')).toHaveText(paymentSection!);

      // Delete, asked first in the page; End demo returns to the lander.
      await page.goto('/card-on-file/saved-cards');
      await expect(cards).toHaveCount(2);
      await page
        .getByRole('button', {
          name: tr(locale, 'CARD_ON_FILE.SAVED.DELETE_LABEL', {
            brand: tr(locale, 'CARD_BRANDS.mastercard'),
            lastFour: '9726',
          }),
        })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(tr(locale, 'CARD_ON_FILE.SAVED.CONFIRM_TITLE'));
      await dialog.getByRole('button', { name: tr(locale, 'CARD_ON_FILE.SAVED.CONFIRM_DELETE') }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('8785');

      // The settings area's Saved cards: the same list.
      await page.getByRole('button', { name: tr(locale, 'ACCOUNT.MENU.SETTINGS_FOR', { name: 'Grace' }) }).click();
      await page.getByRole('tab', { name: tr(locale, 'CARD_ON_FILE.SETTINGS.TITLE') }).click();
      const settingsCards = page.getByRole('tabpanel').getByTestId('saved-card');
      await expect(settingsCards).toHaveCount(1);
      await expect(settingsCards.first()).toContainText('8785');
      // The duplicate's 409 is the one failed request the browser reports.
      expect(errors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
    });

    test('Saved cards without a shopper: the sign-in panel, never a list', async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale);
      await page.goto('/card-on-file/saved-cards');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').locator('input[name="email"]').filter({ visible: true })).toBeEnabled();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { name: tr(locale, 'CARD_ON_FILE.SAVED.SIGN_IN_TITLE') })).toBeVisible();
      await expect(page.getByTestId('saved-card')).toHaveCount(0);
    });

    test(`the lander and Saved cards have no axe violations in ${locale}`, async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale);
      await page.goto('/home');
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: tr(locale, 'FOOTER.CARD_ON_FILE') })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'CARD_ON_FILE.LANDER.TITLE'));
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: tr(locale, 'CARD_ON_FILE.LANDER.SAVED_CARDS_LINK') }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { name: tr(locale, 'CARD_ON_FILE.SAVED.SIGN_IN_TITLE') })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
