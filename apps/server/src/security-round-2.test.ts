// Security, second round (issue 28), tried on the merchant server as an anonymous caller, another
// merchant or a shared cache would: DPAs claimed by naming them (item 3), the network's weak keys
// (item 4), onboarding reopened by the admin (item 5), deep mock SRC files (item 7) and shopper
// answers a cache could keep (item 8).
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import { CompactSign, compactVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, DEMO_SRC_CLIENT_ID, DEMO_SRC_DPA_ID } from '@c2p/domain';
import { MOCK_SRC_MAX_DEPTH } from '@c2p/domain/mock-src';
import { sandboxSchema } from '@c2p/network-sandbox';
import { cookieFrom, serverPerFile } from '../test/harness.ts';
import { fetchOpenApiDocument } from '../test/openapi.ts';
import { putDpaKey } from '../test/sandbox-checkout.ts';
import { ADDRESS, nextIp, placeOrder, PRODUCTS_HEADERS, registration, registerShopper } from '../test/shop.ts';
import { ensureAdmin } from './features/admin/service.ts';
import { cardNetwork } from './features/merchant-cards/card-network.ts';

const ADMIN = { email: 'owner@round-two.test', password: 'correct horse battery' };
const { sandboxClients, sandboxDpas } = sandboxSchema;

const shop = serverPerFile();
let adminCookie: string;

beforeAll(async () => {
  // getPayload calls the shop's own sandbox over HTTP, as it would call the network.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  await ensureAdmin(shop.database.db, ADMIN.email, ADMIN.password);
  const login = await shop.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  adminCookie = cookieFrom(login, ADMIN_SESSION_COOKIE);
});

const newPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicJwkOf = (key: KeyObject) => key.export({ format: 'jwk' });

/** Another merchant, onboarded at the shop's sandbox with a signing key of its own. */
async function onboardMerchant(clientId: string) {
  const pair = newPair();
  const onboarded = await shop.app.inject({
    method: 'POST',
    url: '/sandbox/clients',
    payload: { clientId, publicJwk: publicJwkOf(pair.publicKey) },
    remoteAddress: nextIp(),
  });
  expect(onboarded.statusCode, onboarded.body).toBe(201);
  /** PUT /sandbox/dpas/{srcDpaId}/key with a fresh payload key, signed as this merchant. */
  return (srcDpaId: string) =>
    putDpaKey(shop.app, srcDpaId, publicJwkOf(newPair().publicKey), { clientId, privateKey: pair.privateKey });
}

describe('item 3: the shop acts only for its own DPAs', () => {
  it('item 3: ten getPayload calls naming strangers’ DPAs answer 422 on srcDpaId and claim none of them', async () => {
    const victims = Array.from({ length: 10 }, (_, i) => `stranger-dpa-${i}`);
    for (const srcDpaId of victims) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/getPayload',
        remoteAddress: nextIp(),
        payload: {
          srcDpaId,
          srcCorrelationId: 'any-correlation',
          merchantTransactionId: 'any-transaction',
          flowId: 'any-flow',
          transactionAmount: { transactionAmount: 1, transactionCurrencyCode: 'USD' },
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['srcDpaId']);
    }
    const claimed = await shop.database.db.select().from(sandboxDpas).where(inArray(sandboxDpas.srcDpaId, victims));
    expect(claimed).toEqual([]);
    // The DPAs' real owner registers its key as if nothing happened.
    const registerKey = await onboardMerchant('stranger-merchant');
    for (const srcDpaId of victims.slice(0, 3)) expect((await registerKey(srcDpaId)).statusCode).toBe(204);
  });
});

