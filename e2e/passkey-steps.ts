import type { CDPSession, Frame, Locator, Page } from '@playwright/test';
import { testCardExpiry } from '@c2p/domain';
import { tr } from './catalogue-text.ts';
import { expect, type LocaleCode } from './fixtures.ts';
import { outcome, startCheckout, type Harness } from './sandbox-harness.ts';

// Payment passkeys (issue 31) in a real browser: Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain) as the shopper's device, and a profile of the test's own made at the
// sandbox's harness page, so the shared test consumers keep signing in with the code.

const [EXPIRY_MONTH, EXPIRY_YEAR] = testCardExpiry().split('/') as [string, string];

/** A platform authenticator that verifies the person (as a fingerprint would), for this page. */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A profile of the test's own, at the harness page `openHarness` opened and initialised: a new card
 * saved under a new email, without Remember me and without a passkey (the window offers one after
 * Continue; `words.notNow` declines it). `words` are the window's buttons in the harness's locale.
 */
export async function enrolProfile(
  page: Page,
  dcf: Frame,
  words: { continue: string; notNow: string } = { continue: 'Continue', notNow: 'Not now' },
): Promise<string> {
  const email = `passkey.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const { encryptedCard } = (await page.evaluate(
    ([month, year]) =>
      (window as unknown as Harness).c2p.encryptCard!({
        primaryAccountNumber: '5186001700008785',
        panExpirationMonth: month,
        panExpirationYear: year,
        cardSecurityCode: '123',
      }),
    [EXPIRY_MONTH, EXPIRY_YEAR],
  )) as { encryptedCard: string };
  await startCheckout(page, 'checkoutWithNewCard', { encryptedCard, consumer: { emailAddress: email } }, 'iframe');
  await dcf.getByRole('button', { name: words.continue, exact: true }).click();
  // The card joined a new profile: the window offers it a passkey; not this time.
  await dcf.getByRole('button', { name: words.notNow }).click();
  expect((await outcome(page)).ok).toMatchObject({ checkoutActionCode: 'COMPLETE' });
  return email;
}

/** What a payment section (review, thank-you) says of a payment confirmed with a passkey: the headline and the assurance data. */
export async function expectAssuranceData(section: Locator, locale: LocaleCode) {
  const key = 'CHECKOUT.PAYMENT_DETAILS.AUTHENTICATION';
  const details = section.getByTestId('payment-authentication');
  await expect(details).toContainText(tr(locale, `${key}.CONFIRMED_PASSKEY`));
  await expect(details.getByRole('definition')).toHaveText([
    tr(locale, `${key}.METHODS.PASSKEY`, { code: '07' }),
    tr(locale, `${key}.RESULTS.AUTHENTICATED`),
    '02',
  ]);
}
