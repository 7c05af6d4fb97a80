// Every read and write of the agentic checkout's tables: agentic tokens, mandates and their spends.
import type { Spend } from '@c2p/agentic';
import { and, desc, eq } from 'drizzle-orm';
import { sandboxAgenticTokens, sandboxAgents, sandboxMandateSpends, sandboxMandates } from '../../store/schema.ts';
import type { SandboxDatabase } from '../db.ts';
import { findFirstWith, firstRow } from '../queries.ts';

export type TokenRow = typeof sandboxAgenticTokens.$inferSelect;
export type MandateRow = typeof sandboxMandates.$inferSelect;

export const findToken = (db: SandboxDatabase, id: string) => findFirstWith(db, sandboxAgenticTokens, { id });

export async function insertToken(db: SandboxDatabase, token: typeof sandboxAgenticTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxAgenticTokens).values(token);
}

/** The consumer's agentic tokens with their agent's name, the newest first. */
export const tokensOf = (db: SandboxDatabase, consumerId: string) =>
  db
    .select({ token: sandboxAgenticTokens, agentName: sandboxAgents.name })
    .from(sandboxAgenticTokens)
    .innerJoin(sandboxAgents, eq(sandboxAgents.id, sandboxAgenticTokens.agentId))
    .where(eq(sandboxAgenticTokens.consumerId, consumerId))
    .orderBy(desc(sandboxAgenticTokens.createdAt));

/** Revokes the consumer's token (again is no change); undefined when it is not theirs. */
export const revokeToken = (db: SandboxDatabase, id: string, consumerId: string) =>
  firstRow(
    db
      .update(sandboxAgenticTokens)
      .set({ status: 'REVOKED', revokedAt: new Date() })
      .where(and(eq(sandboxAgenticTokens.id, id), eq(sandboxAgenticTokens.consumerId, consumerId)))
      .returning(),
  );

export const findMandate = (db: SandboxDatabase, id: string) => findFirstWith(db, sandboxMandates, { id });

export const findMandateByDigest = (db: SandboxDatabase, mandateDigest: string) =>
  findFirstWith(db, sandboxMandates, { mandateDigest });

export async function insertMandate(db: SandboxDatabase, mandate: typeof sandboxMandates.$inferInsert): Promise<void> {
  await db.insert(sandboxMandates).values(mandate);
}

/** Changes a mandate still pending; undefined when it was decided meanwhile. */
export const updatePendingMandate = (
  db: SandboxDatabase,
  id: string,
  changes: Partial<Omit<typeof sandboxMandates.$inferInsert, 'id'>>,
) =>
  firstRow(
    db
      .update(sandboxMandates)
      .set(changes)
      .where(and(eq(sandboxMandates.id, id), eq(sandboxMandates.status, 'PENDING')))
      .returning(),
  );

/**
 * Decides a spend against the mandate's history and keeps it when accepted, one spend at a time per
 * mandate (its row is locked), so that no two instances spend the same budget twice.
 */
export function recordSpend<Decision extends { accepted: boolean }>(
  db: SandboxDatabase,
  mandateId: string,
  decide: (history: Spend[]) => Decision,
  spend: { credentialId: string; currency: string; amount: number; srcCorrelationId: string },
): Promise<Decision> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: sandboxMandates.id })
      .from(sandboxMandates)
      .where(eq(sandboxMandates.id, mandateId))
      .for('update');
    const history = await tx
      .select({
        credentialId: sandboxMandateSpends.credentialId,
        currency: sandboxMandateSpends.currency,
        amount: sandboxMandateSpends.amount,
      })
      .from(sandboxMandateSpends)
      .where(eq(sandboxMandateSpends.mandateId, mandateId));
    const decision = decide(history);
    if (decision.accepted) await tx.insert(sandboxMandateSpends).values({ ...spend, mandateId });
    return decision;
  });
}
