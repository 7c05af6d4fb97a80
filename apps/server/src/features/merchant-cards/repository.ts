import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { merchantCards } from '../../db/schema.ts';
import { deleteOwnRow, listShopperRows, ownRow } from '../../db/shopper-rows.ts';

export type MerchantCardRow = typeof merchantCards.$inferSelect;
export type NewMerchantCard = Omit<typeof merchantCards.$inferInsert, 'id' | 'createdAt'>;

export function listMerchantCards(db: Database, userId: string): Promise<MerchantCardRow[]> {
  return listShopperRows(db, merchantCards, userId);
}

export async function countMerchantCards(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchantCards).where(eq(merchantCards.userId, userId));
  return row?.n ?? 0;
}

/** The shopper's own card with this id (another shopper's answers undefined, like an unknown one). */
export function findOwnMerchantCard(db: Database, userId: string, id: string): Promise<MerchantCardRow | undefined> {
  return db.query.merchantCards.findFirst({ where: ownRow(merchantCards, userId, id) });
}

export async function insertMerchantCard(db: Database, card: NewMerchantCard): Promise<MerchantCardRow> {
  const [row] = await db.insert(merchantCards).values(card).returning();
  if (!row) throw new Error('the card on file could not be stored');
  return row;
}

export function deleteOwnMerchantCard(db: Database, userId: string, id: string): Promise<boolean> {
  return deleteOwnRow(db, merchantCards, userId, id);
}
