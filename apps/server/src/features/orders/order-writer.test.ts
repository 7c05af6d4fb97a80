import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statementsDuring, type TestServer } from '../../../test/harness.ts';
import { clickToPayOrder, idempotencyKey, orderBody } from '../../../test/shop.ts';
import { clickToPayPayments, orderLines, orders } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { catalogueSnapshot, type Catalogue } from '../products/repository.ts';
import { OrderQueueFullError, orderWriter } from './order-writer.ts';
import { insertOrders, type InsertOutcome, type OrderToInsert } from './insert-orders.ts';
import { findOrderByIdempotencyKey } from './repository.ts';
import { newOrderNumber, orderRequestSchema, priceOrder, toOrder, type ClickToPayStoredPayment } from './service.ts';

let server: TestServer;
let catalogue: Catalogue;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  catalogue = await catalogueSnapshot(db());
});
afterAll(() => server.close());

/** A Click to Pay payment no order has taken yet. */
async function freePayment(): Promise<ClickToPayStoredPayment> {
  const [row] = await db()
    .insert(clickToPayPayments)
    .values({
      srcDpaId: 'writer-test',
      correlationId: randomUUID(),
      merchantTransactionId: randomUUID(),
      flowId: randomUUID(),
      encryptedPayload: 'not read here',
      brand: 'visa',
      lastFour: '4242',
      expiry: '12/39',
      credential: 'CARD',
    })
    .returning();
  return {
    method: 'click-to-pay',
    paymentId: row!.id,
    brand: 'visa',
    lastFour: '4242',
    credential: 'CARD',
    dynamicDataType: null,
  };
}

/** An order priced from the catalogue: by card, or with the given Click to Pay payment. */
function anOrder(
  options: { key?: string; payment?: ClickToPayStoredPayment; orderNumber?: string } = {},
): OrderToInsert {
  const body = options.payment ? clickToPayOrder(options.payment.paymentId) : orderBody();
  const priced = priceOrder(orderRequestSchema.parse(body), catalogue, options.payment);
  if (!priced.ok) throw new Error('the test order does not price');
  return {
    order: {
      ...priced.order,
      orderNumber: options.orderNumber ?? newOrderNumber(),
      idempotencyKey: options.key ?? idempotencyKey(),
      requestHash: 'test',
      userId: null,
    },
    lines: priced.lines,
  };
}

const keyOf = (entry: OrderToInsert) => entry.order.idempotencyKey;

async function storedKeys(entries: OrderToInsert[]): Promise<string[]> {
  const rows = await db()
    .select({ key: orders.idempotencyKey })
    .from(orders)
    .where(inArray(orders.idempotencyKey, entries.map(keyOf)));
  return rows.map((row) => row.key).sort();
}

async function lineCount(key: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.idempotencyKey, key));
  return row!.n;
}

const statuses = (outcomes: InsertOutcome[]) => outcomes.map((outcome) => outcome.status);

describe('insertOrders', () => {
  it('stores a batch whole but for an order whose key exists and one whose payment is taken', async () => {
    const earlier = anOrder();
    const taken = await freePayment();
    const takenBy = anOrder({ payment: taken });
    expect(statuses(await insertOrders(db(), [earlier, takenBy]))).toEqual(['stored', 'stored']);

    const free = await freePayment();
    const batch = [
      anOrder({ key: keyOf(earlier) }),
      anOrder({ payment: taken }),
      anOrder(),
      anOrder({ payment: free }),
      anOrder(),
    ];
    const outcomes = await insertOrders(db(), batch);
    expect(statuses(outcomes)).toEqual(['duplicate', 'payment-taken', 'stored', 'stored', 'stored']);

    expect(await storedKeys(batch)).toEqual(
      [keyOf(earlier), keyOf(batch[2]!), keyOf(batch[3]!), keyOf(batch[4]!)].sort(),
    );
    const kept = await findOrderByIdempotencyKey(db(), keyOf(earlier));
    expect(kept!.order.orderNumber).toBe(earlier.order.orderNumber);
    for (const stored of [batch[2]!, batch[3]!, batch[4]!]) expect(await lineCount(keyOf(stored))).toBe(2);

    const payments = await db()
      .select({ id: clickToPayPayments.id, orderId: clickToPayPayments.orderId })
      .from(clickToPayPayments)
      .where(inArray(clickToPayPayments.id, [taken.paymentId, free.paymentId]));
    const orderOf = async (entry: OrderToInsert) => (await findOrderByIdempotencyKey(db(), keyOf(entry)))!.order.id;
    expect(payments.find((p) => p.id === taken.paymentId)!.orderId).toBe(await orderOf(takenBy));
    expect(payments.find((p) => p.id === free.paymentId)!.orderId).toBe(await orderOf(batch[3]!));
  });

  it('answers each stored order as a later read of it answers', async () => {
    const batch = [anOrder(), anOrder({ payment: await freePayment() })];
    const outcomes = await insertOrders(db(), batch);
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status !== 'stored') throw new Error(`order ${index} not stored`);
      const read = await findOrderByIdempotencyKey(db(), keyOf(batch[index]!));
      expect(toOrder(outcome.stored, 'fr-FR')).toEqual(toOrder(read!, 'fr-FR'));
    }
  });
});

