// Too many wrong codes lock a profile, as on the real network. The shared test consumers (seeded,
// listed on /sandbox) are never locked, so one integrator's typos cannot lock out everybody else.
import { and, eq, gt, max, sum } from 'drizzle-orm';
import { sandboxConsumers, sandboxOtpChallenges } from '../store/schema.ts';
import { SANDBOX_CONSUMERS } from '../test-data.ts';
import type { ConsumerRow } from './cards.ts';
import type { SandboxDatabase } from './db.ts';

/** Wrong codes in a row (over any number of challenges, until a right one) that lock a profile. */
export const LOCK_AFTER_WRONG_CODES = 6;

const SHARED_EMAILS = new Set(SANDBOX_CONSUMERS.map((consumer) => consumer.email));

export function isSharedTestConsumer(consumer: ConsumerRow): boolean {
  return SHARED_EMAILS.has(consumer.email);
}

/** Counts the consumer's wrong codes since its last right one; locks it at the limit. True when locked. */
export async function lockAfterRepeatedFailures(db: SandboxDatabase, consumer: ConsumerRow): Promise<boolean> {
  if (isSharedTestConsumer(consumer)) return false;
  const [last] = await db
    .select({ at: max(sandboxOtpChallenges.verifiedAt) })
    .from(sandboxOtpChallenges)
    .where(eq(sandboxOtpChallenges.consumerId, consumer.id));
  const since = last?.at ? new Date(last.at) : new Date(0);
  const [wrong] = await db
    .select({ count: sum(sandboxOtpChallenges.failedAttempts) })
    .from(sandboxOtpChallenges)
    .where(and(eq(sandboxOtpChallenges.consumerId, consumer.id), gt(sandboxOtpChallenges.createdAt, since)));
  if (Number(wrong?.count ?? 0) < LOCK_AFTER_WRONG_CODES) return false;
  await db.update(sandboxConsumers).set({ locked: true }).where(eq(sandboxConsumers.id, consumer.id));
  return true;
}
