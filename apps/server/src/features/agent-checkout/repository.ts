import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentCheckouts, agentRequestNonces, clickToPayPayments } from '../../db/schema.ts';
import type { NewPayment, PaymentRow } from '../payments/repository.ts';

export type AgentCheckoutRow = typeof agentCheckouts.$inferSelect;
export type NewAgentCheckout = Omit<typeof agentCheckouts.$inferInsert, 'createdAt' | 'orderId'>;

export async function insertCheckout(db: Database, checkout: NewAgentCheckout): Promise<AgentCheckoutRow> {
  const [row] = await db.insert(agentCheckouts).values(checkout).returning();
  return row!;
}

export function findCheckout(db: Database, id: string): Promise<AgentCheckoutRow | undefined> {
  return db.query.agentCheckouts.findFirst({ where: eq(agentCheckouts.id, id) });
}

/** Links the checkout to the order that completed it; false when another order already did. */
export async function markCompleted(db: Database, id: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(agentCheckouts)
    .set({ orderId })
    .where(and(eq(agentCheckouts.id, id), isNull(agentCheckouts.orderId)))
    .returning({ id: agentCheckouts.id });
  return rows.length === 1;
}

/**
 * Records an agent's request nonce until its signature expires; true when it was seen before (a
 * replay). Expired nonces go first: a signature past `expires` is refused before its nonce is asked.
 */
export async function nonceSeen(db: Database, keyid: string, nonce: string, expiresAt: Date): Promise<boolean> {
  await db.delete(agentRequestNonces).where(lt(agentRequestNonces.expiresAt, new Date()));
  const stored = await db
    .insert(agentRequestNonces)
    .values({ keyid, nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: agentRequestNonces.nonce });
  return stored.length === 0;
}

/** The payment an agent's checkout paid with; undefined when one was stored for this checkout already. */
export async function insertAgentPayment(db: Database, payment: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(clickToPayPayments).values(payment).onConflictDoNothing().returning();
  return row;
}
