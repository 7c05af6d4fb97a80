import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { startTestServer, webDistFixture, type TestServer } from '../test/harness.ts';
import { ADDRESS, idempotencyKey, nextIp, orderBody, registerShopper, type Shopper } from '../test/shop.ts';
import { ensureAdmin } from './features/admin/service.ts';
import { translate } from './lib/i18n.ts';

/**
 * Item 15: HSTS and Secure cookies when the page is served over HTTPS (directly, or by a
 * TLS-terminating proxy named in TRUST_PROXY), and card numbers refused in free-text fields.
 */
const EMAIL = 'owner.transport@demo.test';
const PASSWORD = 'correct horse transport';

/** Behind a TLS-terminating proxy that the server trusts (TRUST_PROXY=true). */
let proxied: TestServer;
let shopper: Shopper;

beforeAll(async () => {
  // Behind a TLS proxy the public address is https; the proxy may forward plain http too.
  proxied = await startTestServer({
    webDistDir: await webDistFixture(),
    app: { trustProxy: true, publicOrigins: ['https://localhost', 'http://localhost'] },
  });
  await ensureAdmin(proxied.database.db, EMAIL, PASSWORD);
  shopper = await registerShopper(proxied);
});
afterAll(() => proxied.close());

const signIn = (server: TestServer, headers: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    // The proxy forwards the name the browser used.
    headers: { host: 'localhost', ...headers },
    payload: { email: EMAIL, password: PASSWORD },
    remoteAddress: nextIp(),
  });

describe('item 15: HTTPS behind a trusted proxy', () => {
  it('item 15: answers over HTTPS carry HSTS, pages and API alike', async () => {
    for (const url of ['/', '/products', '/api/health', '/api/no-such-thing']) {
      const response = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('item 15: the admin cookie is Secure when the proxy says the page is HTTPS', async () => {
    const response = await signIn(proxied, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });

  it('item 15: plain HTTP gets no HSTS (it would be ignored) and a cookie the browser can send back', async () => {
    const response = await signIn(proxied, { 'x-forwarded-proto': 'http' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.secure).toBeFalsy();
  });

  it('item 15: without TRUST_PROXY a forged X-Forwarded-Proto changes nothing', async () => {
    const direct = await startTestServer();
    try {
      const response = await direct.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe('item 15: card numbers in free-text fields are refused like card fields', () => {
  const cardRefusal = translate('en-US', 'API.ORDER.CARD_NUMBER_FORBIDDEN');
  const CARDS = ['4111 1111 1111 1111', '5186-0017-0000-8785', 'Apt 4111111111111111', '378282246310005'];

  it('item 15: a saved address with a card number in street address 2, city or state answers 422 naming it', async () => {
    for (const [field, value] of [
      ['streetAddress2', CARDS[0]],
      ['streetAddress1', CARDS[2]],
      ['city', CARDS[1]],
      ['state', CARDS[3]],
    ] as const) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/session/addresses',
        headers: shopper.auth,
        payload: { ...ADDRESS, [field]: value },
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field], field).toEqual([cardRefusal]);
    }
    const saved = await proxied.app.inject({ method: 'GET', url: '/api/session/addresses', headers: shopper.auth });
    expect(JSON.stringify(saved.json())).not.toMatch(/4111|8785|0005/);
  });

  it('item 15: an order with a card number in the shipping or billing address is refused, in French too', async () => {
    const order = (address: object, billing?: object, cookie?: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': idempotencyKey(), ...(cookie ? { cookie } : {}) },
        payload: orderBody({
          shipping: { address, saveAsBillingAddress: !billing, contact: { type: 'email', email: 'ada@demo.test' } },
          ...(billing ? { billingAddress: billing } : {}),
        }),
        remoteAddress: nextIp(),
      });
    const shipping = await order({ ...ADDRESS, streetAddress2: CARDS[1] });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.json().errors['shipping.address.streetAddress2']).toEqual([cardRefusal]);
    const billing = await order(ADDRESS, { ...ADDRESS, streetAddress2: CARDS[0] }, 'locale=fr-FR');
    expect(billing.statusCode).toBe(422);
    expect(billing.json().errors['billingAddress.streetAddress2']).toEqual([
      translate('fr-FR', 'API.ORDER.CARD_NUMBER_FORBIDDEN'),
    ]);
  });

  it('item 15: numbers that are not card numbers stay allowed', async () => {
    // Not Luhn-valid, too short, or a run of more than 19 digits.
    for (const value of ['Unit 4111 1111 1111 1112', 'PO Box 123456789012', 'Building 12, floor 3', '1'.repeat(20)]) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/session/addresses',
        headers: shopper.auth,
        payload: { ...ADDRESS, streetAddress2: value },
      });
      expect(response.statusCode, value).toBe(201);
      await proxied.app.inject({
        method: 'DELETE',
        url: `/api/session/addresses/${response.json().data.id}`,
        headers: shopper.auth,
      });
    }
  });
});
