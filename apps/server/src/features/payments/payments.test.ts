import { createPrivateKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { once } from 'node:events';
import { createServer as createNetServer } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { compactDecrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SRC_CLIENT_ID, DEMO_SRC_DPA_ID, type GetPayloadRequest, sdkTestInit } from '@c2p/domain';
import { sandboxSchema } from '@c2p/network-sandbox';
import { expectData, startTestServer, type TestServer } from '../../../test/harness.ts';
import { putDpaKey, sandboxCheckout } from '../../../test/sandbox-checkout.ts';
import { clickToPayOrder, idempotencyKey, orderBody, registerShopper, checkoutBrowser } from '../../../test/shop.ts';
import { startStandInNetwork, type StandInNetwork } from '../../../test/stand-in-network.ts';
import { buildApp } from '../../app.ts';
import { clickToPayPayments, merchantKeys } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { CHECKOUT_KEY_PURPOSE } from '../agent-checkout/checkout-key.ts';
import { PAYLOAD_KEY_PURPOSE } from './merchant-keys.ts';
import { SIGNING_KEY_PURPOSE } from './network-signing.ts';
import { summarisePayload } from './service.ts';

const PAN_MASTERCARD = '5186001700009726';
const AMOUNT = { transactionAmount: 299.97, transactionCurrencyCode: 'USD' };
/** DPAs the shop is configured for (SRC_DPA_IDS) besides its default, for the key-registration tests. */
const LOST_KEY_DPA = `${DEMO_SRC_CLIENT_ID}_dpa-lost-key`;
const STALE_KEY_DPA = `${DEMO_SRC_CLIENT_ID}_dpa-stale-key`;

let server: TestServer;
let origin: string;
/** A second instance over the same database whose network is a closed port. */
let unreachable: FastifyInstance;

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

beforeAll(async () => {
  server = await startTestServer({ app: { srcDpaIds: [LOST_KEY_DPA, STALE_KEY_DPA] } });
  // The merchant API calls its own /sandbox over HTTP, so the server must listen.
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  unreachable = await buildApp({
    database: server.database,
    networkApiBaseUrl: `http://127.0.0.1:${await closedPort()}`,
  });
});
afterAll(async () => {
  await unreachable?.close();
  await server.close();
});

type Headers = Record<string, string>;
/** The shopper's browser: the Click to Pay payments it fetches are its own. */
const browser = checkoutBrowser();
const post = (url: string, payload: unknown, headers: Headers = {}, app: FastifyInstance = server.app) =>
  browser.post(app, url, payload, headers);

/** The browser's side of a checkout, through the sandbox's internal API (what lib.js and the DCF do). */
const completeCheckout = (
  lastFour: string,
  srcDpaId = DEMO_SRC_DPA_ID,
  amount: { transactionAmount: number; transactionCurrencyCode: string } = AMOUNT,
  paymentOptions: unknown[] = [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
): Promise<GetPayloadRequest> =>
  sandboxCheckout(server.app, {
    init: sdkTestInit(srcDpaId, 'Click to Pay Demo', { amount, paymentOptions }),
    lastFour,
    checkout: { merchantOrigin: origin },
    transactionAmount: AMOUNT,
  });

/** Places an order paid with this Click to Pay payment. */
const placeWith = (paymentId: string, headers: Headers = {}) =>
  post('/api/orders', clickToPayOrder(paymentId), { 'idempotency-key': idempotencyKey(), ...headers });

/** What the stored payload holds, decrypted with the merchant key as the server would. */
async function decryptStored(paymentId: string): Promise<Record<string, Record<string, string>>> {
  const db = server.database.db;
  const [row] = await db.select().from(clickToPayPayments).where(eq(clickToPayPayments.id, paymentId));
  const [key] = await db.select().from(merchantKeys).where(eq(merchantKeys.purpose, PAYLOAD_KEY_PURPOSE));
  const { plaintext } = await compactDecrypt(row!.encryptedPayload, await importJWK(key!.privateJwk, 'RSA-OAEP-256'));
  return JSON.parse(new TextDecoder().decode(plaintext));
}

/** POST /api/getPayload for a completed checkout, checked to answer 200. */
async function fetchPayload(request: GetPayloadRequest) {
  const response = await post('/api/getPayload', request);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function paidWith(lastFour: string) {
  return (await fetchPayload(await completeCheckout(lastFour))).json().data as { paymentId: string };
}

describe('POST /api/getPayload', () => {
  it('fetches and decrypts a payload holding the card number (the merchant asked for dynamicDataType NONE), answering what a receipt shows and the network call', async () => {
    const request = await completeCheckout('9726', DEMO_SRC_DPA_ID, AMOUNT, [{ dynamicDataType: 'NONE' }]);
    const response = await fetchPayload(request);
    const { data, network } = response.json();
    expect(data).toEqual({
      paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand: 'mastercard',
      lastFour: '9726',
      expiry: expect.stringMatching(/^(0[1-9]|1[0-2])\/[0-9]{2}$/),
      credential: 'CARD',
      dynamicDataType: null,
      // Signed in with the code, no payment confirmation asked for: not an authenticated payload.
      eci: '06',
    });
    expect(network).toMatchObject({
      method: 'POST',
      url: `${origin}/sandbox/srci/api/checkout`,
      headers: { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID, 'X-SRC-CX-FLOW-ID': request.flowId },
      body: {
        srcDpaId: request.srcDpaId,
        correlationId: request.srcCorrelationId,
        checkoutType: 'CLICK_TO_PAY',
        checkoutReference: {
          type: 'MERCHANT_TRANSACTION_ID',
          data: { merchantTransactionId: request.merchantTransactionId },
        },
        dpaTransactionOptions: { transactionAmount: AMOUNT },
      },
      status: 200,
      response: { merchantTransactionId: request.merchantTransactionId, correlationId: request.srcCorrelationId },
    });
    expect(network.response.encryptedPayload).toMatch(/^[A-Za-z0-9_-]{24}…$/);
    expect(response.body).not.toContain(PAN_MASTERCARD);

    const payload = await decryptStored(data.paymentId);
    expect(payload.card!.primaryAccountNumber).toBe(PAN_MASTERCARD);
    const [row] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, data.paymentId));
    expect(row).toMatchObject({
      srcDpaId: request.srcDpaId,
      correlationId: request.srcCorrelationId,
      merchantTransactionId: request.merchantTransactionId,
      flowId: request.flowId,
      credential: 'CARD',
      orderId: null,
      confirmedAt: null,
    });
    expect(row!.encryptedPayload.split('.')).toHaveLength(5);
  });

  it('keeps a network token and its cryptogram out of the answer (credential TOKEN, the default for any card)', async () => {
    const response = await fetchPayload(await completeCheckout('9726'));
    const { data } = response.json();
    expect(data).toMatchObject({
      brand: 'mastercard',
      lastFour: '9726',
      credential: 'TOKEN',
      dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
    });
    const payload = await decryptStored(data.paymentId);
    const token = payload.token!.paymentToken!;
    const cryptogram = payload.dynamicData!.dynamicDataValue!;
    expect(token).toMatch(/^[0-9]{16}$/);
    expect(cryptogram.length).toBeGreaterThan(20);
    for (const secret of [token, cryptogram, PAN_MASTERCARD]) expect(response.body).not.toContain(secret);
  });

  it('answers the same payment when the same transaction is fetched again', async () => {
    const request = await completeCheckout('9726');
    const first = (await post('/api/getPayload', request)).json().data;
    const again = await fetchPayload(request);
    expect(again.json().data.paymentId).toBe(first.paymentId);
  });

  it('registers the key again once when the sandbox has lost it (403 PERMISSION_DENIED)', async () => {
    const srcDpaId = LOST_KEY_DPA;
    expect((await post('/api/getPayload', await completeCheckout('9726', srcDpaId))).statusCode).toBe(200);
    const { sandboxDpas } = sandboxSchema;
    const [registered] = await server.database.db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, srcDpaId));
    const [key] = await server.database.db
      .select()
      .from(merchantKeys)
      .where(eq(merchantKeys.purpose, PAYLOAD_KEY_PURPOSE));
    expect(registered!.publicJwk).toMatchObject({ kty: 'RSA', n: key!.publicJwk.n, kid: key!.kid });
    expect(registered!.publicJwk).not.toHaveProperty('d');

    await server.database.db.delete(sandboxDpas).where(eq(sandboxDpas.srcDpaId, srcDpaId));
    const response = await fetchPayload(await completeCheckout('4537', srcDpaId));
    expect(response.json().data.credential).toBe('TOKEN');
  });

  it('refuses bad bodies with 422, naming the field', async () => {
    const good = {
      srcDpaId: DEMO_SRC_DPA_ID,
      srcCorrelationId: 'c',
      merchantTransactionId: 'm',
      flowId: 'f',
      transactionAmount: AMOUNT,
    };
    const cases: [unknown, string][] = [
      [{ ...good, flowId: undefined }, 'flowId'],
      [{ ...good, srcDpaId: '' }, 'srcDpaId'],
      [{ ...good, merchantTransactionId: 'has spaces\r\n' }, 'merchantTransactionId'],
      [{ ...good, srcCorrelationId: 42 }, 'srcCorrelationId'],
      [{ ...good, transactionAmount: { ...AMOUNT, transactionAmount: -1 } }, 'transactionAmount.transactionAmount'],
      [
        { ...good, transactionAmount: { ...AMOUNT, transactionCurrencyCode: 'usd' } },
        'transactionAmount.transactionCurrencyCode',
      ],
      [{ ...good, transactionAmount: '299.97' }, 'transactionAmount'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/getPayload', body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    const french = await post('/api/getPayload', { ...good, flowId: '' }, { cookie: 'locale=fr-FR' });
    expect(french.json().errors.flowId).toEqual([translate('fr-FR', 'API.PAYMENTS.CHECKOUT_VALUE')]);
  });

  it('answers 502 with the call when the network cannot be reached', async () => {
    const request = await completeCheckout('9726');
    const response = await post('/api/getPayload', request, {}, unreachable);
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 502, message: 'Error connecting fetch-payload api' });
    expect(body.network).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:[0-9]+\/srci\/api\/checkout$/),
      headers: { 'X-SRC-CX-FLOW-ID': request.flowId },
      status: null,
    });
    const french = await post('/api/getPayload', request, { cookie: 'locale=fr-FR' }, unreachable);
    expect(french.json().message).toBe(translate('fr-FR', 'API.PAYMENTS.FETCH_PAYLOAD_ERROR'));
    expect(french.json().message).not.toBe('Error connecting fetch-payload api');
  });

  it('answers 502 when the network does not know the merchant transaction', async () => {
    const request = await completeCheckout('9726');
    const response = await post('/api/getPayload', { ...request, merchantTransactionId: 'deadbee.deadbeef.nope' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      statusCode: 502,
      message: 'Error connecting fetch-payload api',
      network: { status: 400, response: { reason: 'INVALID_ARGUMENT' } },
    });
  });
});

