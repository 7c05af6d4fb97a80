// Issue 31: the network sandbox as a WebAuthn relying party, tried over HTTP with a software
// authenticator: creating a payment passkey after the code, signing in with it, confirming a
// payment (transaction authentication), and every answer an attacker could forge.
import { compactDecrypt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptCardFor, payloadByTransaction, SANDBOX_PAGE_ORIGIN } from './client.ts';
import { refusedWith, RETURNING, shopperSteps } from './shopper-steps.ts';
import { shopPerFile } from './server.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

type Json = Record<string, unknown>;

const { sandbox, shop } = shopPerFile('passkeys-payload-key');
const { newSdk, authenticateWindow, createPasskeyAfterCode, ownProfile } = shopperSteps(() => sandbox.app, '192.0');

/** A fresh authenticate() window's passkey challenge for `email`. */
async function signInChallenge(email: string) {
  const { sdk, window } = await authenticateWindow(email);
  const asked = await window.call('POST', '/window/passkey/sign-in-options', {});
  return { sdk, window, asked, options: asked.body.options as Json };
}

describe('creating a payment passkey and signing in with it', () => {
  it('after the code, the window offers a passkey; the next authenticate() signs in with it and no code', async () => {
    const email = await ownProfile();
    const authenticator = new SoftwareAuthenticator();
    const { window: first } = await authenticateWindow(email);
    expect(first.view.passkey).toEqual({ available: false, reason: 'NO_PASSKEY' });
    // No offer before the profile is proved.
    expect((await first.call('POST', '/window/passkey/create-options', {})).status).toBe(409);
    expect((await createPasskeyAfterCode(email, authenticator)).body).toEqual({ created: true });

    const { sdk, window, asked, options } = await signInChallenge(email);
    expect(window.view.passkey).toEqual({ available: true });
    expect(asked.body.available).toBe(true);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect((options.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([authenticator.id]);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN });
    const signedIn = await window.call('POST', '/window/passkey/sign-in', { response });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.recognitionToken).toEqual(expect.any(String));
    // The page's session is signed in: its cards, as after the code.
    expect(((await sdk.call('GET', '/cards')).body.cards as unknown[]).length).toBeGreaterThan(0);
  });

  it('identityLookup with returnValidationChannels names the passkey on the device that holds it only', async () => {
    const email = await ownProfile();
    const channelsSeenBy = async (sdk: ReturnType<typeof newSdk>) => {
      await sdk.init();
      const found = await sdk.call('POST', '/lookup', { email, returnValidationChannels: true });
      return (found.body.supportedValidationChannels as { validationChannelId: string }[]).map(
        (channel) => channel.validationChannelId,
      );
    };
    expect(await channelsSeenBy(newSdk())).toEqual(['EMAIL_ADDRESS']);
    await createPasskeyAfterCode(email, new SoftwareAuthenticator());
    expect(await channelsSeenBy(newSdk())).toEqual(['EMAIL_ADDRESS', 'PAYMENT_PASSKEY']);
    expect(await channelsSeenBy(newSdk(undefined, { otherDevice: true }))).toEqual(['EMAIL_ADDRESS']);
    // Without the flag, the answer is the documented one.
    const plain = newSdk();
    await plain.init();
    expect((await plain.call('POST', '/lookup', { email })).body).toEqual({ consumerPresent: true });
  });

  it('a new card saved to a new profile: the checkout window offers that profile a passkey', async () => {
    const sdk = newSdk();
    await sdk.init();
    const encryptedCard = await encryptCardFor(sandbox.app, {
      primaryAccountNumber: '5186001700009908',
      panExpirationMonth: '10',
      panExpirationYear: String(new Date().getFullYear() + 3),
      cardSecurityCode: '321',
    });
    const { window } = await sdk.checkout({
      kind: 'NEW_CARD',
      encryptedCard,
      consumer: { emailAddress: `enrol.${Date.now()}@example.com` },
    });
    const offer = await window!.call('POST', '/window/passkey/create-options', {});
    expect(offer.body.offer).toBe(true);
    const response = new SoftwareAuthenticator().register({
      options: offer.body.options as Json,
      origin: SANDBOX_PAGE_ORIGIN,
    });
    expect((await window!.call('POST', '/window/passkey/create', { response })).status).toBe(200);
  });

  it('signOut and "Not you?" keep the passkey', async () => {
    const email = await ownProfile();
    const authenticator = new SoftwareAuthenticator();
    await createPasskeyAfterCode(email, authenticator);
    const { sdk } = await authenticateWindow(email);
    await sdk.call('POST', '/sign-out', {});
    const { window } = await authenticateWindow(email);
    expect(window.view.passkey).toEqual({ available: true });
  });

  it('without the page’s dpaName (SRC-level init) the network makes and asks no passkey, and says why', async () => {
    const email = await ownProfile();
    await createPasskeyAfterCode(email, new SoftwareAuthenticator());
    const { window } = await authenticateWindow(email, { dpaNameGiven: false });
    expect(window.view.passkey).toEqual({ available: false, reason: 'DPA_NAME_MISSING' });
    await window.call('POST', '/window/code/send', {});
    await window.call('POST', '/window/code', { value: '123456' });
    expect((await window.call('POST', '/window/passkey/create-options', {})).body).toEqual({
      offer: false,
      reason: 'DPA_NAME_MISSING',
    });
  });
});

