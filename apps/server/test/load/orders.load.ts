import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS_API_KEY } from '@c2p/domain';
import { orderBody, registration } from '../shop.ts';
import {
  BASE_DATABASE_URL,
  createDataStore,
  startServer,
  type DataStore,
  type ServerProcess,
} from './server-process.ts';

const GENERIC_500 = 'Something went wrong, please try again later';
/** Products 1 to 9 are in the seeded catalogue. */
const PRODUCT_COUNT = 9;

let store: DataStore | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill();
  server = undefined;
});

interface Answer {
  status: number;
  json: Record<string, unknown> | undefined;
  /** A transport failure (connection refused or reset): no answer at all. */
  error?: string;
}

async function call(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, json } satisfies Answer;
  } catch (error) {
    return { status: 0, json: undefined, error: error instanceof Error ? error.message : String(error) } as Answer;
  }
}

/** What one Idempotency-Key was sent with and what came back for it. */
interface Attempt {
  key: string;
  items: Array<{ id: number; count: number }>;
  /** The shopper's session, when signed in: a retry must come from the same shopper. */
  authorization?: string | undefined;
  /** The order number of any 2xx answer (all 2xx answers for a key must agree). */
  orderNumber?: string;
  statuses: number[];
}

type Attempts = Map<string, Attempt>;

const randomItems = () => {
  const ids = new Set<number>();
  const n = 1 + Math.floor(Math.random() * 4);
  while (ids.size < n) ids.add(1 + Math.floor(Math.random() * PRODUCT_COUNT));
  return [...ids].map((id) => ({ id, count: 1 + Math.floor(Math.random() * 5) }));
};

/** A 2xx order answer is whole in itself: its lines add up to its subtotal, its total follows. */
function expectWholeAnswer(data: Record<string, unknown>, items: Attempt['items']) {
  const lines = data.items as Array<{ id: number; count: number; price: number; lineTotal: number }>;
  expect(lines.map((line) => ({ id: line.id, count: line.count }))).toEqual(items);
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  expect(lines.reduce((sum, line) => sum + cents(line.lineTotal), 0)).toBe(cents(data.subtotal));
  expect(cents(data.total)).toBe(cents(data.subtotal) - cents(data.discount) + cents(data.shipping));
}

/** Sends one order for the attempt and records the answer. */
async function sendOrder(url: string, attempt: Attempt, headers: Record<string, string>, items = attempt.items) {
  const answer = await call(url, 'POST', '/api/orders', orderBody({ items }), {
    ...headers,
    ...(attempt.authorization ? { authorization: attempt.authorization } : {}),
    'idempotency-key': attempt.key,
  });
  attempt.statuses.push(answer.status);
  if (answer.status === 200 || answer.status === 201) {
    const data = answer.json!.data as Record<string, unknown>;
    expectWholeAnswer(data, attempt.items);
    if (attempt.orderNumber) expect(data.orderNumber).toBe(attempt.orderNumber);
    attempt.orderNumber = data.orderNumber as string;
  }
  return answer;
}

interface ClientRun {
  clients: number;
  ordersPerClient: number;
  /** Called after every 2xx order; answering true stops every client. */
  stopWhen?: (placed: number) => boolean;
}

/**
 * Clients placing orders at once, each from its own address (X-Forwarded-For: the server is behind
 * a trusted proxy), half of them signed in. Each also replays a key it used (same body: the same
 * order), sends one key twice at once, and reuses a key for another body (409).
 */
async function runClients(url: string, attempts: Attempts, run: ClientRun) {
  let placed = 0;
  let stopped = false;
  const client = async (c: number) => {
    const ip = `10.90.${c}.${1 + Math.floor(Math.random() * 250)}`;
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (c % 2 === 1) {
      const registered = await call(url, 'POST', '/api/auth/register', registration(), headers);
      if (registered.status !== 201) return;
      headers.authorization = (registered.json!.meta as { token: string }).token;
    }
    for (let i = 0; i < run.ordersPerClient && !stopped; i += 1) {
      const attempt: Attempt = {
        key: `load-${randomUUID()}`,
        items: randomItems(),
        authorization: headers.authorization,
        statuses: [],
      };
      attempts.set(attempt.key, attempt);
      const answers =
        i === 3
          ? await Promise.all([sendOrder(url, attempt, headers), sendOrder(url, attempt, headers)])
          : [await sendOrder(url, attempt, headers)];
      if (answers.some((a) => a.status === 201 || a.status === 200)) {
        placed += 1;
        if (run.stopWhen?.(placed)) stopped = true;
      }
      if (answers.some((a) => a.status === 0)) return; // the server is gone
      if (i % 3 === 2 && !stopped) {
        const replayed = await sendOrder(url, attempt, headers);
        if (replayed.status !== 0) expect(replayed.status).toBe(200);
      }
      if (i === 5 && !stopped) {
        const other = await sendOrder(url, attempt, headers, [
          { id: 1 + (attempt.items[0]!.id % PRODUCT_COUNT), count: 1 },
        ]);
        if (other.status !== 0) expect(other.status).toBe(409);
      }
    }
  };
  await Promise.all(Array.from({ length: run.clients }, (_, c) => client(c)));
  return placed;
}

