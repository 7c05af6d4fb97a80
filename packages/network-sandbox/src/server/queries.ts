// What the sandbox's repositories share: one-row reads and conditions on column values.
import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SandboxDatabase } from './db.ts';

/** The first row a query (a select, or a write with `returning`) answers; undefined when none. */
export async function firstRow<Row>(rows: PromiseLike<Row[]>): Promise<Row | undefined> {
  const [row] = await rows;
  return row;
}

/** The first row of `table` that `where` selects. */
export function findFirst<Table extends PgTable>(
  db: SandboxDatabase,
  table: Table,
  where: SQL | undefined,
): Promise<Table['$inferSelect'] | undefined> {
  return firstRow(
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .limit(1),
  ) as Promise<Table['$inferSelect'] | undefined>;
}

/** Column values a row must hold; a null one matches a column that is null. */
export type ColumnValues<Table extends PgTable> = Partial<Table['$inferSelect']>;

/** Selects the rows of `table` holding all these column values. */
export function matching<Table extends PgTable>(table: Table, values: ColumnValues<Table>): SQL | undefined {
  const columns = getTableColumns(table);
  const conditions = Object.entries(values).map(([key, value]) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return value === null ? isNull(column) : eq(column, value);
  });
  return and(...conditions);
}

/** The first row of `table` holding all these column values. */
export const findFirstWith = <Table extends PgTable>(db: SandboxDatabase, table: Table, values: ColumnValues<Table>) =>
  findFirst(db, table, matching(table, values));