describe('item 2: the payload key at the network', () => {
  const { sandboxDpas } = sandboxSchema;
  const registeredKey = async (srcDpaId: string) =>
    (await server.database.db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, srcDpaId)))[0]?.publicJwk;
  const otherKey = () => ({
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }),
    kid: 'not-the-shop-key',
  });

  it("refuses an attacker's unsigned key registration, and shoppers' payloads still decrypt", async () => {
    const first = await fetchPayload(await completeCheckout('9726'));
    // Every call to the network is signed as the shop's client; the API log sees the signature cut short.
    expect(first.json().network.headers.authorization).toMatch(
      new RegExp(`^OAuth .*oauth_consumer_key="${DEMO_SRC_CLIENT_ID}".*oauth_signature_method="RSA-SHA256"`),
    );
    expect(first.json().network.headers.authorization).toMatch(/oauth_signature="[^"]{0,12}…"/);

    const attack = await server.app.inject({
      method: 'PUT',
      url: `/sandbox/dpas/${DEMO_SRC_DPA_ID}/key`,
      headers: { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID },
      payload: otherKey(),
    });
    expect(attack.statusCode).toBe(401);
    expect((await registeredKey(DEMO_SRC_DPA_ID))?.kid).not.toBe('not-the-shop-key');
    expect((await post('/api/getPayload', await completeCheckout('4537'))).statusCode).toBe(200);
  });

  it('registers its key again and fetches once more when a payload does not decrypt with its key', async () => {
    const srcDpaId = STALE_KEY_DPA;
    expect((await post('/api/getPayload', await completeCheckout('9726', srcDpaId))).statusCode).toBe(200);
    // The network now holds another key for the DPA (registered by hand, or by an older deployment).
    const [signing] = await server.database.db
      .select()
      .from(merchantKeys)
      .where(eq(merchantKeys.purpose, SIGNING_KEY_PURPOSE));
    const replaced = await putDpaKey(server.app, srcDpaId, otherKey(), {
      clientId: DEMO_SRC_CLIENT_ID,
      privateKey: createPrivateKey({ key: signing!.privateJwk as JsonWebKey, format: 'jwk' }),
    });
    expect(replaced.statusCode).toBe(204);
    expect((await registeredKey(srcDpaId))?.kid).toBe('not-the-shop-key');

    const response = await fetchPayload(await completeCheckout('4537', srcDpaId));
    expect(response.json().data).toMatchObject({ lastFour: '4537', credential: 'TOKEN' });
    const [payloadKey] = await server.database.db
      .select()
      .from(merchantKeys)
      .where(eq(merchantKeys.purpose, PAYLOAD_KEY_PURPOSE));
    expect((await registeredKey(srcDpaId))?.kid).toBe(payloadKey!.kid);
  });
});

