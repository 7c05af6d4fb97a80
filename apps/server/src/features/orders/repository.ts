import { and, asc, desc, eq, inArray } from 'drizzle-orm';
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
