// Issue 29, "the payment story holds together": the headline Click to Pay checkout ends in a
// network token and a cryptogram, the card number only when the configuration asks for it (item 1);
// each guided-tour experience plays its own shopper, from the configuration's test data, in its
// prefill, its test-data note and its order's confirmation (item 3).
import type { Page } from '@playwright/test';
import { defaultStoreConfiguration } from '@c2p/domain';
import { tr } from '../catalogue-text.ts';
import { cardOptions, dcfContinue, dcfFrame, reachPaymentStep, signInWithCode } from '../click-to-pay-steps.ts';
import { field, openConfiguration, saveConfiguration, tab } from '../configuration-screen.ts';
import { expect, seedLocalStorage, test } from '../fixtures.ts';
import { hint, pressHintUntil, RETURNING_USER_UNLOCKED, startExperience } from '../guided-tour-steps.ts';

test.use({ cookiesAccepted: true });
test.describe.configure({ timeout: 90_000 });

const locale = 'en-US';

/** The returning user's preferred card (the first in the list), through the DCF to the thank-you page; its payment section. */
async function payWithPreferredCard(page: Page) {
  await reachPaymentStep(page, locale);
  await signInWithCode(page, locale);
  await cardOptions(page).first().click();
  await dcfContinue(dcfFrame(page));
  await expect(page).toHaveURL(/\/checkout\/review$/);
  await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
  return page.locator('section[aria-labelledby="ty-payment"]');
}

test.describe('item 1: Click to Pay ends in a network token', () => {
  test('the headline checkout (returning user, preferred card) ends with a network token and a cryptogram', async ({
    page,
  }) => {
    const payment = await payWithPreferredCard(page);
    await expect(payment).toContainText(tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_TOKEN'));
    await expect(payment).not.toContainText(tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_CARD'));
    await expect(payment.getByTestId('cryptogram-type')).toHaveText(
      tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CRYPTOGRAM_TYPE.CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM'),
    );
  });

  test('with the configuration asking for the card number, the same checkout ends with the card number', async ({
    page,
  }) => {
    await openConfiguration(page);
    await tab(page, 'SRCI config').click();
    await field(page, 'Card number (PAN) requested').check();
    await saveConfiguration(page);

    const payment = await payWithPreferredCard(page);
    await expect(payment).toContainText(tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_CARD'));
    await expect(payment).not.toContainText(tr(locale, 'CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_TOKEN'));
  });
});

// A presenter's own test data: another contact and another test card than the shipped ones.
const PRESENTER = { email: 'presenter.shopper@example.com', phone: '2025550177', phoneText: '+1 202-555-0177' };
const PRESENTER_CARD = '5186001700009908';

function presenterConfiguration(): string {
  const config = defaultStoreConfiguration();
  const [contact] = config.testDataContactDetails;
  config.testDataContactDetails = [
    { ...contact!, emailId: PRESENTER.email, phoneNumber: PRESENTER.phone, phoneNumberText: PRESENTER.phoneText },
  ];
  config.testDataCardDetails = { ...config.testDataCardDetails, cardNumber: PRESENTER_CARD };
  return JSON.stringify(config);
}

const EXPERIENCES = [
  { n: 1, email: 'new.user@example.com', note: true },
  { n: 2, email: PRESENTER.email, note: false },
  { n: 3, email: PRESENTER.email, note: true },
] as const;

test.describe('item 3: each tour experience shows its own shopper, from the configuration', () => {
  for (const { n, email, note } of EXPERIENCES) {
    test(`experience ${n} (${tr(locale, `TOUR.EXPERIENCES.${n}.NAME`)}) prefills, notes and confirms ${email}`, async ({
      page,
    }) => {
      await seedLocalStorage(page, {
        merchantStoreConfiguration: presenterConfiguration(),
        ...(n === 2 ? RETURNING_USER_UNLOCKED : {}),
      });
      await startExperience(page, locale, n);
      if (n === 2) await page.getByRole('button', { name: tr(locale, 'TOUR.RECOGNIZED.START') }).click();

      // The test-data picker offers this shopper, and no other's email.
      await page.getByRole('button', { name: tr(locale, 'TOUR.TEST_DATA.BUTTON') }).click();
      const picker = page.locator('.test-data__panel');
      await expect(picker).toContainText(email);
      for (const other of ['returning.user@example.com', n === 1 ? PRESENTER.email : 'new.user@example.com']) {
        await expect(picker).not.toContainText(other);
      }
      await page.getByRole('button', { name: tr(locale, 'TOUR.TEST_DATA.BUTTON') }).click();

      // The hint fills in the shipping form (the order's contact) and goes on to the payment step.
      await pressHintUntil(page, /\/checkout\/payment$/);
      if (note) {
        await expect(page.locator('.c2p__hint')).toHaveText(
          tr(locale, `TOUR.TEST_DATA.NOTE.${n}`, { email, code: '123456', card: '5186 0017 0000 9908' }),
        );
      }
      await pressHintUntil(page, /\/checkout\/thank-you$/);
      // The order confirmation goes to this shopper, the order's contact.
      const main = page.getByRole('main');
      const [before] = tr(locale, 'CHECKOUT.THANK_YOU.CONFIRMATION', { date: '\u0000' }).split('\u0000');
      await expect(main.locator('p', { hasText: before! })).toContainText(email);
      await expect(main).not.toContainText(n === 1 ? 'returning.user@example.com' : 'new.user@example.com');
      await expect(hint(page)).toBeVisible();
    });
  }
});
