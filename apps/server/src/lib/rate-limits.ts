import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HttpError } from './http-errors.ts';
import { t } from './i18n.ts';

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

/** How often (at most) an instance deletes the counters of windows that have ended. */
const SWEEP_EVERY_MS = 60_000;
const DEFAULT_WINDOW_MS = 60_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The @fastify/rate-limit options that keep every counter in the database (rate_limit_hits), so
 * that all instances on one database share them: N attempts spread over several instances count
 * as N. Each counter's window opens at its first hit and lasts the limit's time window, as with
 * the plugin's in-memory store; the database clock is the only clock, so instances agree.
 */
export function sharedRateLimits(db: Database): RateLimitPluginOptions {
  return { global: false, store: databaseStore(db) };
}

function databaseStore(db: Database): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  /** Deletes ended windows now and then; a failure only delays it to the next time. */
  const sweep = async () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.execute(sql`delete from rate_limit_hits where reset_at <= now()`).catch(() => {});
  };

  const increment = async (key: string, windowMs: number): Promise<{ current: number; ttl: number }> => {
    await sweep();
    const result = await db.execute<{ count: number; ttl: number }>(sql`
      insert into rate_limit_hits as hit (key, count, reset_at)
      values (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
      on conflict (key) do update set
        count = case when hit.reset_at <= now() then 1 else hit.count + 1 end,
        reset_at = case when hit.reset_at <= now() then excluded.reset_at else hit.reset_at end
      returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::integer as ttl`);
    const row = (result as unknown as { rows: Array<{ count: number | string; ttl: number | string }> }).rows[0]!;
    return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
  };

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    // The plugin calls incr(key, callback, timeWindow, max); its typings name only the first two.
    incr(key: string, callback: IncrCallback, timeWindow: number = DEFAULT_WINDOW_MS): void {
      increment(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** A route's own counters: keyed by its method and path, as the in-memory store keeps one per route. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
      const url = typeof route.url === 'string' ? route.url : '';
      return new DatabaseStore(undefined, `${method}${url}|`);
    }
  }
  return DatabaseStore;
}
