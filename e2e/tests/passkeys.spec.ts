// Issue 31, the network's side, in a real browser: payment passkeys in the network's window with
// Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain). Each test enrols a
// profile of its own (a new card saved under a new email), so the shared test consumers keep
// signing in with the code.
import { createServer } from 'node:http';
import type { Frame, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, visitEach } from '../fixtures.ts';
import {
  authenticate,
  enrolProfile,
  openPasskeyHarness,
  profileWithPasskey,
  virtualAuthenticator,
  windowSteps,
} from '../passkey-steps.ts';
import { outcome, startCheckout } from '../sandbox-harness.ts';

/** A phisher's DPA of its own (the sandbox default allows any localhost page). */
const PHISHER_INIT = {
  srcDpaId: 'e2e-phisher-dpa',
  dpaData: { dpaName: 'Pay Here' },
  dpaTransactionOptions: { dpaLocale: 'en_US' },
  cardBrands: ['mastercard'],
};
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

/** Starts an SDK method with the harness's iframe as its windowRef; its outcome is `window.pending`. */
const start = (page: Page, method: string, params: Record<string, unknown>) =>
  startCheckout(page, method, params, 'iframe');

/** The next visit: a new harness page, authenticate() for `email`; the window runs the passkey at once. */
async function signInWithPasskey(page: Page, email: string): Promise<Frame> {
  const dcf = await openPasskeyHarness(page);
  await authenticate(page, email);
  return dcf;
}

test.describe('payment passkeys in the network’s window (virtual authenticator)', () => {
  test('the code then "Create a passkey"; the next visit signs in with the passkey, no code', async ({ page }) => {
    const { cdp, authenticatorId, email } = await profileWithPasskey(page);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    const dcf = await openPasskeyHarness(page);
    // The network invokes the passkey at once (reference section 17): no code, no press.
    await authenticate(page, email);
    const signedIn = (await outcome(page)).ok!;
    await expect(dcf.locator('#otp')).toHaveCount(0);
    expect(Object.keys(signedIn).sort()).toEqual(['cards', 'recognitionToken']);
    expect((signedIn.cards as unknown[]).length).toBe(1);
    expect(signedIn.recognitionToken).toEqual(expect.any(String));
    // The merchant's page saw each step it could not see itself, for its API log.
    expect(await windowSteps(page)).toEqual([
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
    expect(((await outcome(page)).ok?.cards as unknown[]).length).toBe(1);
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
    // Continue, and the passkey confirms the payment at once.
    await dcf.getByRole('button', { name: 'Continue', exact: true }).click();
    const paid = (await outcome(page)).ok!;
    expect(paid.checkoutActionCode).toBe('COMPLETE');
    expect(paid.checkoutResponseData).toMatchObject({
      authenticationOutcome: { requested: true, method: 'PASSKEY' },
      assuranceData: {
        eci: '02',
        verificationData: [
          { verificationMethod: '07', additionalData: 'Proof of Passkey Payment Authentication' },
          { verificationMethod: '07' },
        ],
      },
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
    expect(((await outcome(page)).ok?.cards as unknown[]).length).toBe(1);
    expect(sent).toBeDefined();
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
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
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
      // The next visit: the passkey at once; a dismissed prompt leaves "Use my passkey" to try again.
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
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
  test('round 3, item 2: an assertion made on a phishing page of another port signs the phisher in nowhere', async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await profileWithPasskey(page);
    const phishing = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html lang="en"><head><title>Pay</title></head><body><h1>Confirm</h1></body></html>'),
    );
    await new Promise<void>((resolve) => phishing.listen(0, '127.0.0.1', resolve));
    const phishingPort = (phishing.address() as { port: number }).port;
    try {
      // The phisher's server: a code window of its own session for the shopper's email, the
      // sandbox's Origin forged on every call (a server may); a Host of its own port is refused.
      const sandbox = new URL(baseURL!).origin;
      const api = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
        const answer = await request.post(`${baseURL}/sandbox/api${path}`, {
          data,
          headers: { origin: sandbox, ...headers },
        });
        return { status: answer.status(), body: (await answer.json()) as Record<string, unknown> };
      };
      const session = { 'x-sandbox-session': String((await api('/init', { ...PHISHER_INIT })).body.sessionToken) };
      await api('/lookup', { email }, session);
      const asked = await api('/windows', { kind: 'CODE' }, session);
      const opened = await api(`/windows/${String(asked.body.windowId)}/open`, {
        grant: asked.body.grant,
        openerOrigin: sandbox,
      });
      const asWindow = { 'x-sandbox-window': String(opened.body.windowToken) };
      const onItsPort = await request.post(`${baseURL}/sandbox/api/window/passkey/sign-in-options`, {
        headers: { ...asWindow, origin: `http://localhost:${phishingPort}`, host: `localhost:${phishingPort}` },
      });
      expect(onItsPort.status()).toBe(421);
      // A passkey is offered to the device that holds it: not to the phisher's server.
      expect((await api('/window/passkey/sign-in-options', {}, asWindow)).body).toEqual({
        available: false,
        reason: 'NOT_ON_THIS_DEVICE',
      });
      // Even with this browser's passkey-device cookie (stolen), the assertion the phishing page gets is refused.
      const device = (await page.context().cookies()).find((c) => c.name === 'c2p_sandbox_passkey_device')!;
      const asDevice = { ...asWindow, cookie: `${device.name}=${device.value}` };
      const options = (await api('/window/passkey/sign-in-options', {}, asDevice)).body.options;

      // The phishing page, in the shopper's browser: their authenticator signs for localhost (ports do
      // not count for a relying party id), but the browser names the page's own origin.
      await page.goto(`http://localhost:${phishingPort}/`);
      const response = await page.evaluate(async (o) => {
        const bytes = (text: string) =>
          Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
        const text = (buffer: ArrayBuffer) =>
          btoa(String.fromCharCode(...new Uint8Array(buffer)))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '');
        const options = o as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
        const credential = (await navigator.credentials.get({
          publicKey: {
            challenge: bytes(options.challenge),
            rpId: options.rpId,
            allowCredentials: options.allowCredentials.map((c) => ({ type: 'public-key' as const, id: bytes(c.id) })),
            userVerification: 'required',
          },
        })) as PublicKeyCredential;
        const answer = credential.response as AuthenticatorAssertionResponse;
        return {
          id: credential.id,
          rawId: text(credential.rawId),
          type: credential.type,
          clientExtensionResults: {},
          response: {
            clientDataJSON: text(answer.clientDataJSON),
            authenticatorData: text(answer.authenticatorData),
            signature: text(answer.signature),
          },
        };
      }, options);
      const signedIn = await api('/window/passkey/sign-in', { response }, asDevice);
      expect([signedIn.status, signedIn.body.reason]).toEqual([401, 'AUTH_INVALID']);
      const cards = await request.get(`${baseURL}/sandbox/api/cards`, { headers: session });
      expect(await cards.json()).toEqual({ cards: [] });
    } finally {
      await new Promise((resolve) => phishing.close(resolve));
    }
  });
});