describe('item 4: the merchant refuses weak network keys', () => {
  let network: Server;
  let base: string;
  /** The network's signing key as a stranger could make it: 2048 bits, but e = 3. */
  const weak = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 3 });

  beforeAll(async () => {
    network = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      const key = { ...publicJwkOf(weak.publicKey), kid: 'weak-signing-key', alg: 'RS256', use: 'sig' };
      response.end(JSON.stringify(request.url === '/keys' ? { keys: [key] } : {}));
    });
    network.listen(0, '127.0.0.1');
    await once(network, 'listening');
    base = `http://127.0.0.1:${(network.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => network.close(() => resolve())));

  it('item 4: an answer signed with a network key whose exponent is 3 does not verify', async () => {
    const jws = await new CompactSign(new TextEncoder().encode('{"encryptedPayload":"x"}'))
      .setProtectedHeader({ alg: 'RS256', kid: 'weak-signing-key' })
      .sign(weak.privateKey);
    const cards = cardNetwork(
      { baseUrl: () => base, clientId: DEMO_SRC_CLIENT_ID, isSandbox: false },
      undefined as never,
      undefined as never,
      DEMO_SRC_DPA_ID,
    );
    await expect(compactVerify(jws, cards.keysAt(base), { algorithms: ['RS256'] })).rejects.toThrow(
      /odd and at least 65537/,
    );
  });
});

describe('item 5: the admin reopens onboarding at the sandbox', () => {
  it('item 5: DELETE /api/admin/sandbox-clients removes the onboarded clients and their DPAs, not the shop’s', async () => {
    const registerKey = await onboardMerchant('reset-merchant');
    expect((await registerKey('reset-merchant-dpa')).statusCode).toBe(204);
    const url = '/api/admin/sandbox-clients';
    expect((await shop.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const shopper = await registerShopper(shop);
    expect((await shop.app.inject({ method: 'DELETE', url, headers: shopper.auth })).statusCode).toBe(403);

    const reset = await shop.app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.removed).toBeGreaterThanOrEqual(1);
    expect(await shop.database.db.$count(sandboxClients)).toBe(0);
    expect(await shop.database.db.$count(sandboxDpas, eq(sandboxDpas.srcDpaId, 'reset-merchant-dpa'))).toBe(0);
    // The shop's own DPA is still kept for the shop, and the same merchant may onboard again.
    const newcomer = await onboardMerchant('reset-merchant');
    expect((await newcomer(DEMO_SRC_DPA_ID)).statusCode).toBe(403);
    expect((await newcomer('reset-merchant-dpa')).statusCode).toBe(204);
  });
});

describe('item 7: a mock SRC file the tour cannot use is never stored', () => {
  /** `{ "idLookup": { "a": { "a": … } } }`, `depth` objects in all, as JSON text. */
  const nested = (depth: number) => `{"idLookup":${'{"a":'.repeat(depth - 2)}{}${'}'.repeat(depth - 2)}}`;
  const upload = (name: string, content: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/mock-src-files',
      headers: { cookie: adminCookie },
      payload: { name, content },
      remoteAddress: nextIp(),
    });
  const stored = async (name: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/mock-src-files/${name}` })).statusCode;

  it.each([3000, 1000, MOCK_SRC_MAX_DEPTH + 1])(
    'item 7: a file nested %i deep, sent as text, answers 422 naming the limit and is not stored',
    async (depth) => {
      const response = await upload(`deep-${depth}.json`, nested(depth));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([
        { field: 'content', message: `The file is nested too deeply: at most ${MOCK_SRC_MAX_DEPTH} levels` },
      ]);
      expect(await stored(`deep-${depth}.json`)).toBe(404);
    },
  );

  it('item 7: a file at the limit is stored and the tour runs on it; one the tour’s request would refuse is not', async () => {
    expect((await upload('deepest.json', nested(MOCK_SRC_MAX_DEPTH))).statusCode).toBe(201);
    const file = (await shop.app.inject({ method: 'GET', url: '/api/mock-src-files/deepest.json' })).json().content;
    const tour = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/mock-src/answer',
      payload: { file, method: 'idLookup', params: { email: 'a@b.c' } },
    });
    expect(tour.statusCode, tour.body).toBe(200);
    expect(tour.json().outcome).toBe('resolve');

    // A NUL in a string: the database cannot store it, and the tour's request is refused for it.
    const withNul = await upload('with-nul.json', '{"idLookup":{"consumerPresent":"\\u0000"}}');
    expect(withNul.statusCode, withNul.body).toBe(422);
    expect(withNul.json().errors[0].field).toBe('content.idLookup.consumerPresent');
    expect(await stored('with-nul.json')).toBe(404);
  });
});

describe('item 8: answers with a shopper’s data are not cached', () => {
  const noStore = (response: { headers: Record<string, unknown>; statusCode: number }, what: string) =>
    expect(response.headers['cache-control'], `${what} (${response.statusCode})`).toBe('no-store');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers = {}, payload?: object) =>
    shop.app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

  it('item 8: registration, sign-in, profile, preferences, addresses, orders, saved cards and sign-out send no-store', async () => {
    const body = registration();
    const registered = await call('POST', '/api/auth/register', {}, body);
    noStore(registered, 'registration');
    const login = await call('POST', '/api/auth/user/login', {}, { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    noStore(login, 'sign-in');
    const auth = { authorization: login.json().meta.token as string };

    noStore(await call('GET', '/api/session/user', auth), 'profile');
    noStore(await call('PATCH', '/api/session/user', auth, { firstName: 'Ada' }), 'profile change');
    noStore(await call('GET', '/api/session/preferences', auth), 'preferences');
    const preferences = { emailOffers: true, smsOffers: false, orderUpdates: true };
    noStore(await call('PUT', '/api/session/preferences', auth, preferences), 'preferences change');
    const address = await call('POST', '/api/session/addresses', auth, ADDRESS);
    noStore(address, 'new address');
    noStore(await call('GET', '/api/session/addresses', auth), 'addresses');
    noStore(await call('DELETE', `/api/session/addresses/${address.json().data.id}`, auth), 'address deleted');
    const order = await placeOrder(shop, undefined, auth);
    expect(order.statusCode).toBe(201);
    noStore(order, 'order placed');
    noStore(await call('GET', '/api/orders', auth), 'order history');
    noStore(await call('GET', `/api/orders/${order.json().data.orderNumber}`, auth), 'one order');
    noStore(await call('GET', '/api/merchantCards', auth), 'saved cards');
    noStore(await call('GET', '/api/admin/session', { cookie: adminCookie }), 'admin session');
    noStore(await call('POST', '/api/session/logout', auth), 'sign-out');
  });

  it('item 8: every GET that needs a shopper or the admin sends no-store; the products keep their own policy', async () => {
    const shopper = await registerShopper(shop);
    const document = await fetchOpenApiDocument(shop.app, '/api/openapi.json');
    const guarded = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { security?: Record<string, unknown>[] }>)
        .filter(([method, operation]) => method === 'get' && operation.security?.some((s) => !('productsApiKey' in s)))
        .map(() => path.replace(/\{[^}]+\}/g, 'C2P-AAAAAAAA')),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    for (const url of guarded) {
      noStore(await call('GET', url, { ...shopper.auth, cookie: adminCookie }), url);
    }
    const products = await call('GET', '/api/products', PRODUCTS_HEADERS);
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).toBe('no-cache');
  });
});
