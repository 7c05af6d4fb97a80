import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase, runOn } from '../throwaway-database.ts';

export const SERVER_SCRIPT = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const BASE_DATABASE_URL = process.env.DATABASE_URL || undefined;

/**
 * Where a run keeps its data: a temporary PGlite directory, or with DATABASE_URL a throwaway
 * PostgreSQL database. `query` reads it directly (PGlite: only while no server has it open).
 */
export interface DataStore {
  driver: 'pglite' | 'postgres';
  dataDir: string;
  databaseName?: string;
  databaseUrl?: string;
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Runs SQL on the maintenance database (PostgreSQL only): ALTER DATABASE, pg_terminate_backend. */
  admin(text: string): Promise<void>;
  dispose(): Promise<void>;
}

/** Runs SQL on the maintenance database (the one DATABASE_URL names). */
async function onBase(text: string): Promise<void> {
  await runOn(BASE_DATABASE_URL!, text);
}

export async function createDataStore(driver: 'pglite' | 'postgres' = BASE_DATABASE_URL ? 'postgres' : 'pglite') {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-load-'));
  // The server needs a built web app to start; a stub page does (only the API is loaded).
  await writeFile(join(dataDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  if (driver === 'pglite') {
    const store: DataStore = {
      driver,
      dataDir,
      async query<T>(text: string) {
        const { PGlite } = await import('@electric-sql/pglite');
        const db = await PGlite.create(join(dataDir, 'db'));
        try {
          return (await db.query<T>(text)).rows;
        } finally {
          await db.close();
        }
      },
      admin: () => Promise.reject(new Error('PostgreSQL only')),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
    return store;
  }
  if (!BASE_DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const { name: databaseName, url: databaseUrl, drop } = await createThrowawayDatabase(BASE_DATABASE_URL, 'c2p_load');
  const store: DataStore = {
    driver,
    dataDir,
    databaseName,
    databaseUrl,
    query: <T>(text: string) => runOn<T>(databaseUrl, text),
    admin: onBase,
    async dispose() {
      await onBase(`alter database ${databaseName} allow_connections true`).catch(() => {});
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return store;
}

export interface ServerProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  alive(): boolean;
  /** SIGTERM, waiting for a clean exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
}

/** Starts `node apps/server/dist/main.js` on the store's data, as `npm start` runs it. */
export async function startServer(store: DataStore): Promise<ServerProcess> {
  if (!existsSync(SERVER_SCRIPT)) throw new Error(`${SERVER_SCRIPT} is missing: run "npm run build -w apps/server"`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(store.dataDir, 'db'),
    WEB_DIST_DIR: store.dataDir,
    LOG_LEVEL: 'warn',
    // Each simulated client has its own address in X-Forwarded-For.
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: 'admin@load.test',
    ADMIN_PASSWORD: 'load test admin',
  };
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  const child = spawn(process.execPath, [SERVER_SCRIPT], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    child,
    output: () => output,
    alive,
    async stop() {
      if (alive()) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
  };
}
