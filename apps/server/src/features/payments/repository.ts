import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clickToPayPayments, merchantKeys, orders } from '../../db/schema.ts';

export type MerchantKeyRow = typeof merchantKeys.$inferSelect;
export type PaymentRow = typeof clickToPayPayments.$inferSelect;
export type NewPayment = Omit<typeof clickToPayPayments.$inferInsert, 'id' | 'createdAt' | 'orderId' | 'confirmedAt'>;

export function findMerchantKey(db: Database, purpose: string): Promise<MerchantKeyRow | undefined> {
  return db.query.merchantKeys.findFirst({ where: eq(merchantKeys.purpose, purpose) });
}

/** Stores the key unless another instance stored one for this purpose first. */
export async function insertMerchantKeyIfAbsent(
  db: Database,
  key: Omit<typeof merchantKeys.$inferInsert, 'createdAt'>,
): Promise<void> {
  await db.insert(merchantKeys).values(key).onConflictDoNothing({ target: merchantKeys.purpose });
}

/**
 * Stores a fetched payload for its payer. The same network transaction fetched again by the same
 * payer refreshes its row and keeps its id, unless an order already took the payment over; fetched
 * by anyone else, or after an order took it, the stored row is answered as it is (the caller
 * checks whose it is).
 */
/**
 * Stores a fetched payment; the same transaction fetched again by its payer (the shopper, or the
 * browser holding the checkout cookie it was stored for) is refreshed and moves to the payer's new
 * checkout cookie. Another payer's fetch changes nothing and answers the stored row.
 */
export async function upsertPayment(
  db: Database,
  payment: NewPayment,
  heldCheckoutHash: string | null,
): Promise<PaymentRow> {
  const { srcDpaId: _dpa, merchantTransactionId: _transaction, payerUserId, ...refreshed } = payment;
  const samePayer = or(
    payerUserId ? eq(clickToPayPayments.payerUserId, payerUserId) : undefined,
    heldCheckoutHash ? eq(clickToPayPayments.payerCheckoutHash, heldCheckoutHash) : undefined,
  );
  const [row] = await db
    .insert(clickToPayPayments)
    .values(payment)
    .onConflictDoUpdate({
      target: [clickToPayPayments.srcDpaId, clickToPayPayments.merchantTransactionId],
      set: refreshed,
      setWhere: and(isNull(clickToPayPayments.orderId), samePayer ?? sql`false`),
    })
    .returning();
  if (row) return row;
  const existing = await db.query.clickToPayPayments.findFirst({
    where: and(
      eq(clickToPayPayments.srcDpaId, payment.srcDpaId),
      eq(clickToPayPayments.merchantTransactionId, payment.merchantTransactionId),
    ),
  });
  if (!existing) throw new Error('the Click to Pay payment vanished while being stored');
  return existing;
}

export function findPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  return db.query.clickToPayPayments.findFirst({ where: eq(clickToPayPayments.id, id) });
}

export interface OrderPaymentRow {
  payment: PaymentRow;
  order: { id: string; orderNumber: string; totalCents: number; currency: string };
}

/** The payment with this id when it belongs to the order with this number. */
export async function findOrderPayment(
  db: Database,
  orderNumber: string,
  paymentId: string,
): Promise<OrderPaymentRow | undefined> {
  const [row] = await db
    .select({
      payment: clickToPayPayments,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        totalCents: orders.totalCents,
        currency: orders.currency,
      },
    })
    .from(clickToPayPayments)
    .innerJoin(orders, eq(orders.id, clickToPayPayments.orderId))
    .where(and(eq(orders.orderNumber, orderNumber), eq(clickToPayPayments.id, paymentId)))
    .limit(1);
  return row;
}

export async function orderExists(db: Database, orderNumber: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row !== undefined;
}

/** Records the confirmation; when another request recorded one first, that time is kept and answered. */
export async function markConfirmed(db: Database, paymentId: string, at: Date): Promise<Date> {
  const [row] = await db
    .update(clickToPayPayments)
    .set({ confirmedAt: sql`coalesce(${clickToPayPayments.confirmedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(clickToPayPayments.id, paymentId))
    .returning({ confirmedAt: clickToPayPayments.confirmedAt });
  if (!row?.confirmedAt) throw new Error(`the Click to Pay payment ${paymentId} vanished while being confirmed`);
  return row.confirmedAt;
}
