import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, sdkTestInit } from '@c2p/domain';
import { orderBody, registration } from '../test/shop.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database.ts';
import { buildApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { ensureAdmin } from './features/admin/service.ts';

/**
 * Two instances of the server, each with its own connection pool and port, on one PostgreSQL
 * database: whatever one instance stores, the other serves; rate limits count across both.
 */
const BASE_URL = process.env.DATABASE_URL;

const ADMIN_EMAIL = 'admin@instances.test';
const ADMIN_PASSWORD = 'instances admin pass';

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
}

let sharedDatabase: ThrowawayDatabase | undefined;
let instances: [Instance, Instance];

async function startInstance(url: string): Promise<Instance> {
  const database = await openDatabase({ url });
  const app = await buildApp({ database, trustProxy: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, database, url: `http://127.0.0.1:${port}` };
}

type Json = Record<string, unknown>;

async function call(
  instance: Instance,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Json; headers: Headers }> {
  const response = await fetch(instance.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {}, headers: response.headers };
}

let ipCounter = 0;
/** A client address of its own (the server trusts X-Forwarded-For), so limits of one test stay there. */
const clientIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.skipIf(!BASE_URL)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    sharedDatabase = await createThrowawayDatabase(BASE_URL!, 'c2p_instances');
    // Both start together: the migration lock lets one migrate while the other waits.
    instances = (await Promise.all([startInstance(sharedDatabase.url), startInstance(sharedDatabase.url)])) as [
      Instance,
      Instance,
    ];
    await ensureAdmin(instances[0].database.db, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  afterAll(async () => {
    for (const instance of instances ?? []) {
      await instance.app.close();
      await instance.database.close();
    }
    await sharedDatabase?.drop();
  });

  it('serves a shopper session created on one instance on the other', async () => {
    const [a, b] = instances;
    const body = registration();
    const registered = await call(a, 'POST', '/api/auth/register', {
      body,
      headers: { 'x-forwarded-for': clientIp() },
    });
    expect(registered.status).toBe(201);
    const token = (registered.json.meta as { token: string }).token;
    const onB = await call(b, 'GET', '/api/session/user', { headers: { authorization: token } });
    expect(onB.status).toBe(200);
    expect((onB.json.data as Json).email).toBe(body.email);

    // Signed in on B, signed out on A: B no longer accepts the token either.
    const signedIn = await call(b, 'POST', '/api/auth/user/login', {
      body: { email: body.email, password: body.password },
      headers: { 'x-forwarded-for': clientIp() },
    });
    expect(signedIn.status).toBe(200);
    const second = (signedIn.json.meta as { token: string }).token;
    expect((await call(a, 'GET', '/api/session/user', { headers: { authorization: second } })).status).toBe(200);
    await call(a, 'POST', '/api/session/logout', { headers: { authorization: second } });
    expect((await call(b, 'GET', '/api/session/user', { headers: { authorization: second } })).status).toBe(401);
  });

  it('serves an admin session cookie from one instance on the other', async () => {
    const [a, b] = instances;
    const login = await call(a, 'POST', '/api/admin/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { 'x-forwarded-for': clientIp() },
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith(`${ADMIN_SESSION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    const cookie = setCookie!.split(';')[0]!;
    const session = await call(b, 'GET', '/api/admin/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(session.json.data).toEqual(login.json.data);
    expect((session.json.data as Json).role).toBe('admin');
  });

  it('lists orders placed alternately on both instances the same way on each', async () => {
    const [a, b] = instances;
    const registered = await call(a, 'POST', '/api/auth/register', {
      body: registration(),
      headers: { 'x-forwarded-for': clientIp() },
    });
    const token = (registered.json.meta as { token: string }).token;
    const ip = clientIp();
    const placed: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const key = randomUUID();
      const instance = i % 2 === 0 ? a : b;
      const body = orderBody({ items: [{ id: 1 + (i % 5), count: 1 + (i % 3) }] });
      const headers = { authorization: token, 'idempotency-key': key, 'x-forwarded-for': ip };
      const answer = await call(instance, 'POST', '/api/orders', { body, headers });
      expect(answer.status).toBe(201);
      const orderNumber = (answer.json.data as Json).orderNumber as string;
      placed.push(orderNumber);
      // The retry reaches the other instance: it answers the same order, storing nothing new.
      const retry = await call(instance === a ? b : a, 'POST', '/api/orders', { body, headers });
      expect(retry.status).toBe(200);
      expect((retry.json.data as Json).orderNumber).toBe(orderNumber);
    }
    const listA = await call(a, 'GET', '/api/orders', { headers: { authorization: token } });
    const listB = await call(b, 'GET', '/api/orders', { headers: { authorization: token } });
    expect(listA.status).toBe(200);
    expect(listB.json).toEqual(listA.json);
    const numbers = (listA.json.data as Json[]).map((order) => order.orderNumber);
    expect([...numbers].sort()).toEqual([...placed].sort());
    for (const orderNumber of placed) {
      const one = await call(b, 'GET', `/api/orders/${orderNumber}`, { headers: { authorization: token } });
      expect(one.status).toBe(200);
    }
  });

  it("completes the sandbox's one-time code flow started on one instance on the other", async () => {
    const [a, b] = instances;
    const init = await call(a, 'POST', '/sandbox/api/init', {
      body: sdkTestInit('instances-dpa', 'Instances Shop'),
    });
    expect(init.status).toBe(200);
    const session = { 'x-sandbox-session': init.json.sessionToken as string };
    const lookup = await call(a, 'POST', '/sandbox/api/lookup', {
      body: { email: 'returning.user@example.com' },
      headers: session,
    });
    expect(lookup.json).toEqual({ consumerPresent: true });
    const initiated = await call(a, 'POST', '/sandbox/api/validation/initiate', { body: {}, headers: session });
    expect(initiated.status).toBe(200);
    // A wrong code on B counts against the code sent by A.
    const wrong = await call(b, 'POST', '/sandbox/api/validation/complete', {
      body: { value: '000000' },
      headers: session,
    });
    expect(wrong.json.reason).toBe('CODE_INVALID');
    const completed = await call(b, 'POST', '/sandbox/api/validation/complete', {
      body: { value: '123456' },
      headers: session,
    });
    expect(completed.status).toBe(200);
    expect((completed.json.cards as unknown[]).length).toBeGreaterThan(0);
    // Both instances now see the consumer signed in, in the browser that proved it (its cookie).
    const cookie = completed.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const cardsA = await call(a, 'GET', '/sandbox/api/cards', { headers: { ...session, cookie } });
    expect((cardsA.json.cards as unknown[]).length).toBe((completed.json.cards as unknown[]).length);
  });

  it('holds the sign-in rate limit across both instances at the same total as on one', async () => {
    const [a, b] = instances;
    const attempt = (instance: Instance, ip: string, email: string) =>
      call(instance, 'POST', '/api/auth/user/login', {
        body: { email, password: 'wrong password' },
        headers: { 'x-forwarded-for': ip },
      });
    const statusesOn = async (pick: (i: number) => Instance) => {
      const ip = clientIp();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1)
        statuses.push((await attempt(pick(i), ip, `nobody.${randomUUID()}@demo.test`)).status);
      return statuses;
    };
    const one = await statusesOn(() => a);
    const spread = await statusesOn((i) => (i % 2 === 0 ? a : b));
    expect(one.indexOf(429)).toBe(10);
    expect(spread).toEqual(one);
    expect(spread.slice(0, 10).every((status) => status === 422)).toBe(true);

    // Concurrent attempts from one address on both instances: exactly the limit gets through.
    const ip = clientIp();
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(i % 2 === 0 ? a : b, ip, `nobody.${i}@demo.test`)),
    );
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(6);
    const limited = burst.find((answer) => answer.status === 429)!;
    expect(limited.json).toMatchObject({ statusCode: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The per-account backoff (after 10 failures, whatever the address) counts across instances too.
    const email = `target.${randomUUID()}@demo.test`;
    const perAccount: number[] = [];
    for (let i = 0; i < 11; i += 1) perAccount.push((await attempt(i % 2 === 0 ? a : b, clientIp(), email)).status);
    expect(perAccount.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(perAccount[10]).toBe(429);
  });
});
