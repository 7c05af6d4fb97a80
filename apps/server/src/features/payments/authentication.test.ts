// Issues 31 and 37, the merchant's side: the decrypted payload of a payment carries the network's
// assurance data (how the shopper proved it), as the answer around it does; the server finds the
// proof of the payment among its entries, checks one against the other, and keeps the method,
// result and ECI with the payment and its order.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SRC_DPA_ID, sdkTestInit } from '@c2p/domain';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sandboxCheckout } from '../../../test/sandbox-checkout.ts';
import { checkoutBrowser, clickToPayOrder, idempotencyKey, registerShopper } from '../../../test/shop.ts';
import { startStandInNetwork, type StandInNetwork } from '../../../test/stand-in-network.ts';
import { buildApp } from '../../app.ts';
import { clickToPayPayments } from '../../db/schema.ts';
import { checkAuthentication } from './authentication.ts';

type Json = Record<string, unknown>;

const AT = '2026-11-28T10:00:00.000Z';
const PROOF: Record<string, string> = {
  '07': 'Proof of Passkey Payment Authentication',
  '04': 'Proof of OTP Payment Authentication',
};

const entry = (verificationMethod: string, extra: Json = {}): Json => ({
  verificationType: 'CARDHOLDER',
  verificationEntity: '02',
  verificationMethod,
  verificationResults: '01',
  verificationTimestamp: AT,
  verificationEvents: ['01'],
  ...extra,
});
/** The payment confirmed with `verificationMethod`, after a sign-in with the code. */
const assuranceData = (verificationMethod = '07', eci = '02'): Json => ({
  eci,
  verificationData: [entry(verificationMethod, { additionalData: PROOF[verificationMethod] }), entry('04')],
});
const paid = (assurance: Json = assuranceData()) => ({
  payload: { assuranceData: assurance },
  answer: { assuranceData: assurance },
});

describe('checkAuthentication', () => {
  it('says nothing of a payment nobody confirmed (a sign-in alone, or no assurance data)', () => {
    expect(checkAuthentication({ token: {} }, { assuranceData: { eci: '06' } })).toBeUndefined();
    const signedIn = { eci: '06', verificationData: [entry('04')] };
    expect(checkAuthentication({ assuranceData: signedIn }, { assuranceData: signedIn })).toBeUndefined();
  });

  it('accepts a payment proved by a passkey (07) or a one-time code (04), the payload and the answer agreeing', () => {
    const { payload, answer } = paid();
    expect(checkAuthentication(payload, answer)).toEqual({
      authentication: { method: 'PASSKEY', result: 'AUTHENTICATED', eci: '02', verificationMethod: '07' },
    });
    const byCode = paid(assuranceData('04'));
    expect(checkAuthentication(byCode.payload, byCode.answer)).toEqual({
      authentication: { method: 'OTP', result: 'AUTHENTICATED', eci: '02', verificationMethod: '04' },
    });
  });

  const proofWith = (extra: Json) => ({
    eci: '02',
    verificationData: [entry('07', { additionalData: PROOF['07'], ...extra })],
  });
  const BAD_FORMS: [string, Json, Json, RegExp][] = [
    ['a method we do not know', proofWith({ verificationMethod: '01' }), assuranceData(), /verification method 01/],
    ['a proof that did not verify', proofWith({ verificationResults: '04' }), assuranceData(), /not verified/],
    ['eci 06 (fetched too late)', assuranceData('07', '06'), assuranceData('07', '06'), /eci is 06/],
    ['an answer of another ECI', assuranceData(), assuranceData('07', '06'), /differs/],
    [
      'an answer that proves nothing',
      assuranceData(),
      { eci: '02', verificationData: [entry('04')] },
      /does not prove/,
    ],
  ];

  for (const [name, inPayload, answered, problem] of BAD_FORMS) {
    it(`flags ${name} as UNVERIFIED, saying why`, () => {
      const checked = checkAuthentication({ assuranceData: inPayload }, { assuranceData: answered })!;
      expect(checked.authentication.result).toBe('UNVERIFIED');
      expect(checked.problem).toMatch(problem);
    });
  }
});

/** What a payment says of how it was authenticated, ECI 02 and verification method 04. */
const authentication = (method: 'PASSKEY' | 'OTP', result: 'AUTHENTICATED' | 'UNVERIFIED') => ({
  method,
  result,
  eci: '02',
  verificationMethod: '04',
});

