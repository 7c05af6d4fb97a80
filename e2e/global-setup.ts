import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startBuiltServer } from './built-server.ts';
import { ADMIN } from './fixtures.ts';

/**
 * Starts the built server on a free port over a fresh data directory (or DATABASE_URL when set),
 * exactly as `npm start` runs it, and hands its address to the tests through the environment.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-e2e-'));
  const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL) : undefined;
  const server = await startBuiltServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  process.env.E2E_BASE_URL = server.url;

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}

/** With PostgreSQL, each run gets a database of its own, so runs never see each other's data. */
async function createThrowawayDatabase(baseUrl: string) {
  const name = `c2p_e2e_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