describe('the card network at NETWORK_API_BASE_URL', () => {
  /** A stand-in for the real network: answers the checkout with an A128GCM payload, records each call. */
  let network: StandInNetwork;

  beforeAll(async () => {
    network = await startStandInNetwork(server.database.db, () => ({
      payload: {
        token: { paymentToken: '5299920000000149', tokenExpirationMonth: '7', tokenExpirationYear: '2031' },
        dynamicData: {
          dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
          dynamicDataValue: 'AAAAcryptogram==',
        },
      },
      assuranceData: { eci: '06' },
    }));
  });
  afterAll(() => network.close());

  it('is called without a key registration, and an A128GCM payload is accepted', async () => {
    const { port } = network;
    const app = await buildApp({
      database: server.database,
      networkApiBaseUrl: `http://127.0.0.1:${port}/api/`,
      srcClientId: 'merchant-client-id',
      srcDpaIds: ['dpa-1'],
    });
    try {
      const response = await post(
        '/api/getPayload',
        {
          srcDpaId: 'dpa-1',
          srcCorrelationId: 'corr',
          merchantTransactionId: 'mtid',
          flowId: 'flow',
          transactionAmount: AMOUNT,
        },
        {},
        app,
      );
      expectData(response, 200, {
        brand: 'mastercard',
        lastFour: '0149',
        expiry: '07/31',
        credential: 'TOKEN',
        eci: '06',
      });
      expect(response.body).not.toContain('5299920000000149');
      expect(network.calls).toHaveLength(1);
      expect(network.calls[0]).toMatchObject({ method: 'POST', url: '/api/srci/api/checkout' });
      expect(network.calls[0]!.headers).toMatchObject({
        'x-openapi-clientid': 'merchant-client-id',
        'x-src-cx-flow-id': 'flow',
        authorization: expect.stringMatching(/^OAuth .*oauth_consumer_key="merchant-client-id"/),
      });
    } finally {
      await app.close();
    }
  });
});