interface StoredOrder {
  idempotency_key: string;
  order_number: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  line_count: number;
  lines_sum: number;
  bad_lines: number;
  items: Array<{ id: number; count: number }> | string;
}

/**
 * Reads every order straight from the database and checks that each is whole (lines, totals),
 * that each 2xx answer is stored once, and that nothing else is: an order without a 2xx answer is
 * allowed only for keys whose fate the client never learned (`unknown`).
 */
async function verifyStore(attempts: Attempts, options: { allowUnanswered?: boolean } = {}) {
  const rows = await store!.query<StoredOrder>(`
    select o.idempotency_key, o.order_number, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.total_cents,
      (select count(*)::int from order_lines l where l.order_id = o.id) as line_count,
      (select coalesce(sum(l.line_total_cents), 0)::int from order_lines l where l.order_id = o.id) as lines_sum,
      (select count(*)::int from order_lines l
        where l.order_id = o.id and l.line_total_cents <> l.price_cents * l.count) as bad_lines,
      (select json_agg(json_build_object('id', l.product_id, 'count', l.count) order by l.line_no)
        from order_lines l where l.order_id = o.id) as items
    from orders o`);
  const keys = new Set<string>();
  for (const row of rows) {
    expect(keys.has(row.idempotency_key), `duplicate order for ${row.idempotency_key}`).toBe(false);
    keys.add(row.idempotency_key);
    expect(row.line_count, `order ${row.order_number} has no lines`).toBeGreaterThan(0);
    expect(row.bad_lines).toBe(0);
    expect(row.lines_sum).toBe(row.subtotal_cents);
    expect(row.total_cents).toBe(row.subtotal_cents - row.discount_cents + row.shipping_cents);
    const attempt = attempts.get(row.idempotency_key);
    expect(attempt, `order ${row.order_number} was never asked for`).toBeDefined();
    const items = typeof row.items === 'string' ? (JSON.parse(row.items) as StoredOrder['items']) : row.items;
    expect(items).toEqual(attempt!.items);
    if (attempt!.orderNumber) {
      expect(row.order_number).toBe(attempt!.orderNumber);
    } else {
      // Stored, but no 2xx came back: only when the answer was lost (5xx or no answer at all).
      expect(options.allowUnanswered, `order ${row.order_number} stored without a 2xx answer`).toBe(true);
      expect(attempt!.statuses.some((status) => status === 0 || status >= 500)).toBe(true);
    }
  }
  const answered = [...attempts.values()].filter((attempt) => attempt.orderNumber);
  for (const attempt of answered) {
    expect(keys.has(attempt.key), `the 2xx order for ${attempt.key} is not stored`).toBe(true);
  }
  return { stored: rows.length, answered: answered.length };
}

/** Replays every key whose fate is unknown: each is then either placed once or refused, never half-stored. */
async function settleUnknown(url: string, attempts: Attempts) {
  for (const attempt of attempts.values()) {
    if (attempt.orderNumber || !attempt.statuses.some((status) => status === 0 || status >= 500)) continue;
    const answer = await sendOrder(url, attempt, {
      'x-forwarded-for': `10.91.0.${1 + Math.floor(Math.random() * 250)}`,
    });
    expect([200, 201]).toContain(answer.status);
  }
}

describe('orders under load', () => {
  // One data store for both runs (a new PGlite directory takes a while to create): the second
  // run's checks cover the first run's orders too.
  const attempts: Attempts = new Map();
  beforeAll(async () => {
    store = await createDataStore();
  });
  afterAll(async () => {
    await store?.dispose();
    store = undefined;
  });

  it('stores every 2xx order whole from 20 concurrent clients, and nothing else', async () => {
    server = await startServer(store!);
    const started = performance.now();
    const placed = await runClients(server.url, attempts, { clients: 20, ordersPerClient: 10 });
    const seconds = (performance.now() - started) / 1000;
    console.info(`${placed} orders from 20 clients in ${seconds.toFixed(1)} s (${store!.driver})`);
    expect(placed).toBe(200);
    for (const attempt of attempts.values()) {
      expect(
        attempt.statuses.every((status) => [200, 201, 409].includes(status)),
        attempt.statuses.join(),
      ).toBe(true);
    }
    await server.stop();
    const { stored, answered } = await verifyStore(attempts);
    expect(stored).toBe(200);
    expect(answered).toBe(200);
  });

  it('finds no partial order after the server is killed (SIGKILL) mid-run and restarted', async () => {
    const before = [...attempts.values()].filter((attempt) => attempt.orderNumber).length;
    server = await startServer(store!);
    const victim = server;
    let killing: Promise<void> | undefined;
    const placed = await runClients(server.url, attempts, {
      clients: 20,
      ordersPerClient: 10,
      // Kill it while the other clients' orders are in flight.
      stopWhen: (count) => {
        if (count === 60) killing = victim.kill();
        return false;
      },
    });
    await killing;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(placed).toBeGreaterThanOrEqual(60);
    const lost = [...attempts.values()].filter((attempt) => attempt.statuses.includes(0)).length;
    console.info(`${placed} orders answered 2xx before SIGKILL, ${lost} requests left without an answer`);

    server = await startServer(store!);
    // Every key answered before the kill is still that order; unanswered ones are placed whole or not at all.
    await settleUnknown(server.url, attempts);
    for (const attempt of [...attempts.values()].filter((a) => a.orderNumber).slice(0, 20)) {
      const replay = await sendOrder(server.url, attempt, { 'x-forwarded-for': '10.92.0.1' });
      expect(replay.status).toBe(200);
    }
    await server.stop();
    const { stored, answered } = await verifyStore(attempts, { allowUnanswered: true });
    expect(answered).toBeGreaterThanOrEqual(before + placed);
    expect(stored).toBe(answered);
  });
});

