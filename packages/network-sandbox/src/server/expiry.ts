// How long the sandbox keeps what anonymous callers make, and the sweep that deletes it after.
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  sandboxAgentNonces,
  sandboxAgents,
  sandboxCards,
  sandboxDevices,
  sandboxOtpChallenges,
  sandboxScofCredentials,
  sandboxSdkSessions,
} from '../store/schema.ts';
import { removeUnusedClients } from './client-lifetime.ts';
import { sweepCodeFailures } from './code-throttle.ts';
import type { SandboxDatabase } from './db.ts';

/** An SDK session (init) lives two hours: a checkout page, not a whole day of browsing. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** A session that opened a checkout lives a day, for the merchant's payload, confirmation and merchant card. */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** One-time codes are valid ten minutes, and kept an hour after that (to answer CODE_EXPIRED). */
export const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_KEPT_AFTER_EXPIRY_MS = 60 * 60 * 1000;
/** A card checked out as a guest is deleted a day after, once no checkout or merchant card refers to it. */
const GUEST_CARD_TTL_MS = 24 * 60 * 60 * 1000;
/** An agent no shopper enrolled is removed a day after it registered (its keys lived in a page's memory). */
const UNENROLLED_AGENT_TTL_MS = 24 * 60 * 60 * 1000;
/** How often (at most) one instance sweeps. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Deletes what has expired: sessions (with their checkouts and codes), old codes and wrong-code counts, dead devices,
 * unused guest cards, onboarded clients nobody uses (./client-lifetime.ts), agents no shopper enrolled
 * and the nonces of expired agent signatures.
 */
export async function sweepExpired(db: SandboxDatabase, now = new Date()): Promise<void> {
  // First, so that the cards of the merchant cards and cards on file it removes go below.
  await removeUnusedClients(db, now);
  await db.delete(sandboxSdkSessions).where(lt(sandboxSdkSessions.expiresAt, now));
  await sweepCodeFailures(db, now);
  await db
    .delete(sandboxOtpChallenges)
    .where(lt(sandboxOtpChallenges.expiresAt, new Date(now.getTime() - OTP_KEPT_AFTER_EXPIRY_MS)));
  // Card-on-file credentials are kept a day past their cryptogram's expiry (for the confirmation).
  await db
    .delete(sandboxScofCredentials)
    .where(lt(sandboxScofCredentials.expiresAt, new Date(now.getTime() - GUEST_CARD_TTL_MS)));
  await db.delete(sandboxAgentNonces).where(lt(sandboxAgentNonces.expiresAt, now));
  await db
    .delete(sandboxAgents)
    .where(
      and(
        lt(sandboxAgents.createdAt, new Date(now.getTime() - UNENROLLED_AGENT_TTL_MS)),
        sql`not exists (select 1 from sandbox_agentic_tokens t where t.agent_id = ${sandboxAgents.id})`,
      ),
    );
  await db.delete(sandboxDevices).where(or(isNotNull(sandboxDevices.revokedAt), lt(sandboxDevices.expiresAt, now)));
  await db
    .delete(sandboxCards)
    .where(
      and(
        sql`${sandboxCards.consumerId} is null`,
        lt(sandboxCards.createdAt, new Date(now.getTime() - GUEST_CARD_TTL_MS)),
        sql`not exists (select 1 from sandbox_checkouts c where c.src_digital_card_id = ${sandboxCards.srcDigitalCardId})`,
        sql`not exists (select 1 from sandbox_merchant_cards m where m.src_digital_card_id = ${sandboxCards.srcDigitalCardId})`,
        sql`not exists (select 1 from sandbox_scof_cards s where s.src_digital_card_id = ${sandboxCards.srcDigitalCardId})`,
      ),
    );
}

/** A sweep run at most once a minute per instance, from the calls that create rows; a failure waits for the next. */
export function throttledSweep(db: SandboxDatabase): () => Promise<void> {
  let last = 0;
  return async () => {
    const now = Date.now();
    if (now - last < SWEEP_EVERY_MS) return;
    last = now;
    await sweepExpired(db).catch(() => {});
  };
}