describe('orders paid with Click to Pay', () => {
  const clickToPay = (paymentId: string) => clickToPayOrder(paymentId);
  const place = (body: unknown, key = idempotencyKey(), headers: Headers = {}) =>
    post('/api/orders', body, { 'idempotency-key': key, ...headers });

  it('keeps brand, last four and credential from the stored payload, and takes the payment over', async () => {
    const payment = await paidWith('4537');
    const key = idempotencyKey();
    const body = {
      ...clickToPay(payment.paymentId),
      payment: { method: 'click-to-pay', paymentId: payment.paymentId, brand: 'visa', lastFour: '0000' },
    };
    const response = await place(body, key);
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order.payment).toEqual({
      method: 'click-to-pay',
      brand: 'mastercard',
      lastFour: '4537',
      credential: 'TOKEN',
      dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
      confirmedAt: null,
    });
    const [row] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, payment.paymentId));
    expect(row!.orderId).not.toBeNull();

    const replay = await place(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(order);

    const second = await place(clickToPay(payment.paymentId));
    expect(second.statusCode).toBe(409);
    expect(Object.keys(second.json().errors)).toEqual(['payment.paymentId']);
  });

  it('refuses an unknown, malformed or expired paymentId on payment.paymentId', async () => {
    const unknown = await place(clickToPay('7d1c4b0e-0a52-4c3e-9d55-3b3c1f0e2a11'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'payment.paymentId': [translate('en-US', 'API.PAYMENTS.PAYMENT_UNKNOWN')],
    });
    const malformed = await place(clickToPay('not-a-uuid'));
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['payment.paymentId']);

    const payment = await paidWith('9726');
    await server.database.db
      .update(clickToPayPayments)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(clickToPayPayments.id, payment.paymentId));
    const expired = await place(clickToPay(payment.paymentId));
    expect(expired.statusCode).toBe(422);
    expect(Object.keys(expired.json().errors)).toEqual(['payment.paymentId']);
  });

  it('item 12: refuses a payment the network checkout made for another amount or currency, naming both', async () => {
    // The shop's total for orderBody() is 299.97 USD; the shopper checked out at the network for 0.01 JPY.
    const cases = [
      { transactionAmount: 0.01, transactionCurrencyCode: 'JPY' },
      { transactionAmount: 0.01, transactionCurrencyCode: 'USD' },
      { transactionAmount: 299.97, transactionCurrencyCode: 'EUR' },
    ];
    for (const amount of cases) {
      const checkout = await completeCheckout('9726', DEMO_SRC_DPA_ID, amount);
      // What the browser tells getPayload does not matter: the network's checkout is the truth.
      const fetched = await fetchPayload({ ...checkout, transactionAmount: AMOUNT });
      const { paymentId } = fetched.json().data;
      const paid = `${amount.transactionAmount.toFixed(2)} ${amount.transactionCurrencyCode}`;
      const refused = await place(clickToPay(paymentId));
      expect(refused.statusCode, paid).toBe(422);
      expect(refused.json().errors, paid).toEqual({
        'payment.paymentId': [translate('en-US', 'API.PAYMENTS.AMOUNT_MISMATCH', { paid, total: '299.97 USD' })],
      });
      expect(refused.json().errors['payment.paymentId'][0]).toContain(paid);
      const french = await place(clickToPay(paymentId), idempotencyKey(), { cookie: 'locale=fr-FR' });
      expect(french.json().errors['payment.paymentId']).toEqual([
        translate('fr-FR', 'API.PAYMENTS.AMOUNT_MISMATCH', { paid, total: '299.97 USD' }),
      ]);
      // Nothing was stored: the payment is still free for an order of its amount.
      const [row] = await server.database.db
        .select()
        .from(clickToPayPayments)
        .where(eq(clickToPayPayments.id, paymentId));
      expect(row!.orderId).toBeNull();
    }
    // A checkout that named no amount cannot be tied to an order either.
    const { sandboxCheckouts } = sandboxSchema;
    const checkout = await completeCheckout('9726');
    const [stored] = await server.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.merchantTransactionId, checkout.merchantTransactionId));
    const { transactionAmount: _dropped, ...options } = stored!.request.dpaTransactionOptions as Record<
      string,
      unknown
    >;
    await server.database.db
      .update(sandboxCheckouts)
      .set({ request: { ...stored!.request, dpaTransactionOptions: options } })
      .where(eq(sandboxCheckouts.id, stored!.id));
    const unnamed = await post('/api/getPayload', checkout);
    const refused = await place(clickToPay(unnamed.json().data.paymentId));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['payment.paymentId']);
  });

  it('still refuses an unknown payment method on payment.method', async () => {
    const response = await place(orderBody({ payment: { method: 'cash' } }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['payment.method']);
  });
});