describe('the order writer', () => {
  it('stores orders sent together in a statement or two, not several statements each', async () => {
    const writer = orderWriter(db());
    const batch = Array.from({ length: 30 }, () => anOrder());
    let outcomes: InsertOutcome[] = [];
    const statements = await statementsDuring(db(), async () => {
      outcomes = await Promise.all(batch.map(({ order, lines }) => writer.write(order, lines)));
    });
    expect(statuses(outcomes)).toEqual(batch.map(() => 'stored'));
    expect(await storedKeys(batch)).toEqual(batch.map(keyOf).sort());
    expect(statements).toBeLessThanOrEqual(2);
  });

  it('stores one order for a key sent several times at once; the others are told it exists', async () => {
    const writer = orderWriter(db());
    const key = idempotencyKey();
    const tries = Array.from({ length: 4 }, () => anOrder({ key }));
    const outcomes = await Promise.all(tries.map(({ order, lines }) => writer.write(order, lines)));
    expect(statuses(outcomes).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'stored']);
    const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(row!.n).toBe(1);
  });

  it('gives a payment sent twice at once to one order; the other is told it is taken', async () => {
    const writer = orderWriter(db());
    const payment = await freePayment();
    const both = [anOrder({ payment }), anOrder({ payment })];
    const outcomes = await Promise.all(both.map(({ order, lines }) => writer.write(order, lines)));
    expect(statuses(outcomes).sort()).toEqual(['payment-taken', 'stored']);
    expect(await storedKeys(both)).toHaveLength(1);
  });

  it('stores each key and each payment once when two writers (two instances) race for them', async () => {
    const [a, b] = [orderWriter(db()), orderWriter(db())];
    const payments = await Promise.all(Array.from({ length: 6 }, () => freePayment()));
    const keys = Array.from({ length: 24 }, () => idempotencyKey());
    const orderFor = (key: string, index: number) => anOrder({ key, payment: payments[index] });
    // The same keys from both, in opposite orders, and each payment also offered under a key of its own.
    const fromA = keys.map(orderFor);
    const fromB = [...keys.map(orderFor).reverse(), ...payments.map((payment) => anOrder({ payment }))];
    const settled = await Promise.allSettled([
      ...fromA.map(({ order, lines }) => a.write(order, lines)),
      ...fromB.map(({ order, lines }) => b.write(order, lines)),
    ]);
    expect(settled.filter((result) => result.status === 'rejected')).toEqual([]);
    const outcomes = settled.map((result) => (result as PromiseFulfilledResult<InsertOutcome>).value);

    const all = [...fromA, ...fromB];
    const rows = await db()
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .where(inArray(orders.idempotencyKey, all.map(keyOf)));
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    expect(rows).toHaveLength(outcomes.filter((outcome) => outcome.status === 'stored').length);
    const linked = await db()
      .select({ orderId: clickToPayPayments.orderId })
      .from(clickToPayPayments)
      .where(
        inArray(
          clickToPayPayments.id,
          payments.map((payment) => payment.paymentId),
        ),
      );
    const ids = new Set(rows.map((row) => row.id));
    expect(linked.every((payment) => payment.orderId !== null && ids.has(payment.orderId))).toBe(true);
    for (const row of rows) expect(await lineCount(row.key)).toBe(2);
  });

  it('lets an order that the database refuses fail alone: the others sent with it are stored', async () => {
    const writer = orderWriter(db());
    const bad = anOrder();
    // A line whose total is not its price times its count breaks a constraint of order_lines.
    bad.lines = bad.lines.map((line, index) =>
      index === 1 ? { ...line, lineTotalCents: line.lineTotalCents + 1 } : line,
    );
    const good = Array.from({ length: 4 }, () => anOrder());
    const sent = [good[0]!, good[1]!, bad, good[2]!, good[3]!];
    const settled = await Promise.allSettled(sent.map(({ order, lines }) => writer.write(order, lines)));
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await storedKeys(sent)).toEqual(good.map(keyOf).sort());
    expect(await lineCount(keyOf(bad))).toBe(0);
  });

  it('fails only the second of two orders sent together with one order number, so that it can draw another', async () => {
    const writer = orderWriter(db());
    const orderNumber = newOrderNumber();
    const pair = [anOrder({ orderNumber }), anOrder({ orderNumber })];
    const [first, second] = await Promise.allSettled(pair.map(({ order, lines }) => writer.write(order, lines)));
    expect(first).toMatchObject({ status: 'fulfilled', value: { status: 'stored' } });
    expect(second!.status).toBe('rejected');
    expect(isUniqueViolation((second as PromiseRejectedResult).reason, 'orders_order_number_unique')).toBe(true);
    expect(await storedKeys(pair)).toEqual([keyOf(pair[0]!)]);
  });

  it('refuses orders beyond those that may wait, storing nothing of them', async () => {
    const writer = orderWriter(db(), { maxWaiting: 2 });
    const sent = Array.from({ length: 4 }, () => anOrder());
    const settled = await Promise.allSettled(sent.map(({ order, lines }) => writer.write(order, lines)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(OrderQueueFullError);
    expect(await storedKeys(sent)).toEqual([keyOf(sent[0]!), keyOf(sent[1]!)].sort());
  });
});