describe('an authenticated payment through getPayload and the order', () => {
  let server: TestServer;
  /** The stand-in's app's log. */
  let lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** A stand-in for the network: its next answer carries this authentication data and assurance data. */
  let network: StandInNetwork;
  let app: FastifyInstance;
  /** What the payload's and the answer's assurance data say. */
  let next: { inPayload: Json; answered: Json } = { inPayload: assuranceData(), answered: assuranceData() };

  beforeAll(async () => {
    await server.app.ready();
    network = await startStandInNetwork(server.database.db, () => ({
      payload: {
        token: { paymentToken: '5299920000000149', tokenExpirationMonth: '7', tokenExpirationYear: '2031' },
        dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', dynamicDataValue: 'AAAAcg==' },
        transactionAmount: { transactionAmount: '299.97', transactionCurrencyCode: 'USD' },
        assuranceData: next.inPayload,
      },
      assuranceData: next.answered,
    }));
    app = await buildApp({
      database: server.database,
      networkApiBaseUrl: `http://127.0.0.1:${network.port}`,
      srcClientId: 'merchant-client-id',
      srcDpaIds: ['dpa-1'],
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app?.close();
    await network.close();
  });

  const browser = checkoutBrowser();
  const post = (target: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    browser.post(target, url, payload, headers);
  /** POST /api/orders paid with the payment, as this browser, with a fresh idempotency key. */
  const order = (target: FastifyInstance, paymentId: string, headers: Record<string, string> = {}) =>
    post(target, '/api/orders', clickToPayOrder(paymentId), { ...headers, 'idempotency-key': idempotencyKey() });

  /** getPayload of a new merchant transaction at the stand-in network (as a shopper, with their headers). */
  const fetchFromStandIn = (headers: Record<string, string> = {}) =>
    post(
      app,
      '/api/getPayload',
      {
        srcDpaId: 'dpa-1',
        srcCorrelationId: 'corr',
        merchantTransactionId: `mtid-${randomBytes(6).toString('hex')}`,
        flowId: 'flow',
        transactionAmount: { transactionAmount: 299.97, transactionCurrencyCode: 'USD' },
      },
      headers,
    );

  it('keeps a passkey-confirmed payment as AUTHENTICATED, and the order and its history show it', async () => {
    const shopper = await registerShopper(server);
    next = { inPayload: assuranceData(), answered: assuranceData() };
    lines = [];
    const fetched = await fetchFromStandIn(shopper.auth);
    expect(fetched.statusCode, fetched.body).toBe(200);
    const { data } = fetched.json();
    expect(data.authentication).toEqual({
      method: 'PASSKEY',
      result: 'AUTHENTICATED',
      eci: '02',
      verificationMethod: '07',
    });
    const [row] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, data.paymentId));
    expect(row).toMatchObject({ authenticationMethod: 'PASSKEY', authenticationResult: 'AUTHENTICATED' });

    const placed = await order(app, data.paymentId, shopper.auth);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.payment.authentication).toEqual(data.authentication);
    const history = await app.inject({ method: 'GET', url: '/api/orders', headers: shopper.auth });
    const listed = history
      .json()
      .data.find((o: { orderNumber: string }) => o.orderNumber === placed.json().data.orderNumber);
    expect(listed.payment.authentication).toMatchObject({ method: 'PASSKEY', result: 'AUTHENTICATED', eci: '02' });
  });

  it('keeps a payment whose assurance data disagrees as UNVERIFIED, with a log line that names why', async () => {
    next = { inPayload: assuranceData(), answered: assuranceData('07', '06') };
    lines = [];
    const fetched = await fetchFromStandIn();
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data.authentication).toEqual({
      method: 'PASSKEY',
      result: 'UNVERIFIED',
      eci: '02',
      verificationMethod: '07',
    });
    expect(lines.join('\n')).toContain('assuranceData.eci differs');
    const placed = await order(app, fetched.json().data.paymentId);
    expect(placed.json().data.payment.authentication.result).toBe('UNVERIFIED');
  });

  it('says nothing new of a payment nobody confirmed', async () => {
    next = { inPayload: { eci: '06', verificationData: [entry('04')] }, answered: { eci: '06' } };
    const fetched = await fetchFromStandIn();
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).not.toHaveProperty('authentication');
    const placed = await order(app, fetched.json().data.paymentId);
    expect(placed.json().data.payment).not.toHaveProperty('authentication');
  });

  it('takes the sandbox’s own authenticated payment (confirmed with the code) as AUTHENTICATED by OTP', async () => {
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const amount = { transactionAmount: 299.97, transactionCurrencyCode: 'USD' };
    const request = await sandboxCheckout(server.app, {
      init: sdkTestInit(DEMO_SRC_DPA_ID, 'Click to Pay Demo', { amount }),
      lastFour: '9726',
      checkout: {
        merchantOrigin: origin,
        dpaTransactionOptions: { authenticationPreferences: { payloadRequested: 'AUTHENTICATED' } },
      },
      transactionAmount: amount,
      confirmWithCode: true,
    });
    const fetched = await post(server.app, '/api/getPayload', request);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data.authentication).toEqual(authentication('OTP', 'AUTHENTICATED'));
  });
});
