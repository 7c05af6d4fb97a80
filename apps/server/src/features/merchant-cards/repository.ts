import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { merchantCards } from '../../db/schema.ts';

export type MerchantCardRow = typeof merchantCards.$inferSelect;
export type NewMerchantCard = Omit<typeof merchantCards.$inferInsert, 'id' | 'createdAt'>;

export function listMerchantCards(db: Database, userId: string): Promise<MerchantCardRow[]> {
  return db
    .select()
    .from(merchantCards)
    .where(eq(merchantCards.userId, userId))
    .orderBy(asc(merchantCards.createdAt), asc(merchantCards.id));
}

export async function countMerchantCards(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchantCards).where(eq(merchantCards.userId, userId));
  return row?.n ?? 0;
}

/** The shopper's own card with this id (another shopper's answers undefined, like an unknown one). */
export async function findOwnMerchantCard(
  db: Database,
  userId: string,
  id: string,
): Promise<MerchantCardRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantCards)
    .where(and(eq(merchantCards.id, id), eq(merchantCards.userId, userId)))
    .limit(1);
  return row;
}

export async function insertMerchantCard(db: Database, card: NewMerchantCard): Promise<MerchantCardRow> {
  const [row] = await db.insert(merchantCards).values(card).returning();
  if (!row) throw new Error('the card on file could not be stored');
  return row;
}

export async function deleteOwnMerchantCard(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(merchantCards)
    .where(and(eq(merchantCards.id, id), eq(merchantCards.userId, userId)))
    .returning({ id: merchantCards.id });
  return deleted.length > 0;
}
