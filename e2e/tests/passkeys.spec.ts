// Issue 31, the network's side, in a real browser: payment passkeys in the network's window with
// Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain). Each test enrols a
// profile of its own (a new card saved under a new email), so the shared test consumers keep
// signing in with the code.
import { sdkTestInit } from '@c2p/domain';
import type { Frame, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, visitEach } from '../fixtures.ts';
import { enrolProfile, virtualAuthenticator } from '../passkey-steps.ts';
import { call, openHarness, outcome, startCheckout } from '../sandbox-harness.ts';

const DPA_ID = 'e2e-passkey-dpa';
type Locale = 'en_US' | 'fr_FR' | 'ar_EG';

/** What the window's buttons say, per locale (the sandbox's own strings, src/dcf/i18n.ts). */
const WORDS: Record<Locale, { continue: string; usePasskey: string; create: string; notNow: string; verify: string }> =
  {
    en_US: {
      continue: 'Continue',
      usePasskey: 'Use my passkey',
      create: 'Create a passkey',
      notNow: 'Not now',
      verify: 'Verify',
    },
    fr_FR: {
      continue: 'Continuer',
      usePasskey: 'Utiliser ma clé d’accès',
      create: 'Créer une clé d’accès',
      notNow: 'Plus tard',
      verify: 'Vérifier',
    },
    ar_EG: {
      continue: 'متابعة',
      usePasskey: 'استخدام مفتاح المرور',
      create: 'إنشاء مفتاح مرور',
      notNow: 'ليس الآن',
      verify: 'تحقق',
    },
  };

/** The harness for this spec's DPA, its SDK initialised, the window's steps collected in `window.steps`. */
async function openPasskeyHarness(page: Page, origin = '', locale: Locale = 'en_US'): Promise<Frame> {
  const dcf = await openHarness(page, DPA_ID, { origin, locale });
  await page.evaluate(() => {
    const w = window as unknown as { steps: unknown[] };
    w.steps = [];
    addEventListener('c2p-sandbox:window-step', (event) => w.steps.push((event as CustomEvent).detail));
  });
  const init = await call(
    page,
    'init',
    sdkTestInit(DPA_ID, 'Passkey Shop', {
      amount: 42,
      locale,
      paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
    }),
  );
  expect(init.error).toBeUndefined();
  return dcf;
}

/** Starts an SDK method with the harness's iframe as its windowRef; its outcome is `window.pending`. */
const start = (page: Page, method: string, params: Record<string, unknown>) =>
  startCheckout(page, method, params, 'iframe');

const steps = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { steps: Record<string, unknown>[] }).steps.map((s) => `${s.step} ${s.purpose}`),
  );

const authenticate = (page: Page, email: string) =>
  start(page, 'authenticate', {
    requestRecognitionToken: true,
    accountReference: { consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: email } },
  });

/** authenticate() by the code, then "Create a passkey" in the window. */
async function createPasskeyAfterCode(page: Page, dcf: Frame, email: string, locale: Locale = 'en_US') {
  await authenticate(page, email);
  await dcf.locator('#otp').fill('123456');
  await dcf.getByRole('button', { name: WORDS[locale].verify }).click();
  await dcf.getByRole('button', { name: WORDS[locale].create }).click();
  expect((await outcome(page)).ok).toMatchObject({
    authenticationStatus: 'AUTHENTICATED',
    authenticationMethod: 'OTP',
  });
}

/** A profile of the test's own with a passkey on this page's virtual authenticator (en_US). */
async function profileWithPasskey(page: Page) {
  const authenticator = await virtualAuthenticator(page);
  const dcf = await openPasskeyHarness(page);
  const email = await enrolProfile(page, dcf);
  await createPasskeyAfterCode(page, dcf, email);
  return { ...authenticator, email };
}

/** The next visit: a new harness page, authenticate() for `email`, and "Use my passkey" in the window. */
async function signInWithPasskey(page: Page, email: string): Promise<Frame> {
  const dcf = await openPasskeyHarness(page);
  await authenticate(page, email);
  await dcf.getByRole('button', { name: 'Use my passkey' }).click();
  return dcf;
}

