import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

export type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A server over a real database of its own: in-memory PGlite, or with DATABASE_URL a fresh
 * PostgreSQL database created for this test file and dropped afterwards.
 */
export async function startTestServer(
  options: { webDistDir?: string; app?: Omit<AppOptions, 'database' | 'webDistDir'> } = {},
): Promise<TestServer> {
  const baseUrl = process.env.DATABASE_URL;
  const throwaway = baseUrl ? await createThrowawayDatabase(baseUrl, 'c2p_test') : undefined;
  const url = throwaway?.url;
  const filesPath = url ? null : inject('pgliteFilesPath');
  const pgliteFiles = filesPath ? new Blob([await readFile(filesPath)]) : undefined;
  const database = await openDatabase({ url, dataDir: 'memory://', pgliteFiles });
  const app = await buildApp({ ...options.app, database, webDistDir: options.webDistDir });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await throwaway?.drop();
    },
  };
}

/**
 * The file's server, started by `beforeAll` and closed by `afterAll`: its members may be read
 * inside tests and hooks only.
 */
export function serverPerFile(options?: Parameters<typeof startTestServer>[0]) {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error('The test server is not started yet: use it inside a test or a hook');
    return started;
  };
  return {
    get server() {
      return current();
    },
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
  };
}

/**
 * What `make` answers, made by a `beforeAll` (after the file's hooks declared before it, such as
 * serverPerFile's): read it inside tests and hooks only.
 */
export function madeBeforeAll<T>(make: () => Promise<T>): () => T {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    made = { value: await make() };
  });
  return () => {
    if (!made) throw new Error('Not made yet: use it inside a test or a hook');
    return made.value;
  };
}

/** Checks an answer's status, and that its `data` has (at least) the given members. */
export function expectData(response: InjectResponse, status: number, data: object) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().data).toMatchObject(data);
}

/** Counts the statements sent to the database while `run` runs (and checks that there were some). */
export async function statementsDuring(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: never[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  try {
    await run();
    expect(query).toHaveBeenCalled();
    return query.mock.calls.length;
  } finally {
    query.mockRestore();
  }
}

/** GET `url` from the app with the given request headers. */
export function getFrom(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** The session cookie value a response sets, for replaying on later requests. */
export function cookieFrom(response: { cookies: Array<{ name: string; value: string }> }, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie set`);
  return `${name}=${cookie.value}`;
}

/** A built web app stand-in: an index.html (with the given body) and an empty assets folder. */
export async function webDistFixture(body = ''): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'c2p-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><html lang="en-US" dir="ltr"><head><title>Click to Pay Demo</title></head><body>${body}</body></html>`,
  );
  return dist;
}

/** "METHOD /path" for each route in Fastify's printRoutes tree (HEAD left out: it follows GET). */
export function registeredRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) return [];
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    return match[3]!
      .split(', ')
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${path}`);
  });
}
