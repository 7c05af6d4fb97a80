import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  compactDecrypt,
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JWK,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app.ts';
import { sandboxOtpChallenges } from '../src/store/schema.ts';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { merchantKeys } from '../../../apps/server/src/db/schema.ts';
import { oauthAuthorization, SIGNING_KEY_PURPOSE } from '../../../apps/server/src/features/payments/network-signing.ts';
import { networkSandbox } from '../src/plugin.ts';
import {
  DPA_ID,
  encryptCardFor,
  INIT,
  payloadByTransaction,
  signedInject,
  TestSdk,
  type NetworkCall,
  type NetworkClient,
} from './client.ts';
import { shopPerFile } from './server.ts';

/** The server's own client, onboarded at its sandbox, with its payload key. */
const { sandbox, shop } = shopPerFile('merchant-payload-key');

async function jwks() {
  return (await sandbox.app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
}

async function fetchPayload(result: Record<string, unknown>, headers: Record<string, string> = {}) {
  const data = result.checkoutResponseData as { srcCorrelationId: string };
  const resultHeaders = result.headers as Record<string, string>;
  return shop().network(
    payloadByTransaction(
      resultHeaders,
      { correlationId: data.srcCorrelationId },
      { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID, ...headers },
    ),
  );
}

async function decrypt(jwe: string): Promise<Record<string, unknown>> {
  const { plaintext, protectedHeader } = await compactDecrypt(jwe, shop().payloadKey);
  expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', kid: 'merchant-payload-key' });
  return JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
}

describe('keys', () => {
  it('publishes three public RSA keys whose kids say what they are for', async () => {
    const response = await sandbox.app.inject({ url: '/sandbox/keys' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: JWK[] };
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key.kty).toBe('RSA');
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }
    expect(keys.find((k) => k.kid!.includes('-src-fpan-encryption'))).toMatchObject({
      use: 'enc',
      alg: 'RSA-OAEP-256',
    });
    expect(keys.find((k) => k.kid!.includes('-src-payload-verification'))).toMatchObject({ use: 'sig', alg: 'RS256' });
    expect(keys.find((k) => k.kid!.includes('-src-identity-verification'))).toMatchObject({ use: 'sig', alg: 'RS256' });
    const single = (await sandbox.app.inject({ url: '/sandbox/keys/mcs/fpanEncryption' })).json() as { keys: JWK[] };
    expect(single.keys[0]!.kid).toContain('fpan-encryption');
    const verification = (await sandbox.app.inject({ url: '/sandbox/keys/mcs/payloadVerification' })).json() as {
      keys: JWK[];
    };
    expect(verification.keys[0]!.kid).toContain('payload-verification');
  });

  it('keeps its keys and test data across restarts and instances on the same database', async () => {
    const before = await jwks();
    const second = await buildApp({ database: sandbox.server.database });
    try {
      expect((await second.inject({ url: '/sandbox/keys' })).json()).toEqual(before);
      // A session opened on one instance works on the other.
      const sdk = new TestSdk(sandbox.app);
      await sdk.init();
      const other = new TestSdk(second);
      other.session = sdk.session;
      expect((await other.call('POST', '/lookup', { email: 'returning.user@example.com' })).body).toEqual({
        consumerPresent: true,
      });
      await other.call('POST', '/validation/initiate', {});
      const validated = await sdk.call('POST', '/validation/complete', { value: '123456' });
      expect(validated.status).toBe(200);
      expect((validated.body.cards as unknown[]).length).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe('pages and scripts', () => {
  it('serves the SDK script with a JavaScript content type', async () => {
    const response = await sandbox.app.inject({ url: '/sandbox/srci/integration/2/lib.js?srcDpaId=abc&locale=en_US' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.body).toContain('MastercardCheckoutServices');
    expect(response.body).toContain('Click2Pay');
    expect(response.body.length).toBeLessThan(20_000);
    const legacy = await sandbox.app.inject({ url: '/sandbox/srci/merchant/2/lib.js?dpaId=abc' });
    expect(legacy.statusCode).toBe(200);
  });

  it('serves the built UI kit at the network path', async () => {
    const base = '/sandbox/srci/integration/components/src-ui-kit';
    const script = await sandbox.app.inject({ url: `${base}/src-ui-kit.esm.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await sandbox.app.inject({ url: `${base}/src-ui-kit.css` })).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    expect((await sandbox.app.inject({ url: `${base}/other.js` })).statusCode).toBe(404);
  });

  it('serves the DCF page, framed only by its checkout’s merchant (none without one), and its script', async () => {
    const page = await sandbox.app.inject({ url: '/sandbox/dcf?checkout=x' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    const script = await sandbox.app.inject({ url: '/sandbox/dcf.js' });
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    // Other sandbox pages keep the server's own policy.
    const landing = await sandbox.app.inject({ url: '/sandbox' });
    expect(landing.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('lists the test data for integrators at /sandbox', async () => {
    const response = await sandbox.app.inject({ url: '/sandbox' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('returning.user@example.com');
    expect(response.body).toContain('locked.user@example.com');
    expect(response.body).toContain('5186 0017 0000 9726');
    expect(response.body).toContain('5120 3501 0006 4537');
    expect(response.body).toContain('123456');
    expect(response.body).not.toMatch(/<script/);
  });

  it('escapes what the harness page echoes', async () => {
    const response = await sandbox.app.inject({
      url: '/sandbox/harness?srcDpaId=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it('serves card art and answers 404 JSON for unknown sandbox paths', async () => {
    expect((await sandbox.app.inject({ url: '/sandbox/card-art/visa.svg' })).headers['content-type']).toContain(
      'image/svg+xml',
    );
    expect((await sandbox.app.inject({ url: '/sandbox/card-art/nope.svg' })).statusCode).toBe(404);
    const unknown = await sandbox.app.inject({ url: '/sandbox/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404 });
    expect((await sandbox.app.inject({ method: 'POST', url: '/sandbox/api/nothing' })).statusCode).toBe(404);
  });

  it('keeps the web app history fallback away from /sandbox paths', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'c2p-sandbox-web-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><body>app</body></html>');
    const withWeb = await buildApp({ database: sandbox.server.database, webDistDir: dir });
    try {
      const unknown = await withWeb.inject({ url: '/sandbox/unknown/page' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/json');
      expect((await withWeb.inject({ url: '/sandbox' })).body).toContain('Click to Pay network sandbox');
      expect((await withWeb.inject({ url: '/products' })).body).toContain('app');
    } finally {
      await withWeb.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('init', () => {
  it('answers the available brands and services', async () => {
    const sdk = new TestSdk(sandbox.app);
    const answer = await sdk.init();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      availableCardBrands: ['mastercard', 'visa'],
      availableServices: ['INLINE_CHECKOUT'],
    });
  });

  it.each([
    ['srcDpaId', { srcDpaId: '' }],
    ['dpaData.dpaName', { dpaData: {} }],
    ['dpaTransactionOptions', { dpaTransactionOptions: undefined }],
    ['dpaTransactionOptions.dpaLocale', { dpaTransactionOptions: { transactionAmount: {} } }],
    ['cardBrands', { cardBrands: [] }],
  ])('rejects a missing %s with INVALID_PARAMETER', async (field, override) => {
    const answer = await new TestSdk(sandbox.app).init(override);
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('INVALID_PARAMETER');
    expect(answer.body.message).toContain(field);
  });

  it('rejects unknown card brands', async () => {
    expect((await new TestSdk(sandbox.app).init({ cardBrands: ['diners'] })).body.reason).toBe('INVALID_PARAMETER');
  });

  it('refuses calls without an initialised session', async () => {
    const sdk = new TestSdk(sandbox.app);
    for (const [method, path] of [
      ['GET', '/cards'],
      ['POST', '/lookup'],
      ['POST', '/validation/initiate'],
      ['POST', '/validation/complete'],
      ['POST', '/checkouts'],
      ['POST', '/sign-out'],
      ['POST', '/installments/eligibility'],
    ] as const) {
      const answer = await sdk.call(method, path, method === 'POST' ? {} : undefined);
      expect(answer.status, path).toBe(400);
      expect(answer.body.reason, path).toBe('INVALID_REQUEST');
    }
    sdk.session = 'made-up';
    expect((await sdk.call('GET', '/cards')).body.reason).toBe('INVALID_REQUEST');
  });
});

describe('identity: lookup, codes, recognition', () => {
  it('knows the returning consumer by email and by mobile number, and no one else', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.call('GET', '/cards')).body).toEqual({ cards: [] });
    expect((await sdk.call('POST', '/lookup', { email: 'Returning.User@example.com' })).body).toEqual({
      consumerPresent: true,
    });
    expect(
      (await sdk.call('POST', '/lookup', { mobileNumber: { countryCode: '1', phoneNumber: '2025550143' } })).body,
    ).toEqual({
      consumerPresent: true,
    });
    expect((await sdk.call('POST', '/lookup', { email: 'someone.new@example.com' })).body).toEqual({
      consumerPresent: false,
    });
    expect((await sdk.call('POST', '/lookup', {})).body.reason).toBe('CONSUMER_ID_MISSING');
    expect((await sdk.call('POST', '/lookup', { email: 'not-an-email' })).body.reason).toBe('ID_FORMAT_UNSUPPORTED');
    expect(
      (await sdk.call('POST', '/lookup', { mobileNumber: { countryCode: 'x', phoneNumber: '1' } })).body.reason,
    ).toBe('ID_FORMAT_UNSUPPORTED');
  });

  it('refuses the locked consumer with ACCT_INACCESSIBLE', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const answer = await sdk.call('POST', '/lookup', { email: 'locked.user@example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body.reason).toBe('ACCT_INACCESSIBLE');
  });

  it('sends a code on the channel asked for, and refuses unknown consumers and channels', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.call('POST', '/validation/initiate', {})).body.reason).toBe('UNRECOGNIZED_CONSUMER_ID');
    await sdk.call('POST', '/lookup', { email: 'someone.new@example.com' });
    expect((await sdk.call('POST', '/validation/initiate', {})).body.reason).toBe('UNRECOGNIZED_CONSUMER_ID');
    await sdk.call('POST', '/lookup', { email: 'returning.user@example.com' });
    const first = await sdk.call('POST', '/validation/initiate', {});
    expect(first.body).toMatchObject({ maskedValidationChannel: 'r************r@example.com', network: 'mastercard' });
    const channels = first.body.supportedValidationChannels as { validationChannelId: string; identityType: string }[];
    expect(channels.map((c) => c.identityType)).toEqual(['EMAIL', 'SMS']);
    const sms = await sdk.call('POST', '/validation/initiate', {
      requestedValidationChannelId: channels[1]!.validationChannelId,
    });
    expect(sms.body.maskedValidationChannel).toBe('+1 *******143');
    expect(
      (await sdk.call('POST', '/validation/initiate', { requestedValidationChannelId: 'PIGEON' })).body.reason,
    ).toBe('INVALID_PARAMETER');
  });

  it('answers CODE_INVALID, then RETRIES_EXCEEDED at the third wrong code, and a new code starts again', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.call('POST', '/validation/complete', { value: '123456' })).body.reason).toBe('INVALID_REQUEST');
    await sdk.call('POST', '/lookup', { email: 'returning.user@example.com' });
    await sdk.call('POST', '/validation/initiate', {});
    expect((await sdk.call('POST', '/validation/complete', {})).body.reason).toBe('VALIDATION_DATA_MISSING');
    expect((await sdk.call('POST', '/validation/complete', { value: '000000' })).body.reason).toBe('CODE_INVALID');
    expect((await sdk.call('POST', '/validation/complete', { value: '000001' })).body.reason).toBe('CODE_INVALID');
    expect((await sdk.call('POST', '/validation/complete', { value: '000002' })).body.reason).toBe('RETRIES_EXCEEDED');
    expect((await sdk.call('POST', '/validation/complete', { value: '123456' })).body.reason).toBe('RETRIES_EXCEEDED');
    await sdk.call('POST', '/validation/initiate', {});
    const ok = await sdk.call('POST', '/validation/complete', { value: '123456' });
    expect(ok.status).toBe(200);
  });

  it('answers CODE_EXPIRED for an old code', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    await sdk.call('POST', '/lookup', { email: 'returning.user@example.com' });
    await sdk.call('POST', '/validation/initiate', {});
    await sandbox.server.database.db
      .update(sandboxOtpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxOtpChallenges.consumerId, sandboxOtpChallenges.consumerId));
    expect((await sdk.call('POST', '/validation/complete', { value: '123456' })).body.reason).toBe('CODE_EXPIRED');
  });

  it('answers the masked cards and a verifiable idToken once the code is right', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const answer = await sdk.signIn();
    expect(answer.status).toBe(200);
    expect(answer.rememberMeCookie).toBeUndefined();
    const cards = answer.body.cards as Record<string, unknown>[];
    expect(cards).toHaveLength(3);
    const mastercard = cards.find((c) => c.panLastFour === '9726')!;
    expect(mastercard).toMatchObject({
      panBin: '518600',
      paymentCardDescriptor: 'mastercard',
      paymentCardType: 'CREDIT',
      panExpirationMonth: '12',
      digitalCardData: { status: 'ACTIVE' },
      countryCode: 'US',
      dcf: { applicationType: 'WEB_BROWSER', name: 'mastercard' },
    });
    expect(mastercard.srcDigitalCardId).toMatch(/^[A-Za-z0-9_-]{22}000000000000US$/);
    expect(mastercard).not.toHaveProperty('primaryAccountNumber');
    expect(JSON.stringify(cards)).not.toContain('5186001700009726');
    expect(cards.find((c) => c.panLastFour === '4537')).toHaveProperty('tokenLastFour');
    expect(cards.some((c) => c.paymentCardDescriptor === 'visa')).toBe(true);
    const { payload } = await jwtVerify(String(answer.body.idToken), createLocalJWKSet(await jwks()), {
      issuer: 'https://mastercard.com',
    });
    expect(payload.consumerId).toBeTruthy();
    // The same session now sees the cards.
    expect(((await sdk.call('GET', '/cards')).body.cards as unknown[]).length).toBe(3);
  });

  it('only lists the brands init asked for', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init({ cardBrands: ['visa'] });
    const cards = (await sdk.signIn()).body.cards as Record<string, unknown>[];
    expect(cards.map((c) => c.paymentCardDescriptor)).toEqual(['visa']);
  });

  it('remembers the browser with a /sandbox cookie until signOut', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const answer = await sdk.signIn('returning.user@example.com', { rememberMe: true });
    expect(answer.rememberMeCookie).toMatch(
      /^c2p_sandbox_device=.+; Path=\/sandbox; .*HttpOnly; SameSite=None; Secure/,
    );
    const later = new TestSdk(sandbox.app);
    later.cookie = sdk.cookie;
    await later.init();
    expect(((await later.call('GET', '/cards')).body.cards as unknown[]).length).toBe(3);
    expect((await later.call('POST', '/sign-out', {})).body).toEqual({ recognized: false });
    expect(later.cookies.has('c2p_sandbox_device')).toBe(false);
    const again = new TestSdk(sandbox.app);
    again.cookie = sdk.cookie;
    await again.init();
    expect((await again.call('GET', '/cards')).body.cards).toEqual([]);
  });

  it('issues recognition tokens (section 9.4) that init accepts until signOut revokes them', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const answer = await sdk.signIn('returning.user@example.com', { requestRecognitionToken: true });
    const token = String(answer.body.recognitionToken);
    expect(decodeProtectedHeader(token)).toMatchObject({ typ: 'JWT+ext.recognition_token', alg: 'RS256' });
    expect(String(decodeProtectedHeader(token).kid)).toContain('identity-verification');
    const { payload } = await jwtVerify(token, createLocalJWKSet(await jwks()), {
      issuer: 'https://mastercard.com',
      audience: 'https://mastercard.com',
    });
    expect(payload).toMatchObject({ scopes: ['DEFAULT'], programId: 'SRC' });
    expect(payload.appInstanceId).toBeTruthy();
    expect(payload.exp! - payload.iat!).toBeGreaterThan(170 * 24 * 3600);

    const elsewhere = new TestSdk(sandbox.app);
    await elsewhere.init({ recognitionToken: token });
    expect(((await elsewhere.call('GET', '/cards')).body.cards as unknown[]).length).toBe(3);
    await elsewhere.call('POST', '/sign-out', { recognitionToken: token });
    const after = new TestSdk(sandbox.app);
    await after.init({ recognitionToken: token });
    expect((await after.call('GET', '/cards')).body.cards).toEqual([]);
    // A forged token is simply not recognised.
    const forged = new TestSdk(sandbox.app);
    expect((await forged.init({ recognitionToken: `${token.slice(0, -4)}AAAA` })).status).toBe(200);
    expect((await forged.call('GET', '/cards')).body.cards).toEqual([]);
  });
});

describe('checkout with a card, the payload and confirmations', () => {
  it('refuses checkouts before the consumer is known or for someone else’s card', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.call('POST', '/checkouts', { kind: 'CARD' })).body.reason).toBe('CARDID_MISSING');
    expect((await sdk.call('POST', '/checkouts', { kind: 'CARD', srcDigitalCardId: 'x' })).body.reason).toBe(
      'AUTH_INVALID',
    );
    await sdk.signIn();
    const unknown = await sdk.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: 'AAAAAAAAAAAAAAAAAAAAAA000000000000US',
    });
    expect(unknown.body.reason).toBe('CARD_NOT_RECOGNIZED');
  });

  it('completes with a signed checkout response, the headers and an idToken; the payload decrypts to a network token', async () => {
    const sdk = new TestSdk(sandbox.app);
    sdk.origin = 'http://shop.localhost:8080';
    const card = await sdk.returningCard('9726');
    const { result, window } = await sdk.checkout(
      {
        kind: 'CARD',
        srcDigitalCardId: card.srcDigitalCardId,
        recognitionTokenRequested: true,
      },
      'COMPLETE',
      { rememberMe: false },
    );
    // What the window was told when it opened: whom it answers, and the checkout to show.
    expect(window!.view).toMatchObject({
      kind: 'CHECKOUT',
      merchantOrigin: 'http://shop.localhost:8080',
      checkout: { status: 'PENDING', merchant: { name: 'Test Shop' } },
    });
    const body = result!.body;
    expect(body.checkoutActionCode).toBe('COMPLETE');
    expect(body.network).toBe('mastercard');
    const headers = body.headers as Record<string, string>;
    expect(headers['merchant-transaction-id']).toMatch(/^[0-9a-f]{7}\.[0-9a-f]{8}\.[0-9a-f]{40}$/);
    expect(headers['x-src-cx-flow-id']).toMatch(
      /^[0-9a-f]{8}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9]{10}$/,
    );
    expect(body.recognitionToken).toBeTruthy();
    await jwtVerify(String(body.idToken), createLocalJWKSet(await jwks()));

    const { payload, protectedHeader } = await compactVerify(
      String(body.checkoutResponse),
      createLocalJWKSet(await jwks()),
    );
    expect(protectedHeader).toMatchObject({ alg: 'RS256', iss: 'https://mastercard.com' });
    expect(protectedHeader.kid).toContain('payload-verification');
    expect(protectedHeader.jti).toBeTruthy();
    expect(typeof protectedHeader.iat).toBe('string');
    const signed = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(signed).toEqual(body.checkoutResponseData);
    expect(signed).toMatchObject({
      maskedCard: { srcDigitalCardId: card.srcDigitalCardId },
      maskedConsumer: { status: 'ACTIVE' },
    });

    const response = await fetchPayload(body);
    expect(response.statusCode).toBe(200);
    const api = response.json() as Record<string, unknown>;
    expect(api).toMatchObject({
      merchantTransactionId: headers['merchant-transaction-id'],
      correlationId: signed.srcCorrelationId,
      // The shopper signed in with the code, and confirmed nothing: no authenticated payload.
      assuranceData: { eci: '06', verificationData: [{ verificationMethod: '04', verificationResults: '01' }] },
      maskedCard: { panLastFour: '9726' },
    });
    const decrypted = await decrypt(String(api.encryptedPayload));
    // Click to Pay is tokenized: by default a network token and a cryptogram, never the card number.
    expect(decrypted.token).toMatchObject({ paymentToken: expect.stringMatching(/^\d{16}$/) });
    expect(decrypted.dynamicData).toMatchObject({ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' });
    expect(decrypted).not.toHaveProperty('card');
    expect(decrypted).toMatchObject({
      consumerEmailAddress: 'returning.user@example.com',
      consumerFirstName: 'Jane',
      consumerLastName: 'Doe',
      consumerMobileNumber: { countryCode: '1', phoneNumber: '2025550143' },
    });

    // A128GCM on request, for decryptors that expect the REFAPP header.
    const gcm = await fetchPayload(body, { 'x-sandbox-payload-enc': 'A128GCM' });
    const { protectedHeader: gcmHeader } = await compactDecrypt(String(gcm.json().encryptedPayload), shop().payloadKey);
    expect(gcmHeader.enc).toBe('A128GCM');

    // Confirmations (section 10).
    const confirmationData = {
      checkoutEventType: '01',
      checkoutEventStatus: '02',
      confirmationStatus: '01',
      confirmationReason: 'Order Successfully Created',
      confirmationTimestamp: new Date().toISOString(),
      networkTransactionIdentifier: 'UNAVLB',
      transactionAmount: { transactionAmount: '120.00', transactionCurrencyCode: 'USD' },
    };
    const confirmed = await shop().network({
      method: 'POST',
      url: '/sandbox/srci/api/checkout/confirmations',
      payload: {
        correlationId: signed.srcCorrelationId,
        merchantTransactionId: headers['merchant-transaction-id'],
        confirmationData,
      },
    });
    expect(confirmed.statusCode).toBe(204);
    const current = await shop().network({
      method: 'POST',
      url: '/sandbox/src/api/confirmations',
      payload: {
        srcClientId: DEMO_SRC_CLIENT_ID,
        srcDpaId: DPA_ID,
        srcCorrelationId: signed.srcCorrelationId,
        confirmationData,
      },
      headers: { 'x-src-cx-flow-id': '' },
    });
    expect(current.statusCode).toBe(204);
    // The network publishes no answer to an empty flow id: accepted, and the sandbox says so (issue 37).
    expect(current.headers['x-sandbox-note']).toMatch(/X-Src-Cx-Flow-Id is empty/);
    for (const [payloadBody, field] of [
      [{ merchantTransactionId: 'x', confirmationData }, 'correlationId'],
      [{ correlationId: signed.srcCorrelationId }, 'confirmationData'],
      [
        { correlationId: signed.srcCorrelationId, confirmationData: { ...confirmationData, checkoutEventType: '9' } },
        'confirmationData.checkoutEventType',
      ],
      [
        {
          correlationId: signed.srcCorrelationId,
          confirmationData: { ...confirmationData, confirmationTimestamp: 'soon' },
        },
        'confirmationData.confirmationTimestamp',
      ],
      [
        {
          correlationId: signed.srcCorrelationId,
          confirmationData: { ...confirmationData, networkTransactionIdentifier: undefined },
        },
        'confirmationData.networkTransactionIdentifier',
      ],
      [
        {
          correlationId: signed.srcCorrelationId,
          confirmationData: { ...confirmationData, transactionAmount: { transactionAmount: 'x' } },
        },
        'confirmationData.transactionAmount',
      ],
      [
        { correlationId: signed.srcCorrelationId, confirmationData: { ...confirmationData, confirmationStatus: '7' } },
        'confirmationData.confirmationStatus',
      ],
      [{ correlationId: 'nope', confirmationData }, 'correlationId'],
    ] as const) {
      const bad = await shop().network({
        method: 'POST',
        url: '/sandbox/srci/api/checkout/confirmations',
        payload: payloadBody,
      });
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json(), field).toMatchObject({
        status: 400,
        reason: 'INVALID_ARGUMENT',
        errordetail: [{ source: field }],
      });
    }
  });

  it('answers a token and a cryptogram for the token card', async () => {
    const sdk = new TestSdk(sandbox.app);
    const card = await sdk.returningCard('4537');
    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: card.srcDigitalCardId });
    const decrypted = await decrypt(String((await fetchPayload(result!.body)).json().encryptedPayload));
    expect(decrypted).not.toHaveProperty('card');
    const token = decrypted.token as Record<string, string>;
    expect(token.paymentToken).toMatch(/^\d{16}$/);
    expect(token.paymentToken).not.toBe('5120350100064537');
    expect(token.paymentToken!.slice(-4)).toBe(card.tokenLastFour);
    const dynamic = decrypted.dynamicData as Record<string, string>;
    expect(dynamic.dynamicDataType).toBe('CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM');
    expect(dynamic.dynamicDataValue).toMatch(/^[A-Za-z0-9+/=]{28}$/);
    expect(Date.parse(dynamic.dynamicDataExpiration!)).toBeGreaterThan(Date.now());
  });

  it('answers the current API (section 9.2 a): a signed checkout response with the payload inside', async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    const card = cards.find((c) => c.panLastFour === '9726')!;
    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: card.srcDigitalCardId });
    const data = result!.body.checkoutResponseData as { srcCorrelationId: string };
    const post = (payload: Record<string, unknown>) =>
      shop().network({ method: 'POST', url: '/sandbox/src/api/digital/payments/transaction/credentials', payload });
    const body = {
      srcClientId: DEMO_SRC_CLIENT_ID,
      srcDpaId: DPA_ID,
      srcCorrelationId: data.srcCorrelationId,
      srcDigitalCardId: card.srcDigitalCardId,
    };
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const { payload } = await compactVerify(
      String(response.json().checkoutResponseJWS),
      createLocalJWKSet(await jwks()),
    );
    const signed = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(signed).toMatchObject({
      srcCorrelationId: data.srcCorrelationId,
      maskedCard: { panLastFour: '9726' },
      assuranceData: { eci: '06', verificationData: [{ verificationMethod: '04' }] },
    });
    expect((await decrypt(String(signed.encryptedPayload))).token).toMatchObject({
      paymentToken: expect.stringMatching(/^\d{16}$/),
    });
    expect((await post({ ...body, srcDpaId: undefined })).statusCode).toBe(400);
    expect((await post({ ...body, srcCorrelationId: undefined })).statusCode).toBe(400);
    expect((await post({ ...body, srcDigitalCardId: undefined })).statusCode).toBe(400);
    expect((await post({ ...body, srcDpaId: 'unregistered' })).statusCode).toBe(403);
    expect((await post({ ...body, srcCorrelationId: 'nope' })).json().errordetail[0].reason).toBe('NOT_FOUND');
    expect(
      (await post({ ...body, srcDigitalCardId: cards.find((c) => c !== card)!.srcDigitalCardId })).json().errordetail[0]
        .reason,
    ).toBe('CARD_NOT_FOUND');
  });

  it('refuses payload requests that do not match a completed checkout', async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
    const body = result!.body;
    const headers = body.headers as Record<string, string>;
    const wrongFlow = await fetchPayload(body, {
      'x-src-cx-flow-id': 'deadbeef.00000000-0000-0000-0000-000000000000.1700000000',
    });
    expect(wrongFlow.statusCode).toBe(400);
    expect(wrongFlow.json()).toMatchObject({
      reason: 'INVALID_ARGUMENT',
      errordetail: [{ source: 'x-src-cx-flow-id', sourceType: 'HEADER' }],
    });
    const post = (
      payload: Record<string, unknown>,
      extraHeaders: Record<string, string> = { 'x-src-cx-flow-id': headers['x-src-cx-flow-id']! },
    ) => shop().network({ method: 'POST', url: '/sandbox/srci/api/checkout', headers: extraHeaders, payload });
    const reference = {
      type: 'MERCHANT_TRANSACTION_ID',
      data: { merchantTransactionId: headers['merchant-transaction-id'] },
    };
    expect((await post({ checkoutReference: reference })).json().errordetail[0].source).toBe('srcDpaId');
    expect((await post({ srcDpaId: DPA_ID, checkoutReference: reference }, {})).statusCode).toBe(400);
    expect((await post({ srcDpaId: 'unregistered-dpa', checkoutReference: reference })).json()).toMatchObject({
      status: 403,
      reason: 'PERMISSION_DENIED',
    });
    expect(
      (await post({ srcDpaId: DPA_ID, checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: {} } })).statusCode,
    ).toBe(400);
    expect(
      (
        await post({
          srcDpaId: DPA_ID,
          checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: { merchantTransactionId: 'nope' } },
        })
      ).json().errordetail[0].reason,
    ).toBe('NOT_FOUND');
    expect((await post({ srcDpaId: DPA_ID, correlationId: 'other', checkoutReference: reference })).statusCode).toBe(
      400,
    );
    expect((await post({ srcDpaId: DPA_ID, checkoutReference: { type: 'SOMETHING' } })).statusCode).toBe(400);
  });

  it('answers CANCEL, CHANGE_CARD, ADD_CARD and ERROR, once; SWITCH_CONSUMER signs the consumer out', async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    for (const action of ['CANCEL', 'CHANGE_CARD', 'ADD_CARD', 'ERROR']) {
      const { result, id } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId }, action);
      expect(result!.body).toEqual({ checkoutActionCode: action });
      const again = await sdk.call('POST', `/checkouts/${id}/action`, { action: 'COMPLETE' });
      expect(again.status).toBe(409);
      expect(again.body.reason).toBe('INVALID_REQUEST');
    }
    const opened = await sdk.call('POST', '/checkouts', { kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
    const id = String(opened.body.checkoutId);
    expect((await sdk.call('GET', `/checkouts/${id}/result`)).status).toBe(409);
    expect((await sdk.call('POST', `/checkouts/${id}/action`, { action: 'DANCE' })).body.reason).toBe(
      'INVALID_PARAMETER',
    );
    const stranger = new TestSdk(sandbox.app);
    await stranger.init();
    expect((await stranger.call('GET', `/checkouts/${id}/result`)).status).toBe(404);
    // The page may give its checkout up, nothing more: only the network's window answers it.
    const byPage = await sdk.call('POST', `/checkouts/${id}/action`, { action: 'COMPLETE' });
    expect([byPage.status, byPage.body.reason]).toEqual([403, 'AUTH_ERROR']);
    const window = await sdk.openWindow({ kind: 'CHECKOUT', checkoutId: id });
    await window.call('POST', '/window/action', { action: 'SWITCH_CONSUMER' });
    expect((await sdk.call('GET', `/checkouts/${id}/result`)).body).toEqual({ checkoutActionCode: 'SWITCH_CONSUMER' });
    expect((await sdk.call('GET', '/cards')).body.cards).toEqual([]);
  });
});

describe('new cards', () => {
  const expiryYear = String(new Date().getFullYear() + 2);

  it('checks out an encrypted new card as a guest, and enrols it with the email of a new consumer', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    expect((await sdk.call('POST', '/lookup', { email: 'brand.new@example.com' })).body.consumerPresent).toBe(false);
    const encryptedCard = await encryptCardFor(sandbox.app, {
      primaryAccountNumber: '5120350100064545',
      panExpirationMonth: '09',
      panExpirationYear: expiryYear.slice(-2),
      cardSecurityCode: '123',
      cardholderFirstName: 'Nova',
      cardholderLastName: 'User',
    });
    const { result } = await sdk.checkout({
      kind: 'NEW_CARD',
      encryptedCard,
      cardBrand: 'mastercard',
      consumer: { emailAddress: 'brand.new@example.com', firstName: 'Nova', lastName: 'User' },
    });
    expect(result!.body).toMatchObject({ checkoutActionCode: 'COMPLETE', network: 'mastercard' });
    const decrypted = await decrypt(String((await fetchPayload(result!.body)).json().encryptedPayload));
    expect(decrypted).toHaveProperty('token');
    expect(decrypted.consumerEmailAddress).toBe('brand.new@example.com');

    const later = new TestSdk(sandbox.app);
    await later.init();
    expect((await later.call('POST', '/lookup', { email: 'brand.new@example.com' })).body.consumerPresent).toBe(true);
    const cards = (await later.signIn('brand.new@example.com')).body.cards as Record<string, unknown>[];
    expect(cards.map((c) => c.panLastFour)).toEqual(['4545']);
  });

  it('does not enrol without consent', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const encryptedCard = await encryptCardFor(sandbox.app, {
      primaryAccountNumber: '5186001700008876',
      panExpirationMonth: '01',
      panExpirationYear: expiryYear,
      cardSecurityCode: '321',
    });
    const { result } = await sdk.checkout(
      { kind: 'NEW_CARD', encryptedCard, consumer: { emailAddress: 'guest.only@example.com' } },
      'COMPLETE',
      { enrol: false },
    );
    const decrypted = await decrypt(String((await fetchPayload(result!.body)).json().encryptedPayload));
    expect(decrypted.token).toMatchObject({ paymentToken: expect.stringMatching(/^\d{16}$/) });
    expect(decrypted).not.toHaveProperty('card');
    expect((await sdk.call('POST', '/lookup', { email: 'guest.only@example.com' })).body.consumerPresent).toBe(false);
  });

  it.each([
    ['CARD_MISSING', undefined],
    ['CARD_INVALID', 'not.a.jwe.at.all'],
    [
      'CARD_INVALID',
      {
        primaryAccountNumber: '5186001700009727',
        panExpirationMonth: '01',
        panExpirationYear: '2099',
        cardSecurityCode: '123',
      },
    ],
    [
      'CARD_EXP_INVALID',
      {
        primaryAccountNumber: '5186001700009726',
        panExpirationMonth: '13',
        panExpirationYear: '2099',
        cardSecurityCode: '123',
      },
    ],
    [
      'CARD_EXP_INVALID',
      {
        primaryAccountNumber: '5186001700009726',
        panExpirationMonth: '01',
        panExpirationYear: '2001',
        cardSecurityCode: '123',
      },
    ],
    [
      'CARD_SECURITY_CODE_MISSING',
      { primaryAccountNumber: '5186001700009726', panExpirationMonth: '01', panExpirationYear: '2099' },
    ],
    [
      'INVALID_PARAMETER',
      {
        primaryAccountNumber: '5186001700009726',
        panExpirationMonth: '01',
        panExpirationYear: '2099',
        cardSecurityCode: '123',
        brand: 'visa',
      },
    ],
  ])('refuses a bad new card with %s', async (reason, card) => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const encryptedCard =
      card === undefined ? undefined : typeof card === 'string' ? card : await encryptCardFor(sandbox.app, card);
    const cardBrand = typeof card === 'object' && 'brand' in card ? card.brand : undefined;
    const answer = await sdk.call('POST', '/checkouts', { kind: 'NEW_CARD', encryptedCard, cardBrand });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe(reason);
  });
});

describe('installments and card on file', () => {
  it('offers plans for eligible amounts only and carries the chosen plan into the payload', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init({ services: ['INLINE_INSTALLMENTS'] });
    const eligible = await sdk.call('POST', '/installments/eligibility', {
      transactionAmount: { transactionAmount: '120', transactionCurrencyCode: 'USD' },
      merchantCategoryCode: '0000',
    });
    expect(eligible.body.eligible).toBe(true);
    const plans = eligible.body.plans as Record<string, unknown>[];
    expect(plans[0]).toEqual({
      planId: 'PLAN-3M',
      numberOfInstallments: 3,
      frequency: 'MONTHLY',
      installmentAmount: '40.00',
      totalAmount: '120.00',
      apr: '0.00',
      currency: 'USD',
    });
    for (const options of [
      { transactionAmount: { transactionAmount: '1', transactionCurrencyCode: 'USD' }, merchantCategoryCode: '0000' },
      { transactionAmount: { transactionAmount: '120', transactionCurrencyCode: 'USD' }, merchantCategoryCode: 'CATT' },
    ]) {
      expect((await sdk.call('POST', '/installments/eligibility', options)).body).toEqual({
        eligible: false,
        plans: [],
      });
    }
    const cards = (await sdk.signIn()).body.cards as Record<string, unknown>[];
    const bad = await sdk.call('POST', '/checkouts', {
      kind: 'INSTALLMENTS',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      installmentPlan: { planId: 'PLAN-7M' },
    });
    expect(bad.body.reason).toBe('INVALID_PARAMETER');
    const { result } = await sdk.checkout({
      kind: 'INSTALLMENTS',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      installmentPlan: { planId: 'PLAN-6M' },
    });
    expect(result!.body.checkoutResponseData).toMatchObject({
      installmentPlan: { planId: 'PLAN-6M', numberOfInstallments: 6 },
    });
    const decrypted = await decrypt(String((await fetchPayload(result!.body)).json().encryptedPayload));
    expect(decrypted.installmentData).toMatchObject({ planId: 'PLAN-6M' });
  });

  it('creates merchant cards, checks out with them and deletes them', async () => {
    const sdk = new TestSdk(sandbox.app);
    const card = await sdk.returningCard('9726');
    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: card.srcDigitalCardId });
    const headers = result!.body.headers as Record<string, string>;
    const created = await shop().network({
      method: 'POST',
      url: '/sandbox/srci/api/merchantCards',
      payload: {
        srcDpaId: DPA_ID,
        merchantTransactionId: headers['merchant-transaction-id'],
        merchantAccountId: 'shopper-1',
      },
    });
    expect(created.statusCode).toBe(200);
    const { merchantCardId } = created.json() as { merchantCardId: string };
    expect(merchantCardId).toMatch(/^[0-9a-f-]{36}$/);
    const recurring = await shop().network({
      method: 'POST',
      url: '/sandbox/srci/api/checkout',
      payload: { srcDpaId: DPA_ID, checkoutReference: { type: 'MERCHANT_CARD_ID', data: { merchantCardId } } },
    });
    expect(recurring.statusCode).toBe(200);
    expect(recurring.json()).toMatchObject({ merchantCardId, assuranceData: { eci: '06' } });
    expect((await decrypt(recurring.json().encryptedPayload)).token).toMatchObject({
      paymentToken: expect.stringMatching(/^\d{16}$/),
    });
    expect((await fetchPayload(result!.body)).json().merchantCardId).toBe(merchantCardId);

    expect(
      (await shop().network({ method: 'POST', url: '/sandbox/srci/api/merchantCards', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await shop().network({ method: 'POST', url: '/sandbox/srci/api/merchantCards', payload: { srcDpaId: DPA_ID } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await shop().network({
          method: 'POST',
          url: '/sandbox/srci/api/merchantCards',
          payload: { srcDpaId: DPA_ID, merchantTransactionId: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await shop().network({ method: 'DELETE', url: `/sandbox/srci/api/merchantCards/${merchantCardId}` })).statusCode,
    ).toBe(204);
    expect(
      (await shop().network({ method: 'DELETE', url: `/sandbox/srci/api/merchantCards/${merchantCardId}` })).statusCode,
    ).toBe(404);
    expect((await shop().network({ method: 'DELETE', url: '/sandbox/srci/api/merchantCards/bad' })).statusCode).toBe(
      400,
    );
    const gone = await shop().network({
      method: 'POST',
      url: '/sandbox/srci/api/checkout',
      payload: { srcDpaId: DPA_ID, checkoutReference: { type: 'MERCHANT_CARD_ID', data: { merchantCardId } } },
    });
    expect(gone.json().errordetail[0].reason).toBe('CARD_NOT_FOUND');
  });
});

describe('settings', () => {
  it('adds the configured delay before SDK answers, for live demos', async () => {
    const slow = await buildApp({ database: sandbox.server.database, sandboxLatencyMs: 60 });
    try {
      const started = performance.now();
      expect((await new TestSdk(slow).init()).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    } finally {
      await slow.close();
    }
  });
});

describe('DPA keys', () => {
  it('registers public RSA keys only', async () => {
    const put = (payload: unknown) =>
      shop().network({
        method: 'PUT',
        url: '/sandbox/dpas/other-dpa/key',
        payload: payload as Record<string, unknown>,
      });
    expect((await put({ kty: 'EC', crv: 'P-256' })).statusCode).toBe(400);
    const { privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    expect((await put(privateJwk)).json().message).toContain('private key');
    expect((await put({ kty: 'RSA', n: 'AQAB', e: 'AQAB' })).statusCode).toBe(400);
    expect((await sandbox.app.inject({ url: '/sandbox/dpas/other-dpa/key' })).statusCode).toBe(404);
    expect((await put(shop().payloadJwk)).statusCode).toBe(204);
    expect((await sandbox.app.inject({ url: '/sandbox/dpas/other-dpa/key' })).json()).toMatchObject({
      kty: 'RSA',
      kid: 'merchant-payload-key',
    });
    // The init body of the tests is the reference's shape.
    expect(INIT.dpaTransactionOptions.dpaLocale).toBe('en_US');
  });
});

describe('item 2: only the client that owns a DPA registers its key and fetches its payloads', () => {
  const attackerJwk = () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { ...publicKey.export({ format: 'jwk' }), kid: 'attacker-key' };
  };
  const registeredKid = async () => (await sandbox.app.inject({ url: `/sandbox/dpas/${DPA_ID}/key` })).json().kid;

  it('refuses an unsigned, forged, tampered or stale key registration with 401, and the key stays', async () => {
    const url = `/sandbox/dpas/${DPA_ID}/key`;
    const payload = attackerJwk();
    const attacks: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      ['unsigned', () => sandbox.app.inject({ method: 'PUT', url, payload })],
      [
        'the client id header alone',
        () =>
          sandbox.app.inject({ method: 'PUT', url, headers: { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID }, payload }),
      ],
      [
        "signed with the attacker's own key under the shop's client id",
        () =>
          signedInject(
            sandbox.app,
            {
              clientId: DEMO_SRC_CLIENT_ID,
              privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
            },
            { method: 'PUT', url, payload },
          ),
      ],
      [
        'signed as a client the network does not know',
        () =>
          signedInject(
            sandbox.app,
            { clientId: 'attacker-client', privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
            { method: 'PUT', url, payload },
          ),
      ],
      [
        "the shop's signed registration replayed with the attacker's key as body",
        async () => {
          const genuine = oauthAuthorization({
            method: 'PUT',
            url: `http://localhost${url}`,
            body: JSON.stringify(shop().payloadJwk),
            consumerKey: DEMO_SRC_CLIENT_ID,
            privateKey: shop().merchant.privateKey,
          });
          return sandbox.app.inject({ method: 'PUT', url, headers: { authorization: genuine }, payload });
        },
      ],
      [
        "the shop's signature for another DPA's path",
        async () => {
          const genuine = oauthAuthorization({
            method: 'PUT',
            url: 'http://localhost/sandbox/dpas/attacker-dpa/key',
            body: JSON.stringify(payload),
            consumerKey: DEMO_SRC_CLIENT_ID,
            privateKey: shop().merchant.privateKey,
          });
          return sandbox.app.inject({ method: 'PUT', url, headers: { authorization: genuine }, payload });
        },
      ],
      [
        'a signature from 10 minutes ago',
        () =>
          signedInject(sandbox.app, shop().merchant, {
            method: 'PUT',
            url,
            payload,
            now: new Date(Date.now() - 10 * 60_000),
          }),
      ],
      [
        'signed by the shop but naming another client in x-openapi-clientid',
        () => shop().network({ method: 'PUT', url, headers: { 'x-openapi-clientid': 'someone-else' }, payload }),
      ],
    ];
    for (const [name, attack] of attacks) {
      const response = await attack();
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toMatchObject({
        status: 401,
        reason: 'UNAUTHENTICATED',
        message: expect.any(String),
        errordetail: [{ source: 'Authorization', sourceType: 'HEADER' }],
      });
      expect(await registeredKid(), name).toBe('merchant-payload-key');
    }
  });

  it('refuses unsigned payload, confirmation and merchant-card calls with 401', async () => {
    const calls: NetworkCall[] = [
      { method: 'POST', url: '/sandbox/srci/api/checkout', payload: { srcDpaId: DPA_ID } },
      {
        method: 'POST',
        url: '/sandbox/src/api/digital/payments/transaction/credentials',
        payload: { srcDpaId: DPA_ID },
      },
      { method: 'POST', url: '/sandbox/srci/api/checkout/confirmations', payload: { correlationId: 'x' } },
      { method: 'POST', url: '/sandbox/src/api/confirmations', payload: { srcCorrelationId: 'x' } },
      { method: 'POST', url: '/sandbox/srci/api/merchantCards', payload: { srcDpaId: DPA_ID } },
      { method: 'DELETE', url: '/sandbox/srci/api/merchantCards/00000000-0000-4000-8000-000000000000' },
    ];
    for (const call of calls) {
      const response = await sandbox.app.inject({
        method: call.method!,
        url: call.url,
        headers: { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID },
        ...(call.payload ? { payload: call.payload as Record<string, unknown> } : {}),
      });
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json().reason, call.url).toBe('UNAUTHENTICATED');
    }
  });

  it("lets a second onboarded client neither replace the shop's key nor fetch, confirm or keep the shop's cards", async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const second: NetworkClient = { clientId: 'second-merchant', privateKey: pair.privateKey };
    const [shopKey] = await sandbox.server.database.db
      .select()
      .from(merchantKeys)
      .where(eq(merchantKeys.purpose, SIGNING_KEY_PURPOSE));
    // The same network, with two merchants onboarded.
    const twoClients = Fastify();
    await twoClients.register(networkSandbox, {
      prefix: '/sandbox',
      db: sandbox.server.database.db,
      clients: [
        { clientId: DEMO_SRC_CLIENT_ID, publicJwk: shopKey!.publicJwk },
        { clientId: second.clientId, publicJwk: pair.publicKey.export({ format: 'jwk' }) },
      ],
    });
    try {
      const asSecond = (call: NetworkCall) => signedInject(twoClients, second, call);
      const replaced = await asSecond({ method: 'PUT', url: `/sandbox/dpas/${DPA_ID}/key`, payload: attackerJwk() });
      expect(replaced.statusCode).toBe(403);
      expect(replaced.json()).toMatchObject({ reason: 'PERMISSION_DENIED', errordetail: [{ source: 'srcDpaId' }] });
      expect(await registeredKid()).toBe('merchant-payload-key');

      const sdk = new TestSdk(sandbox.app);
      const cards = await sdk.returningCards();
      const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
      const headers = result!.body.headers as Record<string, string>;
      const data = result!.body.checkoutResponseData as { srcCorrelationId: string };
      const denied: NetworkCall[] = [
        payloadByTransaction(headers),
        {
          url: '/sandbox/src/api/digital/payments/transaction/credentials',
          payload: {
            srcDpaId: DPA_ID,
            srcCorrelationId: data.srcCorrelationId,
            srcDigitalCardId: cards[0]!.srcDigitalCardId,
          },
        },
        {
          url: '/sandbox/srci/api/checkout/confirmations',
          payload: {
            correlationId: data.srcCorrelationId,
            confirmationData: {
              checkoutEventType: '01',
              checkoutEventStatus: '01',
              confirmationTimestamp: new Date().toISOString(),
              networkTransactionIdentifier: 'UNAVLB',
            },
          },
        },
        {
          url: '/sandbox/srci/api/merchantCards',
          payload: { srcDpaId: DPA_ID, merchantTransactionId: headers['merchant-transaction-id'] },
        },
      ];
      for (const call of denied) {
        const response = await asSecond(call);
        expect(response.statusCode, call.url).toBe(403);
        expect(response.json().reason, call.url).toBe('PERMISSION_DENIED');
      }
      // The shop itself still can; the second client registers and owns a DPA of its own.
      expect((await fetchPayload(result!.body)).statusCode).toBe(200);
      const own = await asSecond({ method: 'PUT', url: '/sandbox/dpas/second-dpa/key', payload: attackerJwk() });
      expect(own.statusCode).toBe(204);
      expect(
        (await shop().network({ method: 'PUT', url: '/sandbox/dpas/second-dpa/key', payload: shop().payloadJwk }))
          .statusCode,
      ).toBe(403);
    } finally {
      await twoClients.close();
    }
  });
});

describe('item 12: the payload names the amount the checkout was made for', () => {
  it("carries the checkout's amount and currency, whatever the merchant's request says", async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    const { result } = await sdk.checkout({
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      dpaTransactionOptions: { transactionAmount: { transactionAmount: 386.09, transactionCurrencyCode: 'USD' } },
    });
    const headers = result!.body.headers as Record<string, string>;
    const data = result!.body.checkoutResponseData as { srcCorrelationId: string };
    const legacy = await shop().network(
      payloadByTransaction(headers, {
        dpaTransactionOptions: { transactionAmount: { transactionAmount: 0.01, transactionCurrencyCode: 'JPY' } },
      }),
    );
    expect(legacy.statusCode).toBe(200);
    expect((await decrypt(legacy.json().encryptedPayload)).transactionAmount).toEqual({
      transactionAmount: 386.09,
      transactionCurrencyCode: 'USD',
    });
    const current = await shop().network({
      url: '/sandbox/src/api/digital/payments/transaction/credentials',
      payload: {
        srcDpaId: DPA_ID,
        srcCorrelationId: data.srcCorrelationId,
        srcDigitalCardId: cards[0]!.srcDigitalCardId,
      },
    });
    const { payload } = await compactVerify(
      String(current.json().checkoutResponseJWS),
      createLocalJWKSet(await jwks()),
    );
    const signed = JSON.parse(new TextDecoder().decode(payload)) as { encryptedPayload: string };
    expect((await decrypt(signed.encryptedPayload)).transactionAmount).toEqual({
      transactionAmount: 386.09,
      transactionCurrencyCode: 'USD',
    });
  });
});
