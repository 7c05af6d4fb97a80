// Issue 11, section 2: the network-level SDK `window.SRCSDK_MASTERCARD`, its own source run against
// the real sandbox server. The "browser" is a few globals: fetch goes to Fastify inject from a
// merchant page on another origin, with a cookie jar, and the DCF window answers like the DCF page.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { compactVerify, createLocalJWKSet, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { decodeJwt } from 'jose';
import { encryptCardFor } from './client.ts';
import { shopWithPayloadKey } from './server.ts';

const SANDBOX = 'http://localhost:3000';
const MERCHANT = 'http://localhost:8080';

let server: TestServer;
let app: FastifyInstance;
let cookie: string | undefined;
type Method = (params?: unknown) => Promise<Record<string, unknown>>;
let srcsdk: Record<string, Method>;

async function inject(method: string, url: string, headers: Record<string, string>, body?: string) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, host: 'localhost:3000', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body }),
  });
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (first) cookie = first.split(';')[0]!.endsWith('=') ? undefined : first.split(';')[0];
  return response;
}

/** What the last network window was told to show when it opened. */
let shownInWindow: Record<string, unknown> = {};

/**
 * A window the SDK navigates to the DCF; it asks its opener for its grant, opens itself with it and
 * answers `action`, as the DCF page does (`consents`: its checkboxes, when it shows them).
 */
function dcfWindow(action: string, consents: Record<string, unknown> = { rememberMe: false }): Window {
  const tell = (data: Record<string, unknown>) =>
    window.dispatchEvent(Object.assign(new Event('message'), { origin: SANDBOX, source: ref, data }));
  let windowId = '';
  const ref = {
    closed: false,
    async postMessage(message: { type: string; grant: string }, targetOrigin: string) {
      if (message.type !== 'c2p-sandbox:window-grant' || targetOrigin !== SANDBOX) return;
      const json = { origin: SANDBOX, 'content-type': 'application/json' };
      const opened = await inject(
        'POST',
        `/sandbox/api/windows/${windowId}/open`,
        json,
        JSON.stringify({ grant: message.grant, openerOrigin: MERCHANT }),
      );
      const { windowToken, ...view } = opened.json() as Record<string, unknown>;
      shownInWindow = view;
      const asked = (view.checkout as { askRememberMe?: boolean } | undefined)?.askRememberMe !== false;
      await inject(
        'POST',
        '/sandbox/api/window/action',
        { ...json, 'x-sandbox-window': String(windowToken) },
        JSON.stringify({ action, ...(asked ? consents : {}) }),
      );
      tell({ type: 'c2p-sandbox:dcf', windowId, checkoutActionCode: action });
    },
    location: {
      replace(url: string) {
        windowId = new URL(url).searchParams.get('window')!;
        setTimeout(() => tell({ type: 'c2p-sandbox:window-ready', windowId }));
      },
    },
  };
  return ref as unknown as Window;
}

const INIT = {
  srcInitiatorId: 'srci-test',
  srciDpaId: 'srcsdk-dpa',
  srciTransactionId: 'tx-1',
  dpaData: { dpaName: 'SRC Shop' },
  dpaTransactionOptions: {
    dpaLocale: 'en_US',
    transactionAmount: { transactionAmount: 30, transactionCurrencyCode: 'USD' },
  },
};

async function rejection(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  return promise.then(
    () => ({ reason: 'RESOLVED', message: '' }),
    (error: { reason: string; message: string }) => error,
  );
}

async function validated() {
  await srcsdk.init!(INIT);
  await srcsdk.identityLookup!({
    consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
  });
  await srcsdk.initiateIdentityValidation!();
  return srcsdk.completeIdentityValidation!({ validationData: '123456' });
}

/** A browser that forgets everything (the remembered device revoked). */
async function forget() {
  await srcsdk.init!(INIT);
  await srcsdk.unbindAppInstance!();
  cookie = undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  const page = Object.assign(new EventTarget(), {
    location: { origin: MERCHANT, href: `${MERCHANT}/checkout` },
  });
  Object.assign(globalThis, {
    window: page,
    location: page.location,
    document: { currentScript: { src: `${SANDBOX}/sandbox/sdk/srcsdk.mastercard.js` } },
    fetch: async (url: string, init: RequestInit = {}) => {
      const target = new URL(url);
      const response = await inject(
        init.method ?? 'GET',
        `${target.pathname}${target.search}`,
        { origin: MERCHANT, ...(init.headers as Record<string, string>) },
        init.body as string | undefined,
      );
      return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode });
    },
  });
  await import('../src/srcsdk/index.ts');
  srcsdk = (globalThis as unknown as { window: { SRCSDK_MASTERCARD: Record<string, Method> } }).window
    .SRCSDK_MASTERCARD;
});

