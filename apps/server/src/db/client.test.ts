import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from './client.ts';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// The new directory is made in a process of its own (decision record 031): the server opens it
// as an existing one, migrated, and what it writes is there at the next start.
test('a new embedded data directory opens migrated and keeps what was written for the next start', async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'c2p-db-')), 'data');
  const first = await openDatabase({ dataDir });
  await first.db.execute(sql`create table kept (note text)`);
  await first.db.execute(sql`insert into kept values ('written at the first start')`);
  const tables = await first.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
  );
  await first.close();
  expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

  const second = await openDatabase({ dataDir });
  const kept = await second.db.execute(sql`select note from kept`);
  const buffers = await second.db.execute(sql`show shared_buffers`);
  await second.close();
  expect((kept as unknown as { rows: { note: string }[] }).rows).toEqual([{ note: 'written at the first start' }]);
  expect((buffers as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers).toBe('16MB');
}, 180_000);
