// Every read and write of the network APIs' tables (DPAs, checkouts, cards, confirmations, merchant cards).
import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  sandboxCheckouts,
  sandboxClients,
  sandboxConfirmations,
  sandboxDpas,
  sandboxMerchantCards,
} from '../../store/schema.ts';
import type { SandboxDatabase } from '../db.ts';
import { findFirstWith, firstRow, matching } from '../queries.ts';
import type { Json } from '../util.ts';

import type { CheckoutRow, DpaRow } from '../../store/schema.ts';
export type { CheckoutRow, DpaRow, MerchantCardRow } from '../../store/schema.ts';

// The cards and profiles are the SDK API's; these APIs only read them.
export { findCard, findConsumer } from '../sdk-api/repository.ts';

export const findDpa = (db: SandboxDatabase, srcDpaId: string): Promise<DpaRow | undefined> =>
  findFirstWith(db, sandboxDpas, { srcDpaId });

export type StoredDpaKey = 'stored' | 'not-yours' | 'too-many';

/**
 * Stores the DPA's key for the client. The first client to register a DPA's key owns the DPA (a key
 * stored before owners were kept goes to the next client that registers one): 'not-yours' when
 * another client owns it, 'too-many' when an onboarded client already owns `maxDpas` others
 * (nothing stored either way).
 */
export async function storeDpaKey(
  db: SandboxDatabase,
  srcDpaId: string,
  publicJwk: Json,
  clientId: string,
  maxDpas: number,
): Promise<StoredDpaKey> {
  return db.transaction(async (tx) => {
    // The onboarded client's row is locked, so that its DPAs are counted and claimed one at a time.
    const [onboarded] = await tx
      .select({ clientId: sandboxClients.clientId })
      .from(sandboxClients)
      .where(eq(sandboxClients.clientId, clientId))
      .for('update');
    if (onboarded) {
      const [owned] = await tx
        .select({ dpas: count() })
        .from(sandboxDpas)
        .where(and(eq(sandboxDpas.clientId, clientId), ne(sandboxDpas.srcDpaId, srcDpaId)));
      if ((owned?.dpas ?? 0) >= maxDpas) return 'too-many';
    }
    const stored = await tx
      .insert(sandboxDpas)
      .values({ srcDpaId, publicJwk, clientId })
      .onConflictDoUpdate({
        target: sandboxDpas.srcDpaId,
        set: { publicJwk, clientId, updatedAt: new Date() },
        setWhere: or(isNull(sandboxDpas.clientId), eq(sandboxDpas.clientId, clientId)),
      })
      .returning({ srcDpaId: sandboxDpas.srcDpaId });
    return stored.length > 0 ? 'stored' : 'not-yours';
  });
}

/** The DPA's merchant card (not deleted) with this id. */
export const findMerchantCard = (db: SandboxDatabase, merchantCardId: string, srcDpaId: string) =>
  findFirstWith(db, sandboxMerchantCards, { merchantCardId, srcDpaId, deletedAt: null });

/** The DPA's merchant card (not deleted) for this network card. */
export const findMerchantCardOf = (db: SandboxDatabase, srcDigitalCardId: string, srcDpaId: string) =>
  findFirstWith(db, sandboxMerchantCards, { srcDigitalCardId, srcDpaId, deletedAt: null });

export async function insertMerchantCard(
  db: SandboxDatabase,
  card: { srcDpaId: string; srcDigitalCardId: string; merchantAccountId: string | null },
): Promise<string> {
  const [row] = await db.insert(sandboxMerchantCards).values(card).returning();
  return row!.merchantCardId;
}

/** Deletes the merchant card when it belongs to one of the client's DPAs; false when there is none such. */
export async function deleteMerchantCard(
  db: SandboxDatabase,
  merchantCardId: string,
  clientId: string,
): Promise<boolean> {
  const ownDpas = db.select({ id: sandboxDpas.srcDpaId }).from(sandboxDpas).where(eq(sandboxDpas.clientId, clientId));
  const deleted = await db
    .update(sandboxMerchantCards)
    .set({ deletedAt: new Date() })
    .where(
      and(
        matching(sandboxMerchantCards, { merchantCardId, deletedAt: null }),
        inArray(sandboxMerchantCards.srcDpaId, ownDpas),
      ),
    )
    .returning({ id: sandboxMerchantCards.merchantCardId });
  return deleted.length > 0;
}

export const findCheckoutByTransactionId = (db: SandboxDatabase, merchantTransactionId: string, srcDpaId: string) =>
  findFirstWith(db, sandboxCheckouts, { merchantTransactionId, srcDpaId });

/**
 * The latest checkout `where` selects: a srcCorrelationId is the SDK session's, so the checkouts
 * of one session share it, and the one completed last is the one the merchant asks about.
 */
const latestCheckout = (db: SandboxDatabase, where: SQL | undefined): Promise<CheckoutRow | undefined> =>
  firstRow(
    db
      .select()
      .from(sandboxCheckouts)
      .where(where)
      .orderBy(sql`${sandboxCheckouts.completedAt} desc nulls last`, desc(sandboxCheckouts.createdAt))
      .limit(1),
  );

/** The DPA's latest completed checkout of the session this srcCorrelationId names (with this card, when given). */
export const findCheckoutByCorrelationId = (
  db: SandboxDatabase,
  srcCorrelationId: string,
  srcDpaId: string,
  srcDigitalCardId?: string,
) =>
  latestCheckout(
    db,
    matching(sandboxCheckouts, {
      srcCorrelationId,
      srcDpaId,
      status: 'COMPLETE',
      ...(srcDigitalCardId ? { srcDigitalCardId } : {}),
    }),
  );

/** The checkout a confirmation names (any DPA: the caller's ownership is checked after). */
export const findConfirmedCheckout = (
  db: SandboxDatabase,
  srcCorrelationId: string,
  merchantTransactionId: string | undefined,
): Promise<CheckoutRow | undefined> =>
  latestCheckout(
    db,
    matching(
      sandboxCheckouts,
      merchantTransactionId ? { srcCorrelationId, merchantTransactionId } : { srcCorrelationId },
    ),
  );

/** The DPA's completed checkout with this merchant transaction id or correlation id (the latest). */
export function findCompletedCheckout(
  db: SandboxDatabase,
  srcDpaId: string,
  merchantTransactionId: string | undefined,
  correlationId: string | undefined,
): Promise<CheckoutRow | undefined> {
  return latestCheckout(
    db,
    and(
      matching(sandboxCheckouts, { srcDpaId, status: 'COMPLETE' }),
      or(
        merchantTransactionId ? eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId) : undefined,
        correlationId ? eq(sandboxCheckouts.srcCorrelationId, correlationId) : undefined,
      ),
    ),
  );
}

export async function insertConfirmation(
  db: SandboxDatabase,
  confirmation: { checkoutId: string | null; srcCorrelationId: string; body: Json },
): Promise<void> {
  await db.insert(sandboxConfirmations).values(confirmation);
}
