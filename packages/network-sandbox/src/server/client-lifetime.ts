// How long an onboarded client (POST /sandbox/clients) is kept, how many DPAs it may own, and its
// removal: the sandbox's capacity for clients comes back from those nobody uses.
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  sandboxClients,
  sandboxDpaOrigins,
  sandboxDpas,
  sandboxMerchantCards,
  sandboxScofCards,
  sandboxScofCredentials,
} from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';

/** DPAs one onboarded client may own (the host's own clients, the plugin option, are the operator's). */
export const MAX_DPAS_PER_CLIENT = 20;
/** A client that owns no DPA this long after onboarding never registered a key, which every other call needs. */
export const UNUSED_CLIENT_TTL_MS = 24 * 60 * 60 * 1000;
/** A client none of whose DPAs has been named in one of its signed calls for this long is idle. */
export const IDLE_CLIENT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A DPA's last use (`sandbox_dpas.updated_at`) is written at most this often, not at every call. */
export const DPA_USE_RECORDED_EVERY_MS = 60 * 60 * 1000;

/** Records that the DPA's owner named it in a signed call, when the last record is older than an hour. */
export async function recordDpaUse(
  db: SandboxDatabase,
  dpa: { srcDpaId: string; updatedAt: Date },
  now = new Date(),
): Promise<void> {
  if (now.getTime() - dpa.updatedAt.getTime() < DPA_USE_RECORDED_EVERY_MS) return;
  await db.update(sandboxDpas).set({ updatedAt: now }).where(eq(sandboxDpas.srcDpaId, dpa.srcDpaId));
}

/**
 * Removes the onboarded clients `which` picks, and with them everything their DPAs were given: the
 * DPAs (key, owner), their page origins and merchant cards, and the clients' cards on file. A
 * newcomer who later onboards under the same client id, or registers the same DPA id, finds nothing.
 * Answers how many clients went.
 */
export async function removeClients(db: SandboxDatabase, which: SQL | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const clients = (await tx.delete(sandboxClients).where(which).returning({ clientId: sandboxClients.clientId })).map(
      (row) => row.clientId,
    );
    if (clients.length === 0) return 0;
    const dpas = (
      await tx
        .delete(sandboxDpas)
        .where(inArray(sandboxDpas.clientId, clients))
        .returning({ srcDpaId: sandboxDpas.srcDpaId })
    ).map((row) => row.srcDpaId);
    if (dpas.length > 0) {
      await tx.delete(sandboxDpaOrigins).where(inArray(sandboxDpaOrigins.srcDpaId, dpas));
      await tx.delete(sandboxMerchantCards).where(inArray(sandboxMerchantCards.srcDpaId, dpas));
    }
    await tx.delete(sandboxScofCredentials).where(inArray(sandboxScofCredentials.clientId, clients));
    await tx.delete(sandboxScofCards).where(inArray(sandboxScofCards.clientId, clients));
    return clients.length;
  });
}

/**
 * Removes the clients nobody uses: onboarded a day ago and owning no DPA, or owning DPAs none of
 * which its client has named in a signed call for 30 days (and none with a checkout still open, whose
 * payload a newcomer to the DPA id could otherwise fetch).
 */
export function removeUnusedClients(db: SandboxDatabase, now = new Date()): Promise<number> {
  const unusedSince = new Date(now.getTime() - UNUSED_CLIENT_TTL_MS);
  const idleSince = new Date(now.getTime() - IDLE_CLIENT_TTL_MS);
  const ownsNoDpa = sql`not exists (select 1 from sandbox_dpas d where d.client_id = ${sandboxClients.clientId})`;
  const idle = sql`${sandboxClients.createdAt} < ${idleSince.toISOString()}::timestamptz
    and not exists (select 1 from sandbox_dpas d where d.client_id = ${sandboxClients.clientId} and d.updated_at >= ${idleSince.toISOString()}::timestamptz)
    and not exists (select 1 from sandbox_dpas d join sandbox_checkouts c on c.src_dpa_id = d.src_dpa_id where d.client_id = ${sandboxClients.clientId})`;
  return removeClients(db, and(lt(sandboxClients.createdAt, unusedSince), sql`((${ownsNoDpa}) or (${idle}))`));
}

/** Every onboarded client goes (the admin's reset, when strangers filled onboarding up); the host's own stay. */
export const removeOnboardedClients = (db: SandboxDatabase): Promise<number> => removeClients(db, undefined);
