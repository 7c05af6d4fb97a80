import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { HttpError } from './http-errors.ts';
import { t } from './i18n.ts';
import { retryOnConflict } from './pg-errors.ts';

/**
 * A route's per-client limit (by IP, behind the trusted proxy) answering 429 JSON
 * `{ statusCode: 429, message }` in the visitor's language, with Retry-After.
 */
export function perIpLimit(max: number, messageKey = 'API.ACCOUNT.TOO_MANY_ATTEMPTS'): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: (request) => new HttpError(429, t(request, messageKey)),
  };
}

/** How often (at most) ended windows are forgotten. */
const SWEEP_EVERY_MS = 60_000;
const DEFAULT_WINDOW_MS = 60_000;
/** Counters one statement updates at most; more wait for the next one. */
const MAX_KEYS_PER_STATEMENT = 500;

interface Hits {
  current: number;
  ttl: number;
}
type IncrCallback = (error: Error | null, result?: Hits) => void;
/** Counts one hit on `key`, whose window (opened by its first hit) lasts `windowMs`. */
type Counter = (key: string, windowMs: number, callback: IncrCallback) => void;

/**
 * The @fastify/rate-limit options for the database the server runs on. Each counter's window
 * opens at its first hit and lasts the limit's time window, as with the plugin's in-memory store.
 * On PostgreSQL every counter is in the database (rate_limit_hits), so that all instances on it
 * share them: N attempts spread over several instances count as N. The embedded database can be
 * opened by one process only, so its counters stay in memory, which costs no statement.
 */
export function rateLimitsFor(database: DatabaseHandle): RateLimitPluginOptions {
  const counter = database.driver === 'pglite' ? memoryCounter() : databaseCounter(database.db);
  return { global: false, store: storeOf(counter) };
}

function storeOf(count: Counter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    // The plugin calls incr(key, callback, timeWindow, max); its typings name only the first two.
    incr(key: string, callback: IncrCallback, timeWindow: number = DEFAULT_WINDOW_MS): void {
      count(this.prefix + key, timeWindow, callback);
    }

    /** A route's own counters: keyed by its method and path, as the in-memory store keeps one per route. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
      const url = typeof route.url === 'string' ? route.url : '';
      return new CounterStore(undefined, `${method}${url}|`);
    }
  }
  return CounterStore;
}

/**
 * Counters in a map, forgotten once their window has ended (unlike the plugin's own store, whose
 * least recently used counters are dropped when a flood of new addresses fills it).
 */
function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return (key, windowMs, callback) => {
    const now = Date.now();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      for (const [stale, window] of windows) if (window.resetAt <= now) windows.delete(stale);
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.resetAt - now });
  };
}

/** The hits on one counter waiting for the next statement, in arrival order. */
interface WaitingHits {
  windowMs: number;
  callbacks: IncrCallback[];
}

/**
 * Counters in rate_limit_hits. One statement at a time counts every hit that arrived while the
 * previous one ran, for all their keys at once: a request costs no round trip of its own. The
 * database clock is the only clock, so instances agree.
 */
function databaseCounter(db: Database): Counter {
  let waiting = new Map<string, WaitingHits>();
  let counting = false;
  let lastSweep = 0;

  /** Deletes ended windows now and then; a failure only delays it to the next time. */
  const sweep = async () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.execute(sql`delete from rate_limit_hits where reset_at <= now()`).catch(() => {});
  };

  const nextBatch = () => {
    if (waiting.size <= MAX_KEYS_PER_STATEMENT) {
      const batch = waiting;
      waiting = new Map();
      return batch;
    }
    const batch = new Map<string, WaitingHits>();
    for (const [key, hits] of waiting) {
      if (batch.size === MAX_KEYS_PER_STATEMENT) break;
      batch.set(key, hits);
      waiting.delete(key);
    }
    return batch;
  };

  const countBatch = async (batch: Map<string, WaitingHits>) => {
    let totals: Map<string, Hits> | undefined;
    let failure: Error | undefined;
    try {
      // Keys are updated in one order, but a sign-in backoff or another instance may still cross.
      totals = await retryOnConflict(() => addHits(db, batch));
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    for (const [key, { callbacks }] of batch) {
      if (failure) {
        for (const callback of callbacks) callback(failure);
        continue;
      }
      // The hits of one key in this statement take the counts up to its new total, in arrival order.
      const total = totals!.get(key);
      if (!total) {
        for (const callback of callbacks) callback(new Error(`no count came back for ${key}`));
        continue;
      }
      const { current, ttl } = total;
      callbacks.forEach((callback, index) => callback(null, { current: current - callbacks.length + 1 + index, ttl }));
    }
  };

  const countWaiting = async () => {
    counting = true;
    try {
      while (waiting.size > 0) {
        await sweep();
        await countBatch(nextBatch());
      }
    } finally {
      counting = false;
    }
  };

  return (key, windowMs, callback) => {
    const hits = waiting.get(key);
    if (hits) hits.callbacks.push(callback);
    else waiting.set(key, { windowMs, callbacks: [callback] });
    if (!counting) void countWaiting();
  };
}

/** Adds each key's hits in one statement; answers each key's count and time left in its window. */
async function addHits(db: Database, batch: Map<string, WaitingHits>): Promise<Map<string, Hits>> {
  const input = JSON.stringify(
    [...batch].map(([key, { windowMs, callbacks }]) => ({ key, hits: callbacks.length, window_ms: windowMs })),
  );
  const result = await db.execute<{ key: string; count: number; ttl: number }>(sql`
    insert into rate_limit_hits as hit (key, count, reset_at)
    select key, hits, now() + window_ms * interval '1 millisecond'
    from jsonb_to_recordset(${input}::jsonb) as k(key text, hits integer, window_ms integer)
    order by key
    on conflict (key) do update set
      count = case when hit.reset_at <= now() then excluded.count else hit.count + excluded.count end,
      reset_at = case when hit.reset_at <= now() then excluded.reset_at else hit.reset_at end
    returning key, count, ceil(extract(epoch from (reset_at - now())) * 1000)::integer as ttl`);
  const rows = (result as unknown as { rows: Array<{ key: string; count: number | string; ttl: number | string }> })
    .rows;
  return new Map(rows.map((row) => [row.key, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }]));
}
