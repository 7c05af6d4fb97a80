// Every read and write of the SDK API's tables (sessions, consumers, cards, devices, codes, checkouts).
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  sandboxCards,
  sandboxCheckouts,
  sandboxConsumers,
  sandboxDevices,
  sandboxOtpChallenges,
  sandboxSdkSessions,
} from '../../store/schema.ts';
import type { CardRow, ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { sha256 } from '../keys.ts';
import { OTP_TTL_MS } from '../expiry.ts';
import { findFirstWith, firstRow } from '../queries.ts';
import { SANDBOX_OTP } from '../../test-data.ts';
import type { Verification } from '../transaction-authentication.ts';

import type { ChallengeRow, CheckoutRow, DeviceRow, SessionRow } from '../../store/schema.ts';
export type { ChallengeRow, CheckoutRow, DeviceRow, SessionRow } from '../../store/schema.ts';
type NewSession = typeof sandboxSdkSessions.$inferInsert;
type SessionChanges = Partial<
  Pick<
    NewSession,
    | 'consumerId'
    | 'deviceId'
    | 'consumerBrowserHash'
    | 'verification'
    | 'lookupConsumerId'
    | 'lookupIdentity'
    | 'expiresAt'
  >
>;

// ---- sessions -----------------------------------------------------------------------------------

export const findSession = (db: SandboxDatabase, tokenHash: string): Promise<SessionRow | undefined> =>
  findFirstWith(db, sandboxSdkSessions, { tokenHash });

/** How many sessions the caller address (its hash) opened since `since`. */
export async function countSessionsSince(db: SandboxDatabase, clientHash: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ sessions: count() })
    .from(sandboxSdkSessions)
    .where(and(eq(sandboxSdkSessions.clientHash, clientHash), gt(sandboxSdkSessions.createdAt, since)));
  return recent?.sessions ?? 0;
}

export async function insertSession(db: SandboxDatabase, session: NewSession): Promise<void> {
  await db.insert(sandboxSdkSessions).values(session);
}

export async function updateSession(db: SandboxDatabase, tokenHash: string, changes: SessionChanges): Promise<void> {
  await db.update(sandboxSdkSessions).set(changes).where(eq(sandboxSdkSessions.tokenHash, tokenHash));
}

// ---- consumers and cards ------------------------------------------------------------------------

export async function findConsumer(db: SandboxDatabase, id: string | null): Promise<ConsumerRow | undefined> {
  return id ? findFirstWith(db, sandboxConsumers, { id }) : undefined;
}

export const findConsumerByEmail = (db: SandboxDatabase, email: string): Promise<ConsumerRow | undefined> =>
  findFirstWith(db, sandboxConsumers, { email });

/** A new profile; undefined when another checkout made one for the email a moment ago. */
export const insertConsumerIfAbsent = (
  db: SandboxDatabase,
  consumer: typeof sandboxConsumers.$inferInsert,
): Promise<ConsumerRow | undefined> =>
  firstRow(db.insert(sandboxConsumers).values(consumer).onConflictDoNothing().returning());

export async function touchConsumer(db: SandboxDatabase, id: string, at: Date): Promise<void> {
  await db.update(sandboxConsumers).set({ lastUsedAt: at }).where(eq(sandboxConsumers.id, id));
}

/** The consumer's cards, the last used first. */
export async function listCards(db: SandboxDatabase, consumerId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(sandboxCards)
    .where(eq(sandboxCards.consumerId, consumerId))
    .orderBy(sql`${sandboxCards.lastUsedAt} desc nulls last`, sandboxCards.createdAt);
}

export const findCard = (db: SandboxDatabase, srcDigitalCardId: string): Promise<CardRow | undefined> =>
  findFirstWith(db, sandboxCards, { srcDigitalCardId });

export const findConsumersCard = (db: SandboxDatabase, srcDigitalCardId: string, consumerId: string) =>
  findFirstWith(db, sandboxCards, { srcDigitalCardId, consumerId });

export async function insertCard(db: SandboxDatabase, card: typeof sandboxCards.$inferInsert): Promise<void> {
  await db.insert(sandboxCards).values(card);
}

/** Gives the card to the consumer (enrolment); answers the updated card. */
export const enrolCard = (db: SandboxDatabase, srcDigitalCardId: string, consumerId: string) =>
  firstRow(
    db.update(sandboxCards).set({ consumerId }).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId)).returning(),
  );

/** Takes the card out of its profile (deleteCard); the checkouts it paid keep it for their payloads. */
export async function releaseCard(db: SandboxDatabase, srcDigitalCardId: string): Promise<void> {
  await db.update(sandboxCards).set({ consumerId: null }).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId));
}

export async function touchCard(db: SandboxDatabase, srcDigitalCardId: string, at: Date): Promise<void> {
  await db.update(sandboxCards).set({ lastUsedAt: at }).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId));
}

// ---- remembered devices -------------------------------------------------------------------------

export const findDevice = (db: SandboxDatabase, id: string): Promise<DeviceRow | undefined> =>
  findFirstWith(db, sandboxDevices, { id });

export const findUnrevokedDeviceByCookie = (db: SandboxDatabase, cookie: string): Promise<DeviceRow | undefined> =>
  findFirstWith(db, sandboxDevices, { cookieHash: sha256(cookie), revokedAt: null });

