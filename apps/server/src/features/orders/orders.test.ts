import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statementsDuring, type TestServer } from '../../../test/harness.ts';
import { ADDRESS, idempotencyKey, nextIp, orderBody, registerShopper } from '../../../test/shop.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { catalogueSnapshot } from '../products/repository.ts';
import { insertOrders } from './insert-orders.ts';
import { newOrderNumber, orderRequestSchema, priceOrder } from './service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Headers = Record<string, string>;
/** Places an order with a fresh Idempotency-Key, the given one, or (null) none. */
const place = (body: unknown, headers: Headers = {}, key: string | null = idempotencyKey(), ip = nextIp()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: body as object,
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...headers },
    remoteAddress: ip,
  });
const get = (url: string, headers: Headers = {}) => server.app.inject({ method: 'GET', url, headers });

const ordersWithKey = async (key: string) => {
  const [row] = await server.database.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key));
  return row!.n;
};

describe('POST /api/orders', () => {
  it('places a guest order priced from the catalogue, never from the client', async () => {
    const body = orderBody({
      items: [
        { id: 1, count: 2, price: 0.01, name: 'Cheap' },
        { id: 9, count: 1, price: 0 },
      ],
      subtotal: 0.01,
      total: 0.01,
    });
    const response = await place(body);
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order.orderNumber).toMatch(/^C2P-[A-Z2-7]{8}$/);
    expect(new Date(order.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.items).toEqual([
      {
        id: 1,
        slug: 'aurora-headphones',
        name: 'Aurora Wireless Headphones',
        image: '/images/products/aurora-headphones.svg',
        price: 129.99,
        count: 2,
        lineTotal: 259.98,
      },
      {
        id: 9,
        slug: 'echo-speaker',
        name: 'Echo Mini Speaker',
        image: '/images/products/echo-speaker.svg',
        price: 39.99,
        count: 1,
        lineTotal: 39.99,
      },
    ]);
    expect(order).toMatchObject({
      subtotal: 299.97,
      discount: 0,
      shipping: 0,
      total: 299.97,
      currency: 'USD',
      promoCode: null,
      contact: { type: 'email', email: 'ada@demo.test' },
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      payment: { method: 'card', brand: 'visa', lastFour: '1111' },
    });
    expect(order.payment).not.toHaveProperty('expiry');
  });

  it('takes 10 % off with the demo promo code, whatever its case and spacing', async () => {
    const response = await place(orderBody({ promoCode: '  clicktopay10 ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      subtotal: 299.97,
      discount: 30,
      total: 269.97,
      promoCode: 'CLICKTOPAY10',
    });
    const empty = await place(orderBody({ promoCode: '' }));
    expect(empty.json().data).toMatchObject({ discount: 0, total: 299.97, promoCode: null });
  });

  it('refuses an unknown promo code on promoCode, in the visitor language', async () => {
    const response = await place(orderBody({ promoCode: 'FREESTUFF' }), { cookie: 'locale=fr-FR' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ promoCode: [translate('fr-FR', 'VALIDATION.PROMO_CODE_INVALID')] });
    expect(translate('en-US', 'VALIDATION.PROMO_CODE_INVALID')).toBe('This promo code is not valid');
  });

  it('refuses unknown and repeated products, naming items.N.id', async () => {
    const unknown = await place(
      orderBody({
        items: [
          { id: 1, count: 1 },
          { id: 4242, count: 1 },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'items.1.id': [translate('en-US', 'API.ORDER.UNKNOWN_PRODUCT')] });
    const twice = await place(
      orderBody({
        items: [
          { id: 2, count: 1 },
          { id: '2', count: 3 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['items.1.id']);
  });

  it('checks lines and counts: 1 to 50 lines, whole counts from 1 to 99', async () => {
    expect(Object.keys((await place(orderBody({ items: [] }))).json().errors)).toEqual(['items']);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: (i % 10) + 1, count: 1 }));
    expect(Object.keys((await place(orderBody({ items: many }))).json().errors)).toContain('items');
    for (const bad of [0, 100, 1.5, '2', null]) {
      const response = await place(orderBody({ items: [{ id: 1, count: bad }] }));
      expect(response.statusCode, String(bad)).toBe(422);
      expect(response.json().errors).toEqual({ 'items.0.count': [translate('en-US', 'VALIDATION.QUANTITY')] });
    }
  });

  it('validates shipping with the domain rules, in French for a French visitor', async () => {
    const response = await place(
      orderBody({
        shipping: {
          address: { ...ADDRESS, firstName: 'A' },
          saveAsBillingAddress: true,
          contact: { type: 'email', email: 'ada@demo.test' },
        },
      }),
      { cookie: 'locale=fr-FR' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'shipping.address.firstName': ['Le prénom ne peut pas contenir moins de 2 caractères'],
    });
    expect(response.json().message).toBe(
      'shipping.address.firstName: Le prénom ne peut pas contenir moins de 2 caractères',
    );
  });

  it('needs a billing address when the shipping address is not the billing address', async () => {
    const shipping = {
      address: ADDRESS,
      saveAsBillingAddress: false,
      contact: { type: 'email', email: 'ada@demo.test' },
    };
    const missing = await place(orderBody({ shipping }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      billingAddress: [translate('en-US', 'API.ORDER.BILLING_ADDRESS_REQUIRED')],
    });
    const billingAddress = { ...ADDRESS, streetAddress1: '1 Billing Way' };
    const placed = await place(orderBody({ shipping, billingAddress }));
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.billingAddress).toEqual(billingAddress);
    expect(placed.json().data.shippingAddress).toEqual(ADDRESS);
  });

  it('checks the card summary: brand, four last digits, an expiry not in the past', async () => {
    const payment = { method: 'card', brand: 'visa', lastFour: '1111', expiry: '12/39' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...payment, brand: 'unknown' }, 'payment.brand'],
      [{ ...payment, method: 'cash' }, 'payment.method'],
      [{ ...payment, lastFour: '123' }, 'payment.lastFour'],
      [{ ...payment, expiry: '13/30' }, 'payment.expiry'],
      [{ ...payment, expiry: '01/20' }, 'payment.expiry'],
    ];
    for (const [bad, field] of cases) {
      const response = await place(orderBody({ payment: bad }));
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
  });

  it('refuses any body carrying a full card number or security code, wherever it is', async () => {
    const payment = { method: 'card', brand: 'visa', lastFour: '1111', expiry: '12/39' };
    const inPayment = await place(orderBody({ payment: { ...payment, cardNumber: '4111111111111111' } }));
    expect(inPayment.statusCode).toBe(422);
    expect(Object.keys(inPayment.json().errors)).toEqual(['payment.cardNumber']);
    const topLevel = await place({ ...orderBody(), pan: '4111111111111111' });
    expect(Object.keys(topLevel.json().errors)).toEqual(['pan']);
    const key = idempotencyKey();
    const cvv = await place(orderBody({ payment: { ...payment, cvv: '123' } }), {}, key);
    expect(cvv.statusCode).toBe(422);
    expect(Object.keys(cvv.json().errors)).toEqual(['payment.cvv']);
    expect(await ordersWithKey(key)).toBe(0);
  });

  it('needs an Idempotency-Key header of 8 to 100 safe characters (422 naming it)', async () => {
    const missing = await place(orderBody(), {}, null);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['Idempotency-Key']);
    expect(missing.json().message).toContain('Idempotency-Key');
    for (const key of ['short', 'x'.repeat(101), 'has space in it', 'bad/chars!']) {
      expect((await place(orderBody(), {}, key)).statusCode, key).toBe(422);
    }
  });

  it('answers the same order for the same key and body (200), and 409 for another body', async () => {
    const key = idempotencyKey();
    const first = await place(orderBody(), {}, key);
    expect(first.statusCode).toBe(201);
    const again = await place(orderBody(), {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await place(orderBody({ items: [{ id: 3, count: 1 }] }), {}, key);
    expect(other.statusCode).toBe(409);
    expect(Object.keys(other.json().errors)).toEqual(['Idempotency-Key']);
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('stores exactly one order when requests with one key arrive together', async () => {
    const key = idempotencyKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => place(orderBody(), {}, key)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().data.orderNumber)).size).toBe(1);
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('stores many orders placed at once in a few statements, each order whole and answered 201', async () => {
    let responses: Awaited<ReturnType<typeof place>>[] = [];
    const statements = await statementsDuring(server.database.db, async () => {
      responses = await Promise.all(Array.from({ length: 30 }, () => place(orderBody())));
    });
    // Each order used to cost five statements or more; the rate limits' and the orders' now go in batches.
    expect(statements).toBeLessThanOrEqual(10);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const numbers = responses.map((response) => response.json().data.orderNumber as string);
    expect(new Set(numbers).size).toBe(30);
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.orderNumber, numbers));
    expect(stored!.n).toBe(60);
  });

  it('stores nothing of an order when one of its lines cannot be stored', async () => {
    // A constraint that refuses the second line (product 9) while the order row itself is fine.
    await server.database.db.execute(
      sql`alter table order_lines add constraint test_refuse_product_9 check (product_id <> 9) not valid`,
    );
    try {
      const key = idempotencyKey();
      const before = await server.database.db.select({ n: count() }).from(orderLines);
      const response = await place(orderBody(), {}, key);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, message: 'Something went wrong, please try again later' });
      expect(await ordersWithKey(key)).toBe(0);
      const after = await server.database.db.select({ n: count() }).from(orderLines);
      expect(after[0]!.n).toBe(before[0]!.n);
    } finally {
      await server.database.db.execute(sql`alter table order_lines drop constraint test_refuse_product_9`);
    }
  });

  it('recognises an order-number collision, so that another number is drawn', async () => {
    const request = orderRequestSchema.parse(orderBody({ items: [{ id: 1, count: 1 }] }));
    const priced = priceOrder(request, await catalogueSnapshot(server.database.db));
    if (!priced.ok) throw new Error('not priced');
    const orderNumber = newOrderNumber();
    const row = (key: string) => ({
      ...priced.order,
      orderNumber,
      idempotencyKey: key,
      requestHash: 'h',
      userId: null,
    });
    await insertOrders(server.database.db, [{ order: row(idempotencyKey()), lines: priced.lines }]);
    const error = await insertOrders(server.database.db, [{ order: row(idempotencyKey()), lines: priced.lines }]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, 'orders_order_number_unique')).toBe(true);
    expect(isUniqueViolation(error, 'orders_idempotency_key_unique')).toBe(false);
  });

  it('refuses oversized and malformed bodies without a 500', async () => {
    const huge = await place(orderBody({ promoCode: 'x'.repeat(70_000) }));
    expect(huge.statusCode).toBe(413);
    const deep = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey() },
      payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey() },
      payload: '{"items":',
    });
    expect(text.statusCode).toBe(400);
  });

  it('rate limits order attempts per address: the 61st in a minute answers 429', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await place({}, {}, null, ip)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 422)).toBe(true);
    expect(statuses[60]).toBe(429);
    const limited = await place(orderBody(), {}, idempotencyKey(), ip);
    expect(limited.json()).toEqual({
      statusCode: 429,
      message: translate('en-US', 'API.ORDER.TOO_MANY_REQUESTS'),
    });
  });
});

