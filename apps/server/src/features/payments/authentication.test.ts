// Issue 31, the merchant's side: the payload of an authenticated payment carries how the shopper
// confirmed it (authenticationData) and the answer around it the network's assurance data; the
// server checks one against the other, keeps the method, result and ECI with the payment and its
// order, and never the authentication value.
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

/** 20 random bytes in base64, as the network's authentication value is. */
const newValue = () => randomBytes(20).toString('base64');
const VALUE = newValue();
const AT = '2026-11-28T10:00:00.000Z';

const authenticationData = (method = 'PASSKEY', value = VALUE): Json => ({
  authenticationMethod: method,
  authenticationResult: 'AUTHENTICATED',
  authenticationValue: value,
  eci: '02',
  authenticatedAt: AT,
});
const assuranceData = (verificationMethod = '07', eci = '02'): Json => ({
  eci,
  verificationData: [
    {
      verificationType: 'CARDHOLDER',
      verificationEntity: '02',
      verificationMethod,
      verificationResults: '01',
      verificationTimestamp: AT,
      verificationEvents: ['01'],
    },
  ],
});

describe('checkAuthentication', () => {
  it('says nothing of a payload without authentication data (no authenticated payment was asked for)', () => {
    expect(checkAuthentication({ token: {} }, { assuranceData: assuranceData('04', '06') })).toBeUndefined();
  });

  it('accepts a passkey (07) and a one-time code (04) whose payload and assurance data agree', () => {
    expect(
      checkAuthentication({ authenticationData: authenticationData() }, { assuranceData: assuranceData() }),
    ).toEqual({
      authentication: { method: 'PASSKEY', result: 'AUTHENTICATED', eci: '02', verificationMethod: '07' },
    });
    expect(
      checkAuthentication({ authenticationData: authenticationData('OTP') }, { assuranceData: assuranceData('04') }),
    ).toEqual({ authentication: { method: 'OTP', result: 'AUTHENTICATED', eci: '02', verificationMethod: '04' } });
  });

  const good = authenticationData();
  const BAD_FORMS: [string, Json, Json, RegExp][] = [
    ['not an object', { authenticationData: 'AUTHENTICATED' }, assuranceData(), /not an object/],
    ['null', { authenticationData: null }, assuranceData(), /not an object/],
    [
      'an unknown method',
      { authenticationData: { ...good, authenticationMethod: 'FACE' } },
      assuranceData(),
      /PASSKEY nor OTP/,
    ],
    [
      'a result other than AUTHENTICATED',
      { authenticationData: { ...good, authenticationResult: 'FAILED' } },
      assuranceData(),
      /authenticationResult/,
    ],
    ['an ECI other than 02', { authenticationData: { ...good, eci: '05' } }, assuranceData(), /eci is not 02/],
    [
      'an authentication value too short',
      { authenticationData: { ...good, authenticationValue: 'AAAA' } },
      assuranceData(),
      /authenticationValue/,
    ],
    [
      'an authentication value that is not base64',
      { authenticationData: { ...good, authenticationValue: `${'*'.repeat(27)}=` } },
      assuranceData(),
      /authenticationValue/,
    ],
    [
      'no authentication value',
      { authenticationData: { ...good, authenticationValue: undefined } },
      assuranceData(),
      /authenticationValue/,
    ],
    [
      'no time of authentication',
      { authenticationData: { ...good, authenticatedAt: 'yesterday' } },
      assuranceData(),
      /authenticatedAt/,
    ],
    ['an answer of another ECI', { authenticationData: good }, assuranceData('07', '06'), /assuranceData\.eci/],
    [
      'verification data of another method (a code for a passkey)',
      { authenticationData: good },
      assuranceData('04'),
      /verificationMethod is not 07/,
    ],
    [
      'verification data that did not verify',
      { authenticationData: good },
      {
        ...assuranceData(),
        verificationData: [{ ...(assuranceData().verificationData as Json[])[0], verificationResults: '04' }],
      },
      /verificationResults/,
    ],
    ['no verification data', { authenticationData: good }, { eci: '02' }, /verificationMethod/],
  ];

  for (const [name, payload, assurance, problem] of BAD_FORMS) {
    it(`flags ${name} as UNVERIFIED, saying why`, () => {
      const checked = checkAuthentication(payload, { assuranceData: assurance })!;
      expect(checked.authentication.result).toBe('UNVERIFIED');
      expect(checked.problem).toMatch(problem);
      expect(JSON.stringify(checked)).not.toContain(VALUE);
    });
  }

  it('keeps the method, ECI and verification method it could read from a flagged payload', () => {
    const checked = checkAuthentication(
      { authenticationData: { ...good, authenticationValue: 'short' } },
      { assuranceData: assuranceData() },
    );
    expect(checked?.authentication).toEqual({
      method: 'PASSKEY',
      result: 'UNVERIFIED',
      eci: '02',
      verificationMethod: '07',
    });
  });
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
  let next: { authenticationData?: unknown; assuranceData: Json } = { assuranceData: assuranceData() };

  beforeAll(async () => {
    await server.app.ready();
    network = await startStandInNetwork(server.database.db, () => ({
      payload: {
        token: { paymentToken: '5299920000000149', tokenExpirationMonth: '7', tokenExpirationYear: '2031' },
        dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', dynamicDataValue: 'AAAAcg==' },
        transactionAmount: { transactionAmount: '299.97', transactionCurrencyCode: 'USD' },
        ...('authenticationData' in next ? { authenticationData: next.authenticationData } : {}),
      },
      assuranceData: next.assuranceData,
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

  it('keeps a passkey-confirmed payment as AUTHENTICATED, and the order and its history show it; never the value', async () => {
    const shopper = await registerShopper(server);
    next = { authenticationData: authenticationData(), assuranceData: assuranceData() };
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
    expect(fetched.body).not.toContain(VALUE);
    const [row] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, data.paymentId));
    expect(row).toMatchObject({ authenticationMethod: 'PASSKEY', authenticationResult: 'AUTHENTICATED' });
    expect(Object.values(row!).map(String)).not.toContain(VALUE);

    const placed = await order(app, data.paymentId, shopper.auth);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.payment.authentication).toEqual(data.authentication);
    const history = await app.inject({ method: 'GET', url: '/api/orders', headers: shopper.auth });
    const listed = history
      .json()
      .data.find((o: { orderNumber: string }) => o.orderNumber === placed.json().data.orderNumber);
    expect(listed.payment.authentication).toMatchObject({ method: 'PASSKEY', result: 'AUTHENTICATED', eci: '02' });
    expect(lines.join('\n')).not.toContain(VALUE);
  });

  it('keeps a payment whose assurance data disagrees as UNVERIFIED, with a log line that names why and not the value', async () => {
    next = { authenticationData: authenticationData(), assuranceData: assuranceData('04') };
    lines = [];
    const fetched = await fetchFromStandIn();
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data.authentication).toEqual(authentication('PASSKEY', 'UNVERIFIED'));
    const log = lines.join('\n');
    expect(log).toContain('verificationMethod is not 07');
    expect(log).not.toContain(VALUE);
    const placed = await order(app, fetched.json().data.paymentId);
    expect(placed.json().data.payment.authentication.result).toBe('UNVERIFIED');
  });

  it('says nothing new of a payment without authentication data', async () => {
    next = { assuranceData: assuranceData('04', '06') };
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
