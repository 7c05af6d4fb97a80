import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { HttpError } from './http-errors.ts';
import { t } from './i18n.ts';

/**
 * Per-account backoff for sign-in (docs/decisions/011-sign-in-throttling.md): the first
 * FREE_FAILURES failed attempts on an account cost nothing; after that each attempt must wait
 * 1 s, 2 s, 4 s... after the previous one, at most MAX_WAIT_MS. An attempt made too early answers
 * 429 with Retry-After, without checking the password and without lengthening the wait, so the
 * owner is never kept out longer than MAX_WAIT_MS after the attacker's last try; a success forgets
 * the failures. Counters live in rate_limit_hits (shared by instances): `count` is the failures in a
 * row, `reset_at` is when they are forgotten, FORGET_AFTER_MS after the last one.
 */
export const FREE_FAILURES = 10;
export const MAX_WAIT_MS = 60_000;
const FORGET_AFTER_MS = 15 * 60_000;

/** Milliseconds since the epoch; tests pass a clock they move instead of sleeping. */
export type Clock = () => number;

/** How long after the previous attempt the next one may come, with `failures` in a row so far. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_WAIT_MS);
}

export interface SignInBackoff {
  /**
   * Claims an attempt on the account: counted as a failure until `succeeded` says otherwise, so
   * that attempts racing in parallel each count. Throws 429 (Retry-After) while the account waits.
   */
  claim(request: FastifyRequest, reply: FastifyReply, account: string): Promise<void>;
  /** The password was right: the account's failures are forgotten. */
  succeeded(account: string): Promise<void>;
}

export function signInBackoff(db: Database, name: string, clock: Clock = Date.now): SignInBackoff {
  const keyOf = (account: string) => `backoff:${name}:${account.toLowerCase()}`;
  const rowsOf = (result: unknown) =>
    (result as { rows: Array<{ count: number | string; reset_at: string | Date }> }).rows;

  return {
    async claim(request, reply, account) {
      const now = clock();
      const key = keyOf(account);
      const nowAt = new Date(now).toISOString();
      const forgetAt = new Date(now + FORGET_AFTER_MS).toISOString();
      // One statement, so that parallel attempts serialise on the row: the attempt is counted
      // only when the wait since the previous attempt (reset_at - FORGET_AFTER_MS) has passed.
      const claimed = rowsOf(
        await db.execute(sql`
          insert into rate_limit_hits as hit (key, count, reset_at)
          values (${key}, 1, ${forgetAt}::timestamptz)
          on conflict (key) do update set
            count = case when hit.reset_at <= ${nowAt}::timestamptz then 1 else hit.count + 1 end,
            reset_at = excluded.reset_at
          where hit.reset_at <= ${nowAt}::timestamptz
            or hit.count < ${FREE_FAILURES}
            or hit.reset_at - ${FORGET_AFTER_MS}::integer * interval '1 millisecond'
              + least(power(2, least(hit.count - ${FREE_FAILURES}, 30)) * 1000, ${MAX_WAIT_MS})
                * interval '1 millisecond' <= ${nowAt}::timestamptz
          returning count, reset_at`),
      );
      if (claimed.length > 0) return;
      const [row] = rowsOf(await db.execute(sql`select count, reset_at from rate_limit_hits where key = ${key}`));
      const lastAttempt = row ? new Date(row.reset_at).getTime() - FORGET_AFTER_MS : now;
      const waitMs = lastAttempt + waitAfter(Number(row?.count ?? 0)) - now;
      reply.header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)));
      throw new HttpError(429, t(request, 'SIGN_IN.TOO_MANY_ATTEMPTS'));
    },
    async succeeded(account) {
      await db.execute(sql`delete from rate_limit_hits where key = ${keyOf(account)}`);
    },
  };
}