describe.skipIf(!BASE_DATABASE_URL)('PostgreSQL dropping its connections while the server runs', () => {
  afterAll(async () => {
    await store?.dispose();
    store = undefined;
  });

  it('fails requests cleanly meanwhile, says so on /api/health, and resumes without a restart', async () => {
    store = await createDataStore('postgres');
    server = await startServer(store);
    const url = server.url;
    const attempts: Attempts = new Map();
    const unclean: string[] = [];
    let failures = 0;
    let healthDown = 0;
    let running = true;

    const check = (what: string, answer: Answer) => {
      if (answer.status === 0) {
        unclean.push(`${what}: no answer (${answer.error})`);
      } else if (!answer.json) {
        unclean.push(`${what}: ${answer.status} without JSON`);
      } else if (answer.status >= 500) {
        failures += 1;
        const health = what === 'health' && answer.status === 503;
        if (health) {
          healthDown += 1;
          expect(answer.json).toMatchObject({ status: 'degraded', database: { driver: 'postgres', state: 'down' } });
        } else if (answer.json.message !== GENERIC_500 && answer.json.message !== undefined) {
          unclean.push(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
        }
      }
    };

    let ipCounter = 0;
    const worker = async () => {
      while (running) {
        ipCounter += 1;
        const ip = `10.93.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
        const attempt: Attempt = { key: `outage-${randomUUID()}`, items: randomItems(), statuses: [] };
        attempts.set(attempt.key, attempt);
        check('order', await sendOrder(url, attempt, { 'x-forwarded-for': ip }));
        check('products', await call(url, 'GET', '/api/products', undefined, { 'x-api-key': DEMO_PRODUCTS_API_KEY }));
        check('health', await call(url, 'GET', '/api/health'));
        await sleep(10);
      }
    };
    const workers = Array.from({ length: 8 }, () => worker());

    const name = store.databaseName!;
    for (let outage = 0; outage < 3; outage += 1) {
      await sleep(700);
      // A restart: no new connections for a moment, every existing one cut.
      await store.admin(`alter database ${name} allow_connections false`);
      await store.admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      const down = await call(url, 'GET', '/api/health');
      expect(down.status, server.output()).toBe(503);
      expect(down.json).toMatchObject({ status: 'degraded', database: { state: 'down' } });
      await sleep(600);
      await store.admin(`alter database ${name} allow_connections true`);
    }
    // A cut without downtime too: connections die, new ones are welcome at once.
    await sleep(500);
    await store.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    await sleep(700);
    running = false;
    await Promise.all(workers);

    expect(server.alive(), server.output()).toBe(true);
    expect(unclean, server.output()).toEqual([]);
    expect(failures).toBeGreaterThan(0);
    expect(healthDown).toBeGreaterThan(0);

    // Service resumes on the same process: health is up and orders go through at once.
    const health = await call(url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', database: { driver: 'postgres', state: 'up' } });
    for (let i = 0; i < 10; i += 1) {
      const attempt: Attempt = { key: `after-${randomUUID()}`, items: randomItems(), statuses: [] };
      attempts.set(attempt.key, attempt);
      expect((await sendOrder(url, attempt, { 'x-forwarded-for': `10.94.0.${i + 1}` })).status).toBe(201);
    }
    await settleUnknown(url, attempts);
    const placed = [...attempts.values()].filter((attempt) => attempt.orderNumber).length;
    console.info(
      `${placed} orders placed across 3 database outages; ${failures} clean failures, server never restarted`,
    );
    await server.stop();
    const { stored, answered } = await verifyStore(attempts, { allowUnanswered: true });
    expect(stored).toBe(answered);
  });
});
