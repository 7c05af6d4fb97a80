// Issue 31, the merchant's side, in a real browser: the shop with "Sign in with authenticate()" and
// "Request an authenticated payment" on, and Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain) as the shopper's device. A returning user on a new device signs in
// with the code and creates a passkey; the next visit signs in with the passkey alone; the payment
// is confirmed with it and reaches the thank-you page with the assurance data the shop received,
// which the order history shows too; the API log shows each WebAuthn step and what it was for.
// Each test enrols a profile of its own (a new card saved under a new email), so the shared
// returning.user keeps signing in with the code for the other specs.
import type { Page } from '@playwright/test';
import { sdkTestInit, STORAGE_KEYS } from '@c2p/domain';
import { LOCALES, tr } from '../catalogue-text.ts';
import { cardOptions, CODE, dcfContinue, dcfFrame, reachPaymentStep, submitEmail } from '../click-to-pay-steps.ts';
import { field, loggedTransactions, openConfiguration, saveConfiguration } from '../configuration-screen.ts';
import { expect, expectNoAxeViolations, registerShopper, seedLocalStorage, signInShopper, test } from '../fixtures.ts';
import { enrolProfile, expectAssuranceData, virtualAuthenticator } from '../passkey-steps.ts';
import { call, openHarness } from '../sandbox-harness.ts';

/**
 * A profile of the test's own, made at the sandbox's harness page (`enrolProfile`): without
 * Remember me, so the shop meets it as a returning user on a new device, and without a passkey.
 */
async function enrolShopProfile(page: Page): Promise<string> {
  const dcf = await openHarness(page, 'e2e-passkey-shop');
  const init = await call(
    page,
    'init',
    sdkTestInit('e2e-passkey-shop', 'Passkey Shop', { amount: 10, cardBrands: ['mastercard'] }),
  );
  expect(init.error).toBeUndefined();
  return enrolProfile(page, dcf);
}

/** The two settings on the configuration screen, as an admin sets them (en-US: the screen's labels). */
async function turnOnPasskeySettings(page: Page) {
  await openConfiguration(page, { onTab: 'Developer' });
  await expect(field(page, 'Sign in with authenticate()')).not.toBeChecked();
  await expect(field(page, 'Request an authenticated payment')).not.toBeChecked();
  await field(page, 'Sign in with authenticate()').check();
  await field(page, 'Request an authenticated payment').check();
  await saveConfiguration(page);
}

/** The same settings as the configuration screen stores them, for the tests in the other locales. */
const seedPasskeySettings = (page: Page) =>
  seedLocalStorage(page, {
    [STORAGE_KEYS.commonSettings]: JSON.stringify({
      consumerAuthenticationModule: true,
      requestAuthenticatedPayment: true,
    }),
  });

/** The steps of the network's window in the API log, as `STEP PURPOSE`. */
async function loggedSteps(page: Page): Promise<string[]> {
  return (await loggedTransactions(page))
    .flatMap((transaction) => transaction.logs)
    .filter((log) => log.source === 'window')
    .map((log) => {
      const purpose = (log.request as { purpose?: string }).purpose;
      const reason = log.name === 'PASSKEY_UNAVAILABLE' ? (log.response as { reason?: string }).reason : '';
      return [log.name, purpose, reason].join(' ').trim();
    });
}

for (const { code: locale, dir } of LOCALES) {
  test.describe(`payment passkeys in the shop, ${locale}`, () => {
    test.use({ localeCode: locale, cookiesAccepted: true });

    test(`the code then Create a passkey; the next visit by passkey alone; an authenticated payment to the thank-you page with its assurance data, in ${locale}`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      const email = await enrolShopProfile(page);
      if (locale === 'en-US') {
        await turnOnPasskeySettings(page);
        // A shopper account of the test's own (its order history), signed in on every page the test opens.
        await signInShopper(page, await registerShopper(page));
      } else {
        await seedPasskeySettings(page);
      }

      // A returning user on a new device: no passkey here yet, so the network's window asks for the code.
      await reachPaymentStep(page, locale);
      await submitEmail(page, locale, email);
      const dcf = dcfFrame(page);
      await dcf.locator('#otp').fill(CODE);
      await dcfContinue(dcf);
      // After the code, the window offers a passkey; the shopper creates it.
      await expect(dcf.locator('h1')).toBeVisible();
      expect(await dcf.locator('html').getAttribute('dir')).toBe(dir);
      await expectNoAxeViolations(page);
      await dcfContinue(dcf);
      await expect(cardOptions(page)).toHaveCount(1);
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
      expect(await loggedSteps(page)).toEqual([
        'PASSKEY_UNAVAILABLE SIGN_IN NO_PASSKEY',
        'PASSKEY_OPTIONS CREATE',
        'PASSKEY_RESULT CREATE',
        'PASSKEY_VERIFICATION CREATE',
      ]);

      // The next visit: the passkey at once, as the network invokes it, and no code.
      await page.goto('/checkout/payment');
      await submitEmail(page, locale, email);
      await expect(cardOptions(page)).toHaveCount(1);
      await expect(page.locator('iframe[name=c2p-dcf-frame]')).toHaveCount(0);

      // The payment, confirmed in the network's window with the same passkey.
      await cardOptions(page).first().click();
      await dcfContinue(dcf);
      await expect(page).toHaveURL(/\/checkout\/review$/);
      await expectAssuranceData(page.locator('section[aria-labelledby="review-payment"]'), locale);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
      await expect(page).toHaveURL(/\/checkout\/thank-you$/);
      await expectAssuranceData(page.locator('section[aria-labelledby="ty-payment"]'), locale);
      await expectNoAxeViolations(page);

      // The API log: each WebAuthn step of the window, with what it was for.
      expect((await loggedSteps(page)).slice(4)).toEqual([
        'PASSKEY_OPTIONS SIGN_IN',
        'PASSKEY_RESULT SIGN_IN',
        'PASSKEY_VERIFICATION SIGN_IN',
        'PASSKEY_OPTIONS CONFIRM',
        'PASSKEY_RESULT CONFIRM',
        'PASSKEY_VERIFICATION CONFIRM',
      ]);
      await page.locator('button.api-log-button').click();
      const log = page.getByRole('dialog', { name: tr(locale, 'API_LOG.TITLE') });
      const purposes = log.getByTestId('api-log-passkey');
      await expect(purposes.filter({ hasText: tr(locale, 'API_LOG.PASSKEY.PURPOSES.CONFIRM') }).first()).toBeVisible();
      await expect(purposes.filter({ hasText: tr(locale, 'API_LOG.PASSKEY.PURPOSES.SIGN_IN') }).first()).toBeVisible();
      await expect(
        log.getByText(tr(locale, 'API_LOG.PASSKEY.WHY', { reason: tr(locale, 'API_LOG.PASSKEY.REASONS.NO_PASSKEY') })),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await log.getByRole('button', { name: tr(locale, 'ACCOUNT.PANEL.CLOSE') }).click();

      if (locale !== 'en-US') return;
      // The order history of the signed-in shopper says it too.
      await page.locator('[data-account-menu-button]').click();
      const history = page.getByRole('dialog').getByRole('table');
      const authentication = history.getByTestId('payment-authentication');
      await authentication.getByText('Confirmed with a passkey').click();
      await expect(authentication.getByRole('definition')).toHaveText([
        'Passkey (FIDO2), code 07',
        'Authenticated',
        '02',
      ]);
      await expectNoAxeViolations(page);
    });
  });
}