/** A device row (with the hash of its cookie, when the browser gets one); answers its id. */
export async function insertDevice(
  db: SandboxDatabase,
  device: { consumerId: string; expiresAt: Date; cookieHash?: string },
): Promise<string> {
  const [row] = await db.insert(sandboxDevices).values(device).returning({ id: sandboxDevices.id });
  return row!.id;
}

export async function revokeDeviceByCookie(db: SandboxDatabase, cookie: string, at: Date): Promise<void> {
  await db
    .update(sandboxDevices)
    .set({ revokedAt: at })
    .where(eq(sandboxDevices.cookieHash, sha256(cookie)));
}

export async function revokeDevice(db: SandboxDatabase, id: string, at: Date): Promise<void> {
  await db.update(sandboxDevices).set({ revokedAt: at }).where(eq(sandboxDevices.id, id));
}

// ---- one-time codes -----------------------------------------------------------------------------

/** A new code for the session (the one before it is void), kept as its hash; answers its id. */
export async function replaceChallenge(
  db: SandboxDatabase,
  sessionTokenHash: string,
  consumerId: string,
  channel: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.delete(sandboxOtpChallenges).where(eq(sandboxOtpChallenges.sessionTokenHash, sessionTokenHash));
    const [row] = await tx
      .insert(sandboxOtpChallenges)
      .values({
        sessionTokenHash,
        consumerId,
        channel: channel as 'EMAIL_ADDRESS' | 'MOBILE_PHONE_NUMBER',
        codeHash: sha256(SANDBOX_OTP),
        expiresAt: new Date(Date.now() + OTP_TTL_MS),
      })
      .returning({ id: sandboxOtpChallenges.id });
    return row!.id;
  });
}

export const latestChallenge = (db: SandboxDatabase, sessionTokenHash: string): Promise<ChallengeRow | undefined> =>
  firstRow(
    db
      .select()
      .from(sandboxOtpChallenges)
      .where(eq(sandboxOtpChallenges.sessionTokenHash, sessionTokenHash))
      .orderBy(desc(sandboxOtpChallenges.createdAt))
      .limit(1),
  );

/** One atomic increment, so parallel wrong guesses on two instances still count; answers the new count. */
export async function countWrongCode(db: SandboxDatabase, challengeId: string): Promise<number | undefined> {
  const [updated] = await db
    .update(sandboxOtpChallenges)
    .set({ failedAttempts: sql`${sandboxOtpChallenges.failedAttempts} + 1` })
    .where(eq(sandboxOtpChallenges.id, challengeId))
    .returning({ failedAttempts: sandboxOtpChallenges.failedAttempts });
  return updated?.failedAttempts;
}

/** Marks the code used; false when another request used it first. */
export async function markChallengeVerified(db: SandboxDatabase, challengeId: string): Promise<boolean> {
  const [verified] = await db
    .update(sandboxOtpChallenges)
    .set({ verifiedAt: new Date() })
    .where(and(eq(sandboxOtpChallenges.id, challengeId), isNull(sandboxOtpChallenges.verifiedAt)))
    .returning({ id: sandboxOtpChallenges.id });
  return verified !== undefined;
}

// ---- checkouts ----------------------------------------------------------------------------------

export const findCheckout = (db: SandboxDatabase, id: string): Promise<CheckoutRow | undefined> =>
  findFirstWith(db, sandboxCheckouts, { id });

export async function countCheckouts(db: SandboxDatabase, sessionTokenHash: string): Promise<number> {
  const [opened] = await db
    .select({ checkouts: count() })
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.sessionTokenHash, sessionTokenHash));
  return opened?.checkouts ?? 0;
}

export async function insertCheckout(
  db: SandboxDatabase,
  checkout: typeof sandboxCheckouts.$inferInsert,
): Promise<void> {
  await db.insert(sandboxCheckouts).values(checkout);
}

/** The profile whose code was typed in the checkout's window becomes the pending checkout's consumer. */
export async function setPendingCheckoutConsumer(db: SandboxDatabase, id: string, consumerId: string): Promise<void> {
  await db
    .update(sandboxCheckouts)
    .set({
      consumerId,
      request: sql`${sandboxCheckouts.request} || ${JSON.stringify({
        consumerProvedInWindow: true,
        identityVerification: { method: 'OTP', at: new Date().toISOString() },
      })}::jsonb`,
    })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'PENDING')));
}

/**
 * Marks a PENDING checkout answered with `action`; undefined when another answer won. Call it in
 * the transaction that writes the result, so that a failure leaves the checkout PENDING.
 */
export const claimCheckout = (tx: SandboxDatabase, id: string, action: CheckoutRow['status']) =>
  firstRow(
    tx
      .update(sandboxCheckouts)
      .set({ status: action, completedAt: new Date() })
      .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'PENDING')))
      .returning(),
  );

export async function updateCheckout(
  db: SandboxDatabase,
  id: string,
  changes: Partial<
    Pick<CheckoutRow, 'result' | 'srcCorrelationId' | 'merchantTransactionId' | 'flowId' | 'consumerId' | 'request'>
  >,
): Promise<void> {
  await db.update(sandboxCheckouts).set(changes).where(eq(sandboxCheckouts.id, id));
}

/** The checkout was confirmed by the shopper (transaction authentication): how, and when. */
export async function setCheckoutAuthentication(
  db: SandboxDatabase,
  id: string,
  authentication: Verification,
): Promise<void> {
  await db
    .update(sandboxCheckouts)
    .set({ request: sql`${sandboxCheckouts.request} || ${JSON.stringify({ authentication })}::jsonb` })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'PENDING')));
}
