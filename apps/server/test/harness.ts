import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

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
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (baseUrl) {
    const name = `c2p_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
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
      await dropDatabase();
    },
  };
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

/** An OpenAPI document as the API description tests read it. */
export interface OpenApiDocumentShape {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
}

/** The OpenAPI document `app` serves at `url`, once its answer is checked to be JSON. */
export async function fetchOpenApiDocument(app: FastifyInstance, url: string): Promise<OpenApiDocumentShape> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200 || !/^application\/json/.test(String(response.headers['content-type']))) {
    throw new Error(`GET ${url} answered ${response.statusCode} ${response.headers['content-type']}`);
  }
  return response.json<OpenApiDocumentShape>();
}

/** "METHOD /path" for each operation of the document, in Fastify's `:param` notation. */
export const operationsOf = (document: OpenApiDocumentShape) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