test.describe('payment passkeys in the network’s window (virtual authenticator)', () => {
  test('the code then "Create a passkey"; the next visit signs in with the passkey, no code', async ({ page }) => {
    const { cdp, authenticatorId, email } = await profileWithPasskey(page);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    const dcf = await openPasskeyHarness(page);
    await authenticate(page, email);
    await expect(dcf.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await expect(dcf.locator('#otp')).toHaveCount(0);
    await dcf.getByRole('button', { name: 'Use my passkey' }).click();
    const signedIn = (await outcome(page)).ok!;
    expect(signedIn).toMatchObject({ authenticationStatus: 'AUTHENTICATED', authenticationMethod: 'PASSKEY' });
    expect((signedIn.cards as unknown[]).length).toBe(1);
    expect(signedIn.recognitionToken).toEqual(expect.any(String));
    // The merchant's page saw each step it could not see itself, for its API log.
    expect(await steps(page)).toEqual([
      'PASSKEY_OPTIONS SIGN_IN',
      'PASSKEY_RESULT SIGN_IN',
      'PASSKEY_VERIFICATION SIGN_IN',
    ]);
    const [after] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(after!.signCount).toBeGreaterThan(credentials[0]!.signCount);
  });

  test('a refused prompt falls back to the code', async ({ page }) => {
    const { cdp, authenticatorId, email } = await profileWithPasskey(page);
    // The person does not pass the fingerprint check: the network wants a verified person.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    const dcf = await signInWithPasskey(page, email);
    await expect(dcf.getByRole('alert')).toHaveText('The passkey could not be used. Use another method.');
    await dcf.getByRole('button', { name: 'Use another method' }).click();
    await dcf.locator('#otp').fill('123456');
    await dcf.getByRole('button', { name: 'Verify' }).click();
    await dcf.getByRole('button', { name: 'Not now' }).click();
    expect((await outcome(page)).ok).toMatchObject({
      authenticationStatus: 'AUTHENTICATED',
      authenticationMethod: 'OTP',
    });
  });

  test('an authenticated payment: the shopper confirms with the passkey, the answer carries the assurance data', async ({
    page,
  }) => {
    const { email } = await profileWithPasskey(page);
    const dcf = await signInWithPasskey(page, email);
    const { cards } = (await outcome(page)).ok as unknown as { cards: { srcDigitalCardId: string }[] };
    await start(page, 'checkoutWithCard', {
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      dpaTransactionOptions: { authenticationPreferences: { payloadRequested: 'AUTHENTICATED' } },
    });
    await dcf.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dcf.getByText('Confirm the payment of $42.00 with your payment passkey.')).toBeVisible();
    await dcf.getByRole('button', { name: 'Use my passkey' }).click();
    const paid = (await outcome(page)).ok!;
    expect(paid.checkoutActionCode).toBe('COMPLETE');
    expect(paid.checkoutResponseData).toMatchObject({
      authenticationOutcome: { requested: true, method: 'PASSKEY' },
      assuranceData: { verificationData: [{ verificationMethod: '07', verificationResults: '01' }] },
    });
  });

  test('a passkey made at one host is not offered at another, nor is a replayed answer accepted', async ({
    page,
    baseURL,
    request,
  }) => {
    const { email } = await profileWithPasskey(page);

    // Keep the window's answer as it went, then send it again.
    let sent: { headers: Record<string, string>; body: string } | undefined;
    await page.route('**/sandbox/api/window/passkey/sign-in', async (route) => {
      sent = { headers: route.request().headers(), body: route.request().postData() ?? '' };
      await route.continue();
    });
    await signInWithPasskey(page, email);
    expect((await outcome(page)).ok).toMatchObject({ authenticationMethod: 'PASSKEY' });
    const replayed = await request.post(`${baseURL}/sandbox/api/window/passkey/sign-in`, {
      headers: {
        'content-type': 'application/json',
        origin: sent!.headers.origin!,
        'x-sandbox-window': sent!.headers['x-sandbox-window']!,
      },
      data: sent!.body,
    });
    expect(replayed.status()).toBe(401);
    expect((await replayed.json()).reason).toBe('AUTH_INVALID');

    // The same server under its other name is another relying party: the code, no passkey.
    const other = baseURL!.replace('localhost', '127.0.0.1');
    const dcf = await openPasskeyHarness(page, other);
    await authenticate(page, email);
    await expect(dcf.locator('#otp')).toBeVisible();
    await expect(dcf.getByRole('button', { name: 'Use my passkey' })).toHaveCount(0);
  });

  for (const locale of ['fr_FR', 'ar_EG'] as const) {
    test(`the passkey screens in ${locale}, right to left where it reads so, axe-clean`, async ({ page }) => {
      await virtualAuthenticator(page);
      let dcf = await openPasskeyHarness(page, '', locale);
      const email = await enrolProfile(page, dcf, WORDS[locale]);
      await authenticate(page, email);
      await dcf.locator('#otp').fill('123456');
      await dcf.getByRole('button', { name: WORDS[locale].verify }).click();
      await expect(dcf.getByRole('button', { name: WORDS[locale].create })).toBeVisible();
      expect(await dcf.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar_EG' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page);
      await dcf.getByRole('button', { name: WORDS[locale].create }).click();
      await outcome(page);
      dcf = await openPasskeyHarness(page, '', locale);
      await authenticate(page, email);
      await expect(dcf.getByRole('button', { name: WORDS[locale].usePasskey })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  }

  test('the sandbox’s page of test consumers’ passkeys, in three locales, axe-clean', async ({ page }) => {
    const pages = [
      ['/sandbox/passkeys?locale=en-US', ['Payment passkeys of the test consumers', 'ltr']],
      ['/sandbox/passkeys?locale=fr-FR', ['Clés d’accès de paiement des consommateurs de test', 'ltr']],
      ['/sandbox/passkeys?locale=ar-EG', ['مفاتيح المرور للدفع لمستهلكي الاختبار', 'rtl']],
    ] as const;
    await visitEach(page, pages, async ([title, dir]) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      await expectNoAxeViolations(page);
    });
    await page.goto('/sandbox?locale=en-US');
    await page.getByRole('link', { name: 'Payment passkeys of the test consumers' }).click();
    await expect(page).toHaveURL(/\/sandbox\/passkeys/);
  });
});
