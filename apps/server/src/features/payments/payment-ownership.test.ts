// Issue 28, item 2: an unused Click to Pay payment id (it shows in the API log and its downloads)
// pays only an order of the cart or shopper whose checkout made it; any other order gets a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SRC_DPA_ID, type GetPayloadRequest, sdkTestInit } from '@c2p/domain';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sandboxCheckout } from '../../../test/sandbox-checkout.ts';
import { checkoutBrowser, clickToPayOrder, idempotencyKey, registerShopper } from '../../../test/shop.ts';
import { translate } from '../../lib/i18n.ts';

const AMOUNT = { transactionAmount: 299.97, transactionCurrencyCode: 'USD' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The merchant API calls its own /sandbox over HTTP, so the server must listen.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** A browser of its own (its checkout cookie), with a shopper's Authorization when signed in. */
function browserOf(auth: Record<string, string> = {}) {
  const jar = checkoutBrowser();
  const post = (url: string, payload: unknown) =>
    jar.post(server.app, url, payload, { ...auth, 'idempotency-key': idempotencyKey() });
  return {
    getPayload: (request: GetPayloadRequest) => post('/api/getPayload', request),
    order: (paymentId: string) => post('/api/orders', clickToPayOrder(paymentId)),
  };
}

const checkout = (): Promise<GetPayloadRequest> =>
  sandboxCheckout(server.app, {
    init: sdkTestInit(DEMO_SRC_DPA_ID, 'Click to Pay Demo', { amount: AMOUNT }),
    lastFour: '4537',
    transactionAmount: AMOUNT,
  });

const notYours = [translate('en-US', 'API.PAYMENTS.PAYMENT_NOT_YOURS')];

describe('item 2: payments bound to who made them', () => {
  it('item 2: a guest’s payment id pays nothing in another browser, and the guest’s own order', async () => {
    const guest = browserOf();
    const fetched = await guest.getPayload(await checkout());
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['set-cookie']).toMatch(/^c2p_checkout=[^;]+;.*HttpOnly.*SameSite=Strict/i);
    const { paymentId } = fetched.json().data;

    const stranger = await browserOf().order(paymentId);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().errors).toEqual({ 'payment.paymentId': notYours });
    expect((await guest.order(paymentId)).statusCode).toBe(201);
  });

  it('item 2: a signed-in shopper’s payment id pays nothing for another shopper', async () => {
    const owner = await registerShopper(server);
    const other = await registerShopper(server);
    const { paymentId } = (await browserOf(owner.auth).getPayload(await checkout())).json().data;
    const refused = await browserOf(other.auth).order(paymentId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ 'payment.paymentId': notYours });
    // The owner may finish on another device of theirs: the payment is the shopper's.
    expect((await browserOf(owner.auth).order(paymentId)).statusCode).toBe(201);
  });

  it('item 2: fetching the same transaction in another browser does not take the payment over', async () => {
    const guest = browserOf();
    const request = await checkout();
    const { paymentId } = (await guest.getPayload(request)).json().data;
    const stranger = browserOf();
    const taken = await stranger.getPayload(request);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ merchantTransactionId: notYours });
    expect((await stranger.order(paymentId)).statusCode).toBe(403);
    expect((await guest.order(paymentId)).statusCode).toBe(201);
  });
});

describe('round 3, item 5: the guest payer cookie cannot be planted', () => {
  it('round 3, item 5: a checkout cookie the browser already had (set by a sibling origin) pays nothing', async () => {
    const PLANTED = 'c2p_checkout=planted-by-a-page-on-another-port';
    // The victim's browser carried the planted value when the payment was stored.
    const planted = await server.app.inject({
      method: 'POST',
      url: '/api/getPayload',
      payload: await checkout(),
      headers: { cookie: PLANTED, 'idempotency-key': idempotencyKey() },
      remoteAddress: '198.51.100.5',
    });
    expect(planted.statusCode).toBe(200);
    const given = planted.cookies.find((cookie) => cookie.name === 'c2p_checkout')!;
    expect(`c2p_checkout=${given.value}`).not.toBe(PLANTED);
    const attackersOrder = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: clickToPayOrder(planted.json().data.paymentId),
      headers: { cookie: PLANTED, 'idempotency-key': idempotencyKey() },
      remoteAddress: '198.51.100.6',
    });
    expect(attackersOrder.statusCode).toBe(403);
    expect(attackersOrder.json().errors).toEqual({ 'payment.paymentId': notYours });
  });

  it('round 3, item 5: the same browser fetching its transaction again keeps the payment under its new cookie', async () => {
    const guest = browserOf();
    const request = await checkout();
    const first = (await guest.getPayload(request)).json().data.paymentId;
    const again = await guest.getPayload(request);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.paymentId).toBe(first);
    expect((await guest.order(first)).statusCode).toBe(201);
  });
});