describe('orders of a signed-in shopper', () => {
  it('links the order to the shopper, lists the history newest first and shows each order to its owner only', async () => {
    const shopper = await registerShopper(server);
    const first = await place(orderBody({ items: [{ id: 2, count: 1 }] }), shopper.auth);
    const second = await place(orderBody({ items: [{ id: 10, count: 3 }] }), shopper.auth);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    await place(orderBody());

    const history = await get('/api/orders', { ...shopper.auth, cookie: 'locale=fr-FR' });
    expect(history.statusCode).toBe(200);
    const numbers = history.json().data.map((o: { orderNumber: string }) => o.orderNumber);
    expect(numbers).toEqual([second.json().data.orderNumber, first.json().data.orderNumber]);
    expect(history.json().data[0].items[0]).toMatchObject({ name: 'Lot de carnets Field', count: 3, lineTotal: 55.5 });

    const own = await get(`/api/orders/${first.json().data.orderNumber}`, shopper.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(first.json());
    const lower = await get(`/api/orders/${first.json().data.orderNumber.toLowerCase()}`, shopper.auth);
    expect(lower.statusCode).toBe(200);

    const stranger = await registerShopper(server);
    expect((await get(`/api/orders/${first.json().data.orderNumber}`, stranger.auth)).statusCode).toBe(404);
    expect((await get('/api/orders', stranger.auth)).json()).toEqual({ data: [] });
    expect((await get('/api/orders/C2P-AAAAAAAA', shopper.auth)).statusCode).toBe(404);
    expect((await get('/api/orders/not-an-order', shopper.auth)).statusCode).toBe(404);
  });

  it('does not show guest orders to anyone, and needs a session for the history (401)', async () => {
    const guest = await place(orderBody());
    const shopper = await registerShopper(server);
    expect((await get(`/api/orders/${guest.json().data.orderNumber}`, shopper.auth)).statusCode).toBe(404);
    expect((await get(`/api/orders/${guest.json().data.orderNumber}`)).statusCode).toBe(401);
    expect((await get('/api/orders')).statusCode).toBe(401);
    expect((await get('/api/orders', { authorization: 'stale' })).statusCode).toBe(401);
  });

  it('answers 401 to an order sent with a token that is no longer a session', async () => {
    const shopper = await registerShopper(server);
    await server.app.inject({ method: 'POST', url: '/api/session/logout', headers: shopper.auth });
    const key = idempotencyKey();
    const response = await place(orderBody(), shopper.auth, key);
    expect(response.statusCode).toBe(401);
    expect(await ordersWithKey(key)).toBe(0);
  });

  it('treats the same key from another shopper as a different request (409)', async () => {
    const shopper = await registerShopper(server);
    const key = idempotencyKey();
    expect((await place(orderBody(), shopper.auth, key)).statusCode).toBe(201);
    expect((await place(orderBody(), {}, key)).statusCode).toBe(409);
  });
});
