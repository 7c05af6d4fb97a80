// Too many wrong codes lock a profile, as on the real network. The shared test consumers (seeded,
// listed on /sandbox) are never locked, so one integrator's typos cannot lock out everybody else.
import { eq, sql } from 'drizzle-orm';
import { sandboxConsumers } from '../store/schema.ts';
import { SANDBOX_CONSUMERS } from '../test-data.ts';
import type { ConsumerRow } from './cards.ts';
import type { SandboxDatabase } from './db.ts';

/** Wrong codes in a row (over any number of challenges, until a right one) that lock a profile. */
export const LOCK_AFTER_WRONG_CODES = 6;

const SHARED_EMAILS = new Set(SANDBOX_CONSUMERS.map((consumer) => consumer.email));

export function isSharedTestConsumer(consumer: ConsumerRow): boolean {
  return SHARED_EMAILS.has(consumer.email);
}

/** Counts one wrong code (atomically, so instances count together); locks at the limit. True when locked. */
export async function lockAfterRepeatedFailures(db: SandboxDatabase, consumer: ConsumerRow): Promise<boolean> {
  if (isSharedTestConsumer(consumer)) return false;
  const [counted] = await db
    .update(sandboxConsumers)
    .set({ wrongCodes: sql`${sandboxConsumers.wrongCodes} + 1` })
    .where(eq(sandboxConsumers.id, consumer.id))
    .returning({ wrongCodes: sandboxConsumers.wrongCodes });
  if ((counted?.wrongCodes ?? 0) < LOCK_AFTER_WRONG_CODES) return false;
  await db.update(sandboxConsumers).set({ locked: true }).where(eq(sandboxConsumers.id, consumer.id));
  return true;
}

/** A right code starts the count again. */
export async function resetWrongCodes(db: SandboxDatabase, consumer: ConsumerRow): Promise<void> {
  if (consumer.wrongCodes > 0) {
    await db.update(sandboxConsumers).set({ wrongCodes: 0 }).where(eq(sandboxConsumers.id, consumer.id));
  }
}
