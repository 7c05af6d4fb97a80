// Every read and write of the network APIs' tables (DPAs, checkouts, cards, confirmations, merchant cards).
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import {
  sandboxCards,
  sandboxCheckouts,
  sandboxConfirmations,
  sandboxConsumers,
  sandboxDpas,
  sandboxMerchantCards,
} from '../../store/schema.ts';
import type { CardRow, ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import type { Json } from '../util.ts';

export type DpaRow = typeof sandboxDpas.$inferSelect;
export type CheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type MerchantCardRow = typeof sandboxMerchantCards.$inferSelect;

export async function findDpa(db: SandboxDatabase, srcDpaId: string): Promise<DpaRow | undefined> {
  const [dpa] = await db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, srcDpaId));
  return dpa;
}

/**
 * Stores the DPA's key for the client. The first client to register a DPA's key owns the DPA (a key
 * stored before owners were kept goes to the next client that registers one); false when another
 * client owns it (nothing stored).
 */
export async function storeDpaKey(
  db: SandboxDatabase,
  srcDpaId: string,
  publicJwk: Json,
  clientId: string,
): Promise<boolean> {
  const stored = await db
    .insert(sandboxDpas)
    .values({ srcDpaId, publicJwk, clientId })
    .onConflictDoUpdate({
      target: sandboxDpas.srcDpaId,
      set: { publicJwk, clientId, updatedAt: new Date() },
      setWhere: or(isNull(sandboxDpas.clientId), eq(sandboxDpas.clientId, clientId)),
    })
    .returning({ srcDpaId: sandboxDpas.srcDpaId });
  return stored.length > 0;
}

export async function findCard(db: SandboxDatabase, srcDigitalCardId: string): Promise<CardRow | undefined> {
  const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId));
  return card;
}

export async function findConsumer(db: SandboxDatabase, id: string | null): Promise<ConsumerRow | undefined> {
  if (!id) return undefined;
  const [consumer] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.id, id));
  return consumer;
}

/** The DPA's merchant card (not deleted) that `match` selects. */
async function liveMerchantCard(
  db: SandboxDatabase,
  srcDpaId: string,
  match: SQL,
): Promise<MerchantCardRow | undefined> {
  const [card] = await db
    .select()
    .from(sandboxMerchantCards)
    .where(and(match, eq(sandboxMerchantCards.srcDpaId, srcDpaId), isNull(sandboxMerchantCards.deletedAt)));
  return card;
}

/** The DPA's merchant card (not deleted) with this id. */
export const findMerchantCard = (db: SandboxDatabase, merchantCardId: string, srcDpaId: string) =>
  liveMerchantCard(db, srcDpaId, eq(sandboxMerchantCards.merchantCardId, merchantCardId));

/** The DPA's merchant card (not deleted) for this network card. */
export const findMerchantCardOf = (db: SandboxDatabase, srcDigitalCardId: string, srcDpaId: string) =>
  liveMerchantCard(db, srcDpaId, eq(sandboxMerchantCards.srcDigitalCardId, srcDigitalCardId));

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
        eq(sandboxMerchantCards.merchantCardId, merchantCardId),
        isNull(sandboxMerchantCards.deletedAt),
        inArray(sandboxMerchantCards.srcDpaId, ownDpas),
      ),
    )
    .returning({ id: sandboxMerchantCards.merchantCardId });
  return deleted.length > 0;
}

export async function findCheckoutByTransactionId(
  db: SandboxDatabase,
  merchantTransactionId: string,
  srcDpaId: string,
): Promise<CheckoutRow | undefined> {
  const [checkout] = await db
    .select()
    .from(sandboxCheckouts)
    .where(
      and(eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId), eq(sandboxCheckouts.srcDpaId, srcDpaId)),
    );
  return checkout;
}

export async function findCheckoutByCorrelationId(
  db: SandboxDatabase,
  srcCorrelationId: string,
  srcDpaId: string,
): Promise<CheckoutRow | undefined> {
  const [checkout] = await db
    .select()
    .from(sandboxCheckouts)
    .where(and(eq(sandboxCheckouts.srcCorrelationId, srcCorrelationId), eq(sandboxCheckouts.srcDpaId, srcDpaId)));
  return checkout;
}

/** The checkout a confirmation names (any DPA: the caller's ownership is checked after). */
export async function findConfirmedCheckout(
  db: SandboxDatabase,
  correlationId: string,
  merchantTransactionId: string | undefined,
): Promise<CheckoutRow | undefined> {
  const [checkout] = await db
    .select()
    .from(sandboxCheckouts)
    .where(
      merchantTransactionId
        ? and(
            eq(sandboxCheckouts.srcCorrelationId, correlationId),
            eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId),
          )
        : eq(sandboxCheckouts.srcCorrelationId, correlationId),
    );
  return checkout;
}

/** The DPA's completed checkout with this merchant transaction id or correlation id. */
export async function findCompletedCheckout(
  db: SandboxDatabase,
  srcDpaId: string,
  merchantTransactionId: string | undefined,
  correlationId: string | undefined,
): Promise<CheckoutRow | undefined> {
  const [checkout] = await db
    .select()
    .from(sandboxCheckouts)
    .where(
      and(
        eq(sandboxCheckouts.srcDpaId, srcDpaId),
        eq(sandboxCheckouts.status, 'COMPLETE'),
        or(
          merchantTransactionId ? eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId) : undefined,
          correlationId ? eq(sandboxCheckouts.srcCorrelationId, correlationId) : undefined,
        ),
      ),
    );
  return checkout;
}

export async function insertConfirmation(
  db: SandboxDatabase,
  confirmation: { checkoutId: string | null; srcCorrelationId: string; body: Json },
): Promise<void> {
  await db.insert(sandboxConfirmations).values(confirmation);
}
