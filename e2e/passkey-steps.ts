import type { CDPSession, Frame, Locator, Page } from '@playwright/test';
import { sdkTestInit, testCardExpiry } from '@c2p/domain';
import { tr } from './catalogue-text.ts';
import { expect, type LocaleCode } from './fixtures.ts';
import { call, openHarness, outcome, startCheckout, type Harness } from './sandbox-harness.ts';

// Payment passkeys (issue 31) in a real browser: Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain) as the shopper's device, and a profile of the test's own made at the
// sandbox's harness page, so the shared test consumers keep signing in with the code.

const [EXPIRY_MONTH, EXPIRY_YEAR] = testCardExpiry().split('/') as [string, string];

export const PASSKEY_DPA_ID = 'e2e-passkey-dpa';

/**
 * Initialises the page's SDK (the harness's, or an integration page's `window.c2p`) with the page's
 * dpaName, which passkeys need; the network window's steps are collected in `window.steps`.
 */
export async function initForPasskeys(page: Page, locale = 'en_US'): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { steps: unknown[] };
    w.steps = [];
    addEventListener('c2p-sandbox:window-step', (event) => w.steps.push((event as CustomEvent).detail));
  });
  const init = await call(
    page,
    'init',
    sdkTestInit(PASSKEY_DPA_ID, 'Passkey Shop', {
      amount: 42,
      locale,
      paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
    }),
  );
  expect(init.error).toBeUndefined();
}

/** The sandbox's harness (at `origin`, by default the test's base URL), initialised for passkeys; answers its iframe. */
export async function openPasskeyHarness(page: Page, origin = '', locale = 'en_US'): Promise<Frame> {
  const dcf = await openHarness(page, PASSKEY_DPA_ID, { origin, locale });
  await initForPasskeys(page, locale);
  return dcf;
}

/** The steps the network's window told the page, as "STEP PURPOSE" (with the reason of an unavailable passkey). */
export const windowSteps = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { steps: Record<string, unknown>[] }).steps.map((s) =>
      [s.step, s.purpose, ...(s.step === 'PASSKEY_UNAVAILABLE' ? [s.reason] : [])].join(' '),
    ),
  );

/** authenticate() for `email` in the page's iframe (or a popup); its outcome is `window.pending`. */
export const authenticate = (page: Page, email: string, kind: 'iframe' | 'popup' = 'iframe') =>
  startCheckout(
    page,
    'authenticate',
    {
      requestRecognitionToken: true,
      accountReference: { consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: email } },
    },
    kind,
  );

/** authenticate() by the code, then "Create a passkey" in the window (en_US). */
export async function createPasskeyAfterCode(page: Page, dcf: Frame, email: string) {
  await authenticate(page, email);
  await dcf.locator('#otp').fill('123456');
  await dcf.getByRole('button', { name: 'Verify' }).click();
  await dcf.getByRole('button', { name: 'Create a passkey' }).click();
  expect(((await outcome(page)).ok?.cards as unknown[]).length).toBe(1);
}

/** A profile of the test's own with a passkey on this page's virtual authenticator, made at the harness (en_US). */
export async function profileWithPasskey(page: Page) {
  const authenticator = await virtualAuthenticator(page);
  const dcf = await openPasskeyHarness(page);
  const email = await enrolProfile(page, dcf);
  await createPasskeyAfterCode(page, dcf, email);
  return { ...authenticator, email };
}

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
  const card = { encryptedCard, cardBrand: 'mastercard', consumer: { emailAddress: email } };
  await startCheckout(page, 'checkoutWithNewCard', card, 'iframe');
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