describe('POST /api/confirmation', () => {
  const confirmationsOf = async (correlationId: string) => {
    const { sandboxConfirmations } = sandboxSchema;
    const [row] = await server.database.db
      .select({ n: count() })
      .from(sandboxConfirmations)
      .where(eq(sandboxConfirmations.srcCorrelationId, correlationId));
    return row!.n;
  };

  it('sends the confirmation once, and the order shows when', async () => {
    const shopper = await registerShopper(server);
    const payment = await paidWith('9726');
    const placed = await placeWith(payment.paymentId, shopper.auth);
    expect(placed.statusCode).toBe(201);
    const { orderNumber, total } = placed.json().data;
    const [stored] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, payment.paymentId));

    const before = Date.now();
    const response = await post('/api/confirmation', { orderNumber, paymentId: payment.paymentId });
    expect(response.statusCode).toBe(200);
    const { data, network } = response.json();
    expect(data).toEqual({ confirmed: true, confirmedAt: expect.any(String) });
    expect(new Date(data.confirmedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(network).toMatchObject({
      method: 'POST',
      url: `${origin}/sandbox/srci/api/checkout/confirmations`,
      headers: { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID, 'X-SRC-CX-FLOW-ID': stored!.flowId },
      body: {
        correlationId: stored!.correlationId,
        merchantTransactionId: stored!.merchantTransactionId,
        confirmationData: {
          checkoutEventType: '01',
          checkoutEventStatus: '01',
          confirmationStatus: '01',
          confirmationReason: 'Order Successfully Created',
          confirmationTimestamp: data.confirmedAt,
          networkTransactionIdentifier: 'UNAVLB',
          transactionAmount: { transactionAmount: total.toFixed(2), transactionCurrencyCode: 'USD' },
        },
      },
      status: 204,
    });
    expect(await confirmationsOf(stored!.correlationId)).toBe(1);

    const order = await server.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers: shopper.auth });
    expect(order.json().data.payment).toMatchObject({ method: 'click-to-pay', confirmedAt: data.confirmedAt });
    const history = await server.app.inject({ method: 'GET', url: '/api/orders', headers: shopper.auth });
    expect(history.json().data[0].payment.confirmedAt).toBe(data.confirmedAt);

    const again = await post('/api/confirmation', {
      orderNumber: orderNumber.toLowerCase(),
      paymentId: payment.paymentId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(data);
    expect(again.json().network.status).toBeNull();
    expect(await confirmationsOf(stored!.correlationId)).toBe(1);
  });

  it('answers 404 naming the field when the order or its payment is unknown, 422 on bad bodies', async () => {
    const payment = await paidWith('9726');
    const placed = await placeWith(payment.paymentId);
    const { orderNumber } = placed.json().data;
    const noOrder = await post('/api/confirmation', { orderNumber: 'C2P-AAAAAAAA', paymentId: payment.paymentId });
    expect(noOrder.statusCode).toBe(404);
    expect(Object.keys(noOrder.json().errors)).toEqual(['orderNumber']);
    const other = await paidWith('4537');
    const notLinked = await post('/api/confirmation', { orderNumber, paymentId: other.paymentId });
    expect(notLinked.statusCode).toBe(404);
    expect(Object.keys(notLinked.json().errors)).toEqual(['paymentId']);
    const bad = await post('/api/confirmation', { orderNumber: 'nope', paymentId: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['orderNumber', 'paymentId']);
  });

  it('answers 502 with the call when the network cannot be reached, and stays unconfirmed', async () => {
    const payment = await paidWith('9726');
    const placed = await placeWith(payment.paymentId);
    const { orderNumber } = placed.json().data;
    const response = await post('/api/confirmation', { orderNumber, paymentId: payment.paymentId }, {}, unreachable);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      statusCode: 502,
      message: 'Error connecting to confirmation api',
      network: { method: 'POST', url: expect.stringMatching(/\/srci\/api\/checkout\/confirmations$/), status: null },
    });
    const [row] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, payment.paymentId));
    expect(row!.confirmedAt).toBeNull();
  });
});