afterAll(async () => {
  await server?.close();
});

describe('item 2: SRCSDK_MASTERCARD', () => {
  it('is served at the network path shape, /sdk/srcsdk.mastercard.js, to any origin', async () => {
    const response = await app.inject({ url: '/sandbox/sdk/srcsdk.mastercard.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('SRCSDK_MASTERCARD');
  });

  it('init rejects the SRC reasons for missing fields, and calls before init are INVALID_REQUEST', async () => {
    expect((await rejection(srcsdk.isRecognized!())).reason).toBe('INVALID_REQUEST');
    expect((await rejection(srcsdk.init!({ ...INIT, srcInitiatorId: undefined }))).reason).toBe('SRCI_ID_MISSING');
    expect((await rejection(srcsdk.init!({ ...INIT, srciDpaId: '' }))).reason).toBe('DPA_ID_MISSING');
    expect((await rejection(srcsdk.init!({ ...INIT, srciTransactionId: undefined }))).reason).toBe('SRCI_TXID_MISSING');
    expect((await rejection(srcsdk.init!({ ...INIT, dpaTransactionOptions: undefined }))).reason).toBe(
      'DPA_TXOPT_MISSING',
    );
    expect(await srcsdk.init!(INIT)).toEqual({});
  });

  it('isRecognized is false for a new browser', async () => {
    cookie = undefined;
    await srcsdk.init!(INIT);
    expect(await srcsdk.isRecognized!()).toEqual({ recognized: false });
  });

  it('identityLookup finds consumers by email and by phone, and rejects a missing identity', async () => {
    await srcsdk.init!(INIT);
    expect(
      await srcsdk.identityLookup!({
        consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
      }),
    ).toEqual({ consumerPresent: true });
    expect(
      await srcsdk.identityLookup!({
        consumerIdentity: { identityType: 'MOBILE_PHONE_NUMBER', identityValue: '12025550143' },
      }),
    ).toEqual({ consumerPresent: true });
    expect(
      await srcsdk.identityLookup!({
        consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: `${randomUUID()}@example.com` },
      }),
    ).toEqual({ consumerPresent: false });
    expect((await rejection(srcsdk.identityLookup!({}))).reason).toBe('CONSUMER_ID_MISSING');
  });

  it('initiateIdentityValidation answers the masked channel and the channels (EMAIL, SMS)', async () => {
    await srcsdk.init!(INIT);
    await srcsdk.identityLookup!({
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
    });
    const answer = await srcsdk.initiateIdentityValidation!();
    expect(answer.maskedValidationChannel).toContain('@example.com');
    expect((answer.supportedValidationChannels as { identityType: string }[]).map((c) => c.identityType)).toEqual([
      'EMAIL',
      'SMS',
    ]);
    expect(answer).not.toHaveProperty('network');
  });

  it('completeIdentityValidation answers an idToken (and a recognition token when asked); a wrong code is CODE_INVALID', async () => {
    await srcsdk.init!(INIT);
    await srcsdk.identityLookup!({
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
    });
    await srcsdk.initiateIdentityValidation!();
    expect((await rejection(srcsdk.completeIdentityValidation!({}))).reason).toBe('VALIDATION_DATA_MISSING');
    expect((await rejection(srcsdk.completeIdentityValidation!({ validationData: '000000' }))).reason).toBe(
      'CODE_INVALID',
    );
    const answer = await srcsdk.completeIdentityValidation!({
      validationData: '123456',
      requestRecognitionToken: true,
    });
    expect(String(answer.idToken).split('.')).toHaveLength(3);
    expect(String(answer.recognitionToken).split('.')).toHaveLength(3);
  });

  it('getSrcProfile answers the profile (its Mastercard cards) for the idTokens; without them AUTH_INVALID', async () => {
    const { idToken } = await validated();
    expect((await rejection(srcsdk.getSrcProfile!({}))).reason).toBe('AUTH_INVALID');
    const answer = await srcsdk.getSrcProfile!({ idTokens: [idToken] });
    const [profile] = answer.profiles as {
      maskedConsumer: Record<string, unknown>;
      maskedCards: { paymentCardDescriptor: string }[];
    }[];
    expect(profile!.maskedCards.map((card) => card.paymentCardDescriptor)).toEqual(['mastercard', 'mastercard']);
    expect(profile!.maskedConsumer).toMatchObject({ maskedEmailAddress: expect.stringContaining('@example.com') });
    expect(answer.srcCorrelationId).toEqual(expect.any(String));
  });

  it('checkout answers dcfActionCode COMPLETE with the decoded checkoutResponse and its JWS', async () => {
    const { idToken } = await validated();
    const { profiles } = await srcsdk.getSrcProfile!({ idTokens: [idToken] });
    const card = (profiles as { maskedCards: { srcDigitalCardId: string; panLastFour: string }[] }[])[0]!
      .maskedCards[0]!;
    const answer = await srcsdk.checkout!({
      srcDigitalCardId: card.srcDigitalCardId,
      idToken,
      windowRef: dcfWindow('COMPLETE'),
    });
    expect(answer.dcfActionCode).toBe('COMPLETE');
    expect(answer.checkoutResponse).toMatchObject({
      srcCorrelationId: expect.any(String),
      maskedCard: { srcDigitalCardId: card.srcDigitalCardId },
    });
    const jwks = (await app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
    const { payload } = await compactVerify(String(answer.checkoutResponseSignature), createLocalJWKSet(jwks));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(answer.checkoutResponse);
    expect(answer.idToken).toEqual(expect.any(String));
  });

  it('checkout with a new card (encryptedCard) completes too', async () => {
    await srcsdk.init!(INIT);
    const encryptedCard = await encryptCardFor(app, {
      primaryAccountNumber: '5120350100064545',
      panExpirationMonth: '12',
      panExpirationYear: String(new Date().getFullYear() + 2),
      cardSecurityCode: '123',
    });
    const answer = await srcsdk.checkout!({ encryptedCard, cardBrand: 'mastercard', windowRef: dcfWindow('COMPLETE') });
    expect(answer.dcfActionCode).toBe('COMPLETE');
    expect(answer.checkoutResponse).toMatchObject({ maskedCard: { panLastFour: '4545' } });
  });

  it('"Not you?" in the DCF answers SWITCH_CONSUMER with unbindAppInstance: true', async () => {
    const { idToken } = await validated();
    const { profiles } = await srcsdk.getSrcProfile!({ idTokens: [idToken] });
    const card = (profiles as { maskedCards: { srcDigitalCardId: string }[] }[])[0]!.maskedCards[0]!;
    const answer = await srcsdk.checkout!({
      srcDigitalCardId: card.srcDigitalCardId,
      windowRef: dcfWindow('SWITCH_CONSUMER'),
    });
    expect(answer).toMatchObject({ dcfActionCode: 'SWITCH_CONSUMER', unbindAppInstance: true });
    expect(answer).not.toHaveProperty('checkoutResponse');
  });

  it('checkout rejects a windowRef that is no window, a blocked popup of its own, or no card', async () => {
    await srcsdk.init!(INIT);
    expect((await rejection(srcsdk.checkout!({ srcDigitalCardId: 'x', windowRef: 'nope' }))).reason).toBe(
      'INVALID_PARAMETER',
    );
    // Without a windowRef it opens its own popup; the browser blocked this one.
    Object.assign(window, { open: () => null });
    const blocked = await rejection(srcsdk.checkout!({ srcDigitalCardId: 'x' }));
    expect(blocked).toEqual({ reason: 'INVALID_PARAMETER', message: 'The browser blocked the network’s popup' });
    expect((await rejection(srcsdk.checkout!({ windowRef: dcfWindow('COMPLETE') }))).reason).toBe('CARDID_MISSING');
  });

  it('a remembered browser is recognised with an idToken; unbindAppInstance forgets it', async () => {
    cookie = undefined;
    await srcsdk.init!(INIT);
    await srcsdk.identityLookup!({
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
    });
    await srcsdk.initiateIdentityValidation!();
    await srcsdk.completeIdentityValidation!({ validationData: '123456', rememberMe: true });
    expect(cookie).toBeDefined();
    await srcsdk.init!(INIT);
    const recognised = await srcsdk.isRecognized!();
    expect(recognised).toMatchObject({ recognized: true, idTokens: [expect.any(String)] });
    expect(await srcsdk.unbindAppInstance!({ idToken: (recognised.idTokens as string[])[0] })).toEqual({});
    await srcsdk.init!(INIT);
    expect(await srcsdk.isRecognized!()).toEqual({ recognized: false });
  });
});

describe('issue 30: the session keeps its identity and consent, as the network does', () => {
  const REMEMBER_ME = { complianceResources: [{ complianceType: 'REMEMBER_ME', uri: '' }] };
  const first = async () => {
    const { idToken } = await validated();
    const profile = await srcsdk.getSrcProfile!({ idTokens: [idToken] });
    const [first] = profile.profiles as { maskedCards: { srcDigitalCardId: string }[] }[];
    return {
      srcCorrelationId: String(profile.srcCorrelationId),
      srcDigitalCardId: first!.maskedCards[0]!.srcDigitalCardId,
    };
  };
  it('item 1: one srcCorrelationId per SDK session: getSrcProfile’s, kept by checkout, found by transaction/credentials', async () => {
    await forget();
    const { network, payloadJwk } = await shopWithPayloadKey(server, 'srcsdk-payload-key');
    const key = await network({ method: 'PUT', url: `/sandbox/dpas/${INIT.srciDpaId}/key`, payload: payloadJwk });
    expect(key.statusCode).toBe(204);
    const { srcCorrelationId, srcDigitalCardId } = await first();
    expect((await srcsdk.getSrcProfile!({ idTokens: ['x'] })).srcCorrelationId).toBe(srcCorrelationId);
    const paid = await srcsdk.checkout!({ srcDigitalCardId, srcCorrelationId, windowRef: dcfWindow('COMPLETE') });
    expect((paid.checkoutResponse as { srcCorrelationId: string }).srcCorrelationId).toBe(srcCorrelationId);
    // The merchant's server, with the id its page passed on and the card id (as the integration does).
    const credentials = await network({
      url: '/sandbox/src/api/digital/payments/transaction/credentials',
      payload: { srcClientId: DEMO_SRC_CLIENT_ID, srcDpaId: INIT.srciDpaId, srcCorrelationId, srcDigitalCardId },
    });
    expect(credentials.statusCode, credentials.body).toBe(200);
    expect(decodeJwt(credentials.json().checkoutResponseJWS)).toMatchObject({ srcCorrelationId });
  });

  it('item 1: a checkout naming another srcCorrelationId than its session’s is refused', async () => {
    await forget();
    const { srcDigitalCardId } = await first();
    const refused = await rejection(
      srcsdk.checkout!({
        srcDigitalCardId,
        srcCorrelationId: 'deadbeef.someone-else',
        windowRef: dcfWindow('COMPLETE'),
      }),
    );
    expect(refused.reason).toBe('INVALID_PARAMETER');
  });

  it('item 2: a REMEMBER_ME consent passed to checkout stands: the window does not ask, and the next visit is recognised', async () => {
    await forget();
    const { srcCorrelationId, srcDigitalCardId } = await first();
    await srcsdk.checkout!({
      srcDigitalCardId,
      srcCorrelationId,
      complianceSettings: REMEMBER_ME,
      windowRef: dcfWindow('COMPLETE'),
    });
    expect((shownInWindow.checkout as { askRememberMe: boolean }).askRememberMe).toBe(false);
    await srcsdk.init!(INIT);
    expect(await srcsdk.isRecognized!()).toMatchObject({ recognized: true });
  });

  it('item 2: no consent is never assumed: without REMEMBER_ME the window asks, and unticked nothing is remembered', async () => {
    await forget();
    const { srcCorrelationId, srcDigitalCardId } = await first();
    await srcsdk.checkout!({ srcDigitalCardId, srcCorrelationId, windowRef: dcfWindow('COMPLETE') });
    expect((shownInWindow.checkout as { askRememberMe: boolean }).askRememberMe).toBe(true);
    await srcsdk.init!(INIT);
    expect(await srcsdk.isRecognized!()).toEqual({ recognized: false });
  });

  it('item 2: REMEMBER_ME passed to completeIdentityValidation remembers the browser', async () => {
    await forget();
    await srcsdk.init!(INIT);
    await srcsdk.identityLookup!({
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
    });
    await srcsdk.initiateIdentityValidation!();
    await srcsdk.completeIdentityValidation!({ validationData: '123456', complianceSettings: REMEMBER_ME });
    await srcsdk.init!(INIT);
    expect(await srcsdk.isRecognized!()).toMatchObject({ recognized: true });
  });
});

describe('issue 37: the reference application’s calls', () => {
  const newCard = (primaryAccountNumber: string) =>
    encryptCardFor(app, {
      primaryAccountNumber,
      panExpirationMonth: '11',
      panExpirationYear: String(new Date().getFullYear() + 3),
      cardSecurityCode: '321',
    });
  const cardIdsOf = async (idToken: unknown) => {
    const { profiles } = await srcsdk.getSrcProfile!({ idTokens: [idToken] });
    return (profiles as { maskedCards: { srcDigitalCardId: string }[] }[])[0]!.maskedCards.map(
      (card) => card.srcDigitalCardId,
    );
  };

  it('enrollCard adds a card to the signed-in profile (its maskedCard); deleteCard takes it out', async () => {
    await forget();
    const { idToken } = await validated();
    const before = await cardIdsOf(idToken);
    const encryptedCard = await newCard('5120350100061004');
    const { maskedCard } = (await srcsdk.enrollCard!({ encryptedCard, cardBrand: 'mastercard', idToken })) as {
      maskedCard: { srcDigitalCardId: string; panLastFour: string };
    };
    expect(maskedCard.panLastFour).toBe('1004');
    expect(await cardIdsOf(idToken)).toEqual(expect.arrayContaining([...before, maskedCard.srcDigitalCardId]));
    // The same card twice is refused, as the network refuses a duplicate.
    const again = await rejection(srcsdk.enrollCard!({ encryptedCard, cardBrand: 'mastercard' }));
    expect(again.reason).toBe('CARD_ALREADY_EXISTS');

    expect(await srcsdk.deleteCard!({ srcDigitalCardId: maskedCard.srcDigitalCardId, idToken })).toEqual({});
    expect(await cardIdsOf(idToken)).toEqual(before);
    const gone = await rejection(srcsdk.deleteCard!({ srcDigitalCardId: maskedCard.srcDigitalCardId }));
    expect(gone.reason).toBe('CARD_NOT_RECOGNIZED');
    // The shared test profile keeps its seeded cards for the next visitor.
    expect((await rejection(srcsdk.deleteCard!({ srcDigitalCardId: before[0] }))).reason).toBe('INVALID_REQUEST');
    expect(await cardIdsOf(idToken)).toEqual(before);
  });

  it('enrollCard and deleteCard act for a signed-in browser only', async () => {
    await forget();
    await srcsdk.init!(INIT);
    const encryptedCard = await newCard('5120350100064529');
    expect((await rejection(srcsdk.enrollCard!({ encryptedCard, cardBrand: 'mastercard' }))).reason).toBe(
      'AUTH_INVALID',
    );
    expect((await rejection(srcsdk.deleteCard!({ srcDigitalCardId: 'x' }))).reason).toBe('AUTH_INVALID');
  });

  it('answers INVALID_PARAMETER where the reference gives a type: an idToken array, no cardBrand, a string amount', async () => {
    await forget();
    const { idToken } = await validated();
    const encryptedCard = await newCard('5120350100064511');
    const refused = async (call: Promise<unknown>) => (await rejection(call)).reason;
    expect(await refused(srcsdk.enrollCard!({ encryptedCard, cardBrand: 'mastercard', idToken: [idToken] }))).toBe(
      'INVALID_PARAMETER',
    );
    expect(await refused(srcsdk.enrollCard!({ encryptedCard }))).toBe('INVALID_PARAMETER');
    expect(await refused(srcsdk.checkout!({ encryptedCard, windowRef: dcfWindow('COMPLETE') }))).toBe(
      'INVALID_PARAMETER',
    );
    expect(await refused(srcsdk.getSrcProfile!({ idTokens: idToken }))).toBe('INVALID_PARAMETER');
    const stringAmount = {
      dpaLocale: 'en_US',
      transactionAmount: { transactionAmount: '30', transactionCurrencyCode: 'USD' },
    };
    expect(await refused(srcsdk.init!({ ...INIT, dpaTransactionOptions: stringAmount }))).toBe('INVALID_PARAMETER');
  });

  it('identityLookup with returnValidationChannels answers the code’s channels', async () => {
    await forget();
    await srcsdk.init!(INIT);
    const found = await srcsdk.identityLookup!({
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
      returnValidationChannels: true,
    });
    expect(found).toMatchObject({
      consumerPresent: true,
      supportedValidationChannels: [
        { validationChannelId: 'EMAIL_ADDRESS', maskedValidationChannel: expect.stringContaining('@') },
        { validationChannelId: 'MOBILE_PHONE_NUMBER' },
      ],
    });
  });
});
