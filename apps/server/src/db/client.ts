import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir?: string;
  /** Files of a migrated embedded database (`migratedEmbeddedFiles`) to start from instead of initdb. */
  pgliteFiles?: Blob;
  onPoolError?: (error: Error) => void;
}

// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_ID = 4_700_2024;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.dataDir ?? 'memory://', options.pgliteFiles);
}

/** A migrated in-memory embedded database's files, for tests that each want a fresh copy. */
export async function migratedEmbeddedFiles(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  const files = await client.dumpDataDir('none');
  await client.close();
  return files;
}

const run = promisify(execFile);

/**
 * PostgreSQL's shared buffers live in the WebAssembly memory and are touched at start: the default
 * 128 MB were resident from the first second. The shop's data is a few megabytes, and a page not
 * in the buffers is a read of the data directory's file (docs/decisions/031).
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB'];

/**
 * A new embedded data directory is made (initdb) in a process of its own, which ends after: made
 * in the server's process, what initdb touched stayed resident for the server's life, about 850 MB
 * at rest against 390 MB on an existing directory (docs/decisions/031).
 */
async function createClusterApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const make = `const { PGlite } = await import(process.env.PGLITE_MODULE);
    const made = await PGlite.create(process.env.PGLITE_DATA_DIR);
    await made.close();`;
  await run(process.execPath, ['--input-type=module', '--eval', make], {
    env: { ...process.env, PGLITE_MODULE: import.meta.resolve('@electric-sql/pglite'), PGLITE_DATA_DIR: dataDir },
  });
}

async function openPglite(dataDir: string, files?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
    if (!files) await createClusterApart(dataDir);
    // PostgreSQL's WebAssembly stays on V8's baseline compiler: optimising its hot functions in the
    // background left 60-100 MB more resident for the server's life, and the shop's statements
    // are small (docs/decisions/031).
    setFlagsFromString('--liftoff-only');
  }
  const client = await PGlite.create(dataDir, {
    ...(files ? { loadDataDir: files } : {}),
    postgresqlconf: EMBEDDED_SETTINGS,
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    // Notices a connection that vanished without a word (a dead host, a dropped NAT entry).
    keepAlive: true,
  });
  // A connection lost (a database restart, pg_terminate_backend) must not end the process. The
  // pool handles its idle clients' 'error' events and re-emits them on itself; a client checked out
  // (between the statements of a transaction, the migration lock) has no listener of the pool's,
  // so each client gets one of its own, which also reports every loss once. A lost client is no
  // longer queryable, so the pool drops it when it is released and opens a new one on demand.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
  });
  const db = drizzle(pool, { schema });
  const lock = await pool.connect();
  try {
    // Several instances may start together; one migrates while the others wait.
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(lock, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lock.release();
  }
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
