import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { NewOrder, NewOrderLine, OrderRow, OrderWithLines } from './repository.ts';

/** One order to store with its lines. */
export interface OrderToInsert {
  order: NewOrder;
  lines: NewOrderLine[];
}

/** What became of one order given to insertOrders. */
export type InsertOutcome =
  | { status: 'stored'; stored: OrderWithLines }
  /** An order with this idempotency key exists: nothing was stored. */
  | { status: 'duplicate' }
  /** The Click to Pay payment already belongs to another order: nothing was stored. */
  | { status: 'payment-taken' };

/** One row of the statement's answer per order given, by its index in the batch. */
interface OutcomeRow {
  idx: number;
  id: string | null;
  created_at: unknown;
  confirmed_at: unknown;
  payment_taken: boolean;
}

/**
 * Stores the orders with their lines in one statement, so that a busy server pays one round trip
 * for many orders. Each order is stored whole or not at all: it is skipped (and so are its lines)
 * when an order with its idempotency key exists (when another transaction is storing one right
 * now, this waits for it to commit or roll back first), or when it is a Click to Pay order whose
 * payment another order has; otherwise it takes its payment over. Any failure of one order (an
 * order-number collision, a line a constraint refuses) fails the statement: nothing is stored.
 * Idempotency keys and Click to Pay payments must be distinct within one call.
 */
export async function insertOrders(db: Database, batch: OrderToInsert[]): Promise<InsertOutcome[]> {
  if (batch.length === 0) return [];
  if (new Set(batch.map(({ order }) => order.idempotencyKey)).size < batch.length) {
    throw new Error('insertOrders: an idempotency key appears twice');
  }
  const paymentIds = batch.map(paymentIdOf).filter((id) => id !== null);
  if (new Set(paymentIds).size < paymentIds.length) throw new Error('insertOrders: a payment appears twice');
  const result = await db.execute(insertStatement(JSON.stringify(batch.map(inputOf))));
  const outcomes: InsertOutcome[] = new Array(batch.length);
  for (const row of (result as unknown as { rows: OutcomeRow[] }).rows)
    outcomes[row.idx] = outcomeOf(batch[row.idx]!, row);
  return outcomes;
}

const paymentIdOf = ({ order }: OrderToInsert) =>
  order.payment.method === 'click-to-pay' ? order.payment.paymentId : null;

/** An order as the statement reads it (jsonb_to_recordset), its lines within. */
function inputOf(entry: OrderToInsert, index: number) {
  const { order, lines } = entry;
  return {
    idx: index,
    order_number: order.orderNumber,
    idempotency_key: order.idempotencyKey,
    request_hash: order.requestHash,
    user_id: order.userId ?? null,
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    shipping_cents: order.shippingCents,
    total_cents: order.totalCents,
    currency: order.currency,
    promo_code: order.promoCode ?? null,
    contact: order.contact,
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    payment: order.payment,
    agent: order.agent ?? null,
    payment_id: paymentIdOf(entry),
    lines: lines.map((line) => ({
      line_no: line.lineNo,
      product_id: line.productId,
      slug: line.slug,
      name: line.name,
      image: line.image,
      price_cents: line.priceCents,
      count: line.count,
      line_total_cents: line.lineTotalCents,
    })),
  };
}

/**
 * Data-modifying CTEs all see the snapshot the statement started with, so a payment is claimed by
 * locking it first (free_payments): one another transaction takes meanwhile is read again once
 * that commits, and is no longer free. Payments are locked in id order and orders inserted in key
 * order, so that two batches wanting the same ones wait for each other rather than deadlock.
 */
function insertStatement(input: string) {
  return sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(
        idx integer, order_number text, idempotency_key text, request_hash text, user_id uuid,
        subtotal_cents integer, discount_cents integer, shipping_cents integer, total_cents integer,
        currency text, promo_code text, contact jsonb, shipping_address jsonb, billing_address jsonb,
        payment jsonb, agent jsonb, payment_id uuid, lines jsonb)
    ),
    free_payments as (
      select p.id from click_to_pay_payments p
      where p.id in (select payment_id from input where payment_id is not null) and p.order_id is null
      order by p.id
      for update
    ),
    stored as (
      insert into orders (order_number, idempotency_key, request_hash, user_id, subtotal_cents,
        discount_cents, shipping_cents, total_cents, currency, promo_code, contact, shipping_address,
        billing_address, payment, agent)
      select order_number, idempotency_key, request_hash, user_id, subtotal_cents, discount_cents,
        shipping_cents, total_cents, currency, promo_code, contact, shipping_address, billing_address,
        payment, agent
      from input
      where payment_id is null or payment_id in (select id from free_payments)
      order by idempotency_key
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key, created_at
    ),
    stored_lines as (
      insert into order_lines (order_id, line_no, product_id, slug, name, image, price_cents, count,
        line_total_cents)
      select s.id, l.line_no, l.product_id, l.slug, l.name, l.image, l.price_cents, l.count, l.line_total_cents
      from stored s
      join input i using (idempotency_key)
      cross join lateral jsonb_to_recordset(i.lines) as l(line_no integer, product_id integer, slug text,
        name jsonb, image text, price_cents integer, count integer, line_total_cents integer)
    ),
    linked as (
      update click_to_pay_payments p set order_id = s.id
      from stored s
      join input i using (idempotency_key)
      where p.id = i.payment_id
      returning p.order_id, p.confirmed_at
    )
    select i.idx, s.id, s.created_at, l.confirmed_at,
      (i.payment_id is not null and not exists (select 1 from free_payments f where f.id = i.payment_id))
        as payment_taken
    from input i
    left join stored s using (idempotency_key)
    left join linked l on l.order_id = s.id`;
}

/** What became of the order, the stored one as a read of it would answer it. */
function outcomeOf({ order, lines }: OrderToInsert, row: OutcomeRow): InsertOutcome {
  const id = row.id;
  if (id === null) return { status: row.payment_taken ? 'payment-taken' : 'duplicate' };
  const stored: OrderRow = {
    ...order,
    id,
    userId: order.userId ?? null,
    promoCode: order.promoCode ?? null,
    agent: order.agent ?? null,
    createdAt: timestampOf(row.created_at),
  };
  const confirmedAt = row.confirmed_at === null ? null : timestampOf(row.confirmed_at);
  return {
    status: 'stored',
    stored: {
      order: stored,
      lines: lines.map((line) => ({ ...line, orderId: id })),
      ...(order.payment.method === 'click-to-pay' ? { clickToPay: { confirmedAt } } : {}),
    },
  };
}

/** A timestamptz as drivers give it in raw results: a Date (PGlite), or text (node-postgres under drizzle). */
function timestampOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
