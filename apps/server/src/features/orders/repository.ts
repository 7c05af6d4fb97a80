import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clickToPayPayments, orderLines, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
  /** A Click to Pay order's payment: when its confirmation reached the network. */
  clickToPay?: { confirmedAt: Date | null } | undefined;
}

/** The Click to Pay payment of the order already belongs to another order (nothing was stored). */
export class PaymentTakenError extends Error {
  constructor(readonly paymentId: string) {
    super(`the Click to Pay payment ${paymentId} already belongs to another order`);
  }
}

/**
 * Stores the order and its lines in one transaction: either all of it is stored or nothing.
 * Answers null, storing nothing, when an order with this idempotency key already exists (when
 * another request is storing one right now, this waits for it to commit or roll back first).
 * A Click to Pay order takes its payment over in the same transaction; when another order has
 * it, nothing is stored and PaymentTakenError is thrown.
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  lines: NewOrderLine[],
): Promise<OrderWithLines | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values(order)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning();
    if (!row) return null;
    const stored = await tx
      .insert(orderLines)
      .values(lines.map((line) => ({ ...line, orderId: row.id })))
      .returning();
    if (row.payment.method !== 'click-to-pay') return { order: row, lines: stored };
    const [linked] = await tx
      .update(clickToPayPayments)
      .set({ orderId: row.id })
      .where(and(eq(clickToPayPayments.id, row.payment.paymentId), isNull(clickToPayPayments.orderId)))
      .returning({ confirmedAt: clickToPayPayments.confirmedAt });
    if (!linked) throw new PaymentTakenError(row.payment.paymentId);
    return { order: row, lines: stored, clickToPay: linked };
  });
}

async function withLines(db: Database, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.lineNo));
  const clickToPayIds = rows.filter((row) => row.payment.method === 'click-to-pay').map((row) => row.id);
  const payments =
    clickToPayIds.length === 0
      ? []
      : await db
          .select({ orderId: clickToPayPayments.orderId, confirmedAt: clickToPayPayments.confirmedAt })
          .from(clickToPayPayments)
          .where(inArray(clickToPayPayments.orderId, clickToPayIds));
  return rows.map((order) => {
    const payment = payments.find((p) => p.orderId === order.id);
    return {
      order,
      lines: lines.filter((line) => line.orderId === order.id),
      ...(payment ? { clickToPay: { confirmedAt: payment.confirmedAt } } : {}),
    };
  });
}

export async function findOrderByIdempotencyKey(db: Database, key: string): Promise<OrderWithLines | null> {
  const rows = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return (await withLines(db, rows))[0] ?? null;
}

export async function findUserOrder(db: Database, userId: string, orderNumber: string): Promise<OrderWithLines | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  return (await withLines(db, rows))[0] ?? null;
}

/** The user's orders, newest first (at most `limit`). */
export async function listUserOrders(db: Database, userId: string, limit: number): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return withLines(db, rows);
}