describe('the merchant payload, network-signing and agent-checkout keys', () => {
  it('are made once each and shared by every instance over the database', async () => {
    const rows = await server.database.db.select().from(merchantKeys);
    expect(rows.map((row) => row.purpose).sort()).toEqual(
      [PAYLOAD_KEY_PURPOSE, SIGNING_KEY_PURPOSE, CHECKOUT_KEY_PURPOSE].sort(),
    );
    for (const row of rows) {
      expect(row.publicJwk).not.toHaveProperty('d');
      expect(row.privateJwk).toHaveProperty('d');
    }
  });
});

describe('summarisePayload', () => {
  it('reads a PAN payload, the brand from the number when the network names none', () => {
    expect(
      summarisePayload(
        { card: { primaryAccountNumber: '4111111111111111', panExpirationMonth: '03', panExpirationYear: '2030' } },
        {},
      ),
    ).toEqual({
      brand: 'visa',
      lastFour: '1111',
      expiry: '03/30',
      credential: 'CARD',
      dynamicDataType: null,
      eci: null,
    });
  });

  it('refuses a payload without a credential or with a brand the shop does not take', () => {
    expect(() => summarisePayload({}, {})).toThrow();
    expect(() =>
      summarisePayload(
        { card: { primaryAccountNumber: '5018000000000009', panExpirationMonth: '03', panExpirationYear: '2030' } },
        { maskedCard: { paymentCardDescriptor: 'maestro' } },
      ),
    ).toThrow(/brand/);
  });
});