describe('the relying party refuses what an attacker could send (AUTH_INVALID, the network’s error shape)', () => {
  let email: string;
  let authenticator: SoftwareAuthenticator;

  beforeAll(async () => {
    email = await ownProfile();
    authenticator = new SoftwareAuthenticator();
    expect((await createPasskeyAfterCode(email, authenticator)).status).toBe(200);
  });

  it('a replayed assertion (the same challenge twice) is refused', async () => {
    const { window, options } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/passkey/sign-in', { response })).status).toBe(200);
    const replayed = await window.call('POST', '/window/passkey/sign-in', { response });
    expect(refusedWith(replayed)).toEqual([401, 'AUTH_INVALID']);
    expect(replayed.body.message).toMatch(/unknown, already answered or expired/);
  });

  it('a challenge answered through another window (another session) is refused', async () => {
    const { options } = await signInChallenge(email);
    const { window: other } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN });
    expect(refusedWith(await other.call('POST', '/window/passkey/sign-in', { response }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
  });

  it('an answer made on another origin is refused', async () => {
    const { window, options } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: 'http://evil.example' });
    const refused = await window.call('POST', '/window/passkey/sign-in', { response });
    expect(refusedWith(refused)).toEqual([401, 'AUTH_INVALID']);
    expect(refused.body.message).toMatch(/origin/i);
  });

  it('an answer signed for another relying party id is refused', async () => {
    const { window, options } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN, rpId: 'evil.example' });
    const refused = await window.call('POST', '/window/passkey/sign-in', { response });
    expect(refusedWith(refused)).toEqual([401, 'AUTH_INVALID']);
    expect(refused.body.message).toMatch(/RP ID/i);
  });

  it('an answer without user verification is refused, at sign-in and at creation', async () => {
    const { window, options } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN, userVerified: false });
    const refused = await window.call('POST', '/window/passkey/sign-in', { response });
    expect(refusedWith(refused)).toEqual([401, 'AUTH_INVALID']);
    expect(refused.body.message).toMatch(/verif/i);

    const { window: code } = await authenticateWindow(email);
    await code.call('POST', '/window/code/send', {});
    await code.call('POST', '/window/code', { value: '123456' });
    const offer = await code.call('POST', '/window/passkey/create-options', {});
    const unverified = new SoftwareAuthenticator().register({
      options: offer.body.options as Json,
      origin: SANDBOX_PAGE_ORIGIN,
      userVerified: false,
    });
    expect(refusedWith(await code.call('POST', '/window/passkey/create', { response: unverified }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
  });

  it('a signature counter that goes back (a cloned authenticator) is refused', async () => {
    const { window, options } = await signInChallenge(email);
    authenticator.signCount = 0; // the next assertion says 1, below what the network has seen
    const refused = await window.call('POST', '/window/passkey/sign-in', {
      response: authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN }),
    });
    expect(refusedWith(refused)).toEqual([401, 'AUTH_INVALID']);
    expect(refused.body.message).toMatch(/counter/i);
    authenticator.signCount = 100;
  });

  it('another profile’s passkey is refused', async () => {
    const other = await ownProfile();
    const theirs = new SoftwareAuthenticator();
    await createPasskeyAfterCode(other, theirs);
    const { window, options } = await signInChallenge(email);
    const refused = await window.call('POST', '/window/passkey/sign-in', {
      response: theirs.assert({ options, origin: SANDBOX_PAGE_ORIGIN }),
    });
    expect(refusedWith(refused)).toEqual([401, 'AUTH_INVALID']);
    expect(refused.body.message).toMatch(/not one of this profile/);
  });

  it('a passkey made at one host is neither offered nor accepted at another, nor on an address (the relying party id)', async () => {
    const sdk = newSdk();
    sdk.origin = 'http://127.0.0.1';
    await sdk.init();
    await sdk.call('POST', '/lookup', { email });
    const asked = await sdk.call('POST', '/windows', { kind: 'CODE' });
    const opened = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/api/windows/${String(asked.body.windowId)}/open`,
      headers: { host: '127.0.0.1', origin: 'http://127.0.0.1' },
      payload: { grant: asked.body.grant, openerOrigin: 'http://127.0.0.1' },
    });
    // An address cannot be a relying party (WebAuthn takes none): no passkey is offered there at all.
    expect(opened.json().passkey).toEqual({ available: false, reason: 'ADDRESS_HOST' });
  });
});

describe('transaction authentication: an AUTHENTICATED payload asked by the merchant', () => {
  const AUTHENTICATED = {
    dpaTransactionOptions: {
      authenticationPreferences: { payloadRequested: 'AUTHENTICATED' },
      transactionAmount: { transactionAmount: 120, transactionCurrencyCode: 'USD' },
    },
  };

  /** The returning user's first card, in a checkout that asks for an authenticated payload. */
  async function authenticatedCheckout(email: string) {
    const sdk = newSdk();
    await sdk.init();
    const cards = (await sdk.signIn(email)).body.cards as { srcDigitalCardId: string }[];
    const opened = await sdk.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      ...AUTHENTICATED,
    });
    const checkoutId = String(opened.body.checkoutId);
    return { sdk, checkoutId, window: await sdk.openWindow({ kind: 'CHECKOUT', checkoutId }) };
  }

  /** The payload the merchant's server fetches for the checkout (with its srcCorrelationId), decrypted with its key. */
  async function payloadOf(result: Json) {
    const { headers, checkoutResponseData } = result as { headers: Record<string, string>; checkoutResponseData: Json };
    const answer = await shop().network(
      payloadByTransaction(headers, { correlationId: checkoutResponseData.srcCorrelationId }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const { plaintext } = await compactDecrypt(answer.json().encryptedPayload, shop().payloadKey);
    return { answer: answer.json(), payload: JSON.parse(new TextDecoder().decode(plaintext)) as Json };
  }

  it('the shopper confirms with the passkey; the payload carries the assurance data', async () => {
    const authenticator = new SoftwareAuthenticator();
    const email = await ownProfile();
    await createPasskeyAfterCode(email, authenticator);
    const { sdk, checkoutId, window } = await authenticatedCheckout(email);
    expect(window.view.authentication).toEqual({ requested: true, passkey: true, code: true });
    // Continue alone does not complete it.
    expect(refusedWith(await window.call('POST', '/window/action', { action: 'COMPLETE' }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
    const asked = await window.call('POST', '/window/passkey/confirm-options', {});
    const response = authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/passkey/confirm', { response })).body).toEqual({
      confirmed: true,
      method: 'PASSKEY',
    });
    expect((await window.call('POST', '/window/action', { action: 'COMPLETE' })).status).toBe(200);
    const result = (await sdk.call('GET', `/checkouts/${checkoutId}/result`)).body as Json & {
      checkoutResponseData: Json;
      headers: Record<string, string>;
    };
    // What happened: the passkey confirmed the payment, the code signed the shopper in; the same
    // assurance data in the signed answer, the payload API's answer and inside the payload.
    const happened = {
      eci: '02',
      verificationData: [
        {
          verificationMethod: '07',
          verificationResults: '01',
          additionalData: 'Proof of Passkey Payment Authentication',
        },
        { verificationMethod: '04', verificationResults: '01' },
      ],
    };
    expect(result.checkoutResponseData).toMatchObject({
      authenticationOutcome: { requested: true, method: 'PASSKEY' },
      assuranceData: happened,
    });
    const { answer, payload } = await payloadOf(result);
    expect(answer.assuranceData).toMatchObject(happened);
    expect(payload.assuranceData).toEqual(answer.assuranceData);
    expect(payload).not.toHaveProperty('authenticationData');
  });

  it('a shopper signed in with a passkey: the payload’s sign-in entry is 07 (FIDO2), and no payment proof nobody gave', async () => {
    const authenticator = new SoftwareAuthenticator();
    const email = await ownProfile();
    await createPasskeyAfterCode(email, authenticator);
    const { sdk, window, options } = await signInChallenge(email);
    const response = authenticator.assert({ options, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/passkey/sign-in', { response })).status).toBe(200);
    const cards = (await sdk.call('GET', '/cards')).body.cards as { srcDigitalCardId: string }[];
    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
    const { payload } = await payloadOf(result!.body);
    expect(payload.assuranceData).toEqual({
      eci: '06',
      verificationData: [expect.objectContaining({ verificationMethod: '07', verificationResults: '01' })],
    });
    expect(JSON.stringify(payload.assuranceData)).not.toContain('Payment Authentication');
  });

  it('without a passkey the shopper confirms with the code', async () => {
    const { sdk, checkoutId, window } = await authenticatedCheckout(RETURNING);
    expect(window.view.authentication).toEqual({ requested: true, passkey: false, code: true, reason: 'NO_PASSKEY' });
    await window.call('POST', '/window/confirm-code/send', {});
    expect((await window.call('POST', '/window/confirm-code', { value: '000000' })).body.reason).toBe('CODE_INVALID');
    expect((await window.call('POST', '/window/confirm-code', { value: '123456' })).body.method).toBe('OTP');
    await window.call('POST', '/window/action', { action: 'COMPLETE' });
    const result = (await sdk.call('GET', `/checkouts/${checkoutId}/result`)).body;
    const { payload } = await payloadOf(result);
    expect(payload.assuranceData).toMatchObject({
      eci: '02',
      verificationData: [{ verificationMethod: '04', additionalData: 'Proof of OTP Payment Authentication' }, {}],
    });
  });

  it('without the page’s dpaName nothing is authenticated, and the answer says why', async () => {
    const sdk = newSdk();
    await sdk.init({ dpaNameGiven: false });
    const cards = (await sdk.signIn(RETURNING)).body.cards as { srcDigitalCardId: string }[];
    const { window, result } = await sdk.checkout({
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      ...AUTHENTICATED,
    });
    expect(window!.view.authentication).toEqual({
      requested: true,
      passkey: false,
      code: false,
      reason: 'DPA_NAME_MISSING',
    });
    expect((result!.body.checkoutResponseData as Json).authenticationOutcome).toEqual({
      requested: true,
      method: null,
      reason: 'DPA_NAME_MISSING',
    });
  });
});

describe('the sandbox page lists and removes the test consumers’ passkeys', () => {
  it('lists a test consumer’s passkey (not a tester’s own profile’s), and Remove brings the code back', async () => {
    const authenticator = new SoftwareAuthenticator();
    await createPasskeyAfterCode(RETURNING, authenticator);
    const own = await ownProfile();
    await createPasskeyAfterCode(own, new SoftwareAuthenticator());
    const listed = await sandbox.app.inject({ url: '/sandbox/passkeys?locale=en-US' });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(RETURNING);
    expect(listed.body).toContain(`${authenticator.id.slice(0, 12)}…`);
    expect(listed.body).not.toContain(own);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const elsewhere = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/passkeys/remove',
      headers: { ...form, origin: 'https://evil.example' },
      payload: `credentialId=${authenticator.id}`,
    });
    expect(elsewhere.statusCode).toBe(403);
    const notTheForm = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/passkeys/remove',
      headers: { origin: SANDBOX_PAGE_ORIGIN },
      payload: { credentialId: authenticator.id },
    });
    expect(notTheForm.statusCode).toBe(415);
    const removed = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/passkeys/remove',
      headers: { ...form, origin: SANDBOX_PAGE_ORIGIN },
      payload: `credentialId=${authenticator.id}`,
    });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/sandbox/passkeys']);
    const { window } = await authenticateWindow(RETURNING);
    expect(window.view.passkey).toEqual({ available: false, reason: 'NO_PASSKEY' });
  });
});
