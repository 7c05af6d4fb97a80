// Reads and deletes of the rows a shopper keeps in the settings area (addresses, cards on file).
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { addresses, merchantCards } from './schema.ts';

/** A table of rows each owned by one shopper, with an id and the time it was saved. */
type ShopperTable = typeof addresses | typeof merchantCards;

/** The shopper's rows, in the order they were saved. */
export function listShopperRows<Table extends ShopperTable>(
  db: Database,
  table: Table,
  userId: string,
): Promise<Table['$inferSelect'][]> {
  const rows = db
    .select()
    .from(table as ShopperTable)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.createdAt), asc(table.id));
  return rows as Promise<Table['$inferSelect'][]>;
}

/** Selects the shopper's own row with this id: another shopper's is as unknown as a missing one. */
export const ownRow = (table: ShopperTable, userId: string, id: string) =>
  and(eq(table.id, id), eq(table.userId, userId));

/** Deletes the shopper's own row with this id; false when there is none such. */
export async function deleteOwnRow(db: Database, table: ShopperTable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ownRow(table, userId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}
