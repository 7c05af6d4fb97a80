// What a window is told about payment passkeys: whether it may offer the passkey prompt, and when it
// may not, why (the window says it; the SDK's answer carries it to the merchant's API log).
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sandboxPasskeys } from '../../store/schema.ts';
import type { ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { asObject, originHeader } from '../util.ts';
import { passkeyDeviceOf } from './passkey-device.ts';
import type { CheckoutRow, SessionRow } from './repository.ts';

/** Why no passkey is used (ours: the network documents only that none is). */
export type NoPasskeyReason =
  'DPA_NAME_MISSING' | 'NO_PASSKEY' | 'NOT_ON_THIS_DEVICE' | 'NO_PROFILE' | 'NEW_CARD' | 'ADDRESS_HOST';

/** A relying party id that is an IP address, which WebAuthn refuses: no passkey can be made or used there. */
export const isAddress = (rpId: string) => /^[0-9.]+$/.test(rpId) || rpId.startsWith('[') || rpId.includes(':');

/**
 * The origin a window's passkey answers must name, and its host, the relying party id: the window's
 * own page, which its caller guard found to be one of the sandbox's configured names.
 */
export function relyingPartyOf(request: FastifyRequest): { origin: string; rpId: string } {
  const origin = originHeader(request);
  if (!origin) throw new Error('A passkey is asked for by the network window only, which sends its Origin');
  return { origin, rpId: new URL(origin).hostname };
}

export async function passkeysOf(db: SandboxDatabase, consumerId: string, rpId: string) {
  return db
    .select()
    .from(sandboxPasskeys)
    .where(and(eq(sandboxPasskeys.consumerId, consumerId), eq(sandboxPasskeys.rpId, rpId)));
}

/** The network documents that passkeys need the page's dpaName at init, and fail silently without it. */
export const passkeysAllowed = (session: SessionRow): boolean => asObject(session.init).dpaNameGiven !== false;

export type PasskeyRow = typeof sandboxPasskeys.$inferSelect;

/**
 * Whether the consumer can sign in with a passkey here (this host, this browser), or why not; when
 * they can, their passkeys here (the prompt's options name them, with no second read). A window is
 * told only the first part. The relying party is the window's page; a page's own call (identityLookup)
 * names the sandbox's host it reached.
 */
export async function passkeyAvailability(
  db: SandboxDatabase,
  request: FastifyRequest,
  session: SessionRow,
  consumer: ConsumerRow | undefined,
  rpId = relyingPartyOf(request).rpId,
): Promise<{ available: true; passkeys: PasskeyRow[] } | { available: false; reason: NoPasskeyReason }> {
  if (!passkeysAllowed(session)) return { available: false, reason: 'DPA_NAME_MISSING' };
  if (isAddress(rpId)) return { available: false, reason: 'ADDRESS_HOST' };
  if (!consumer) return { available: false, reason: 'NO_PROFILE' };
  const passkeys = await passkeysOf(db, consumer.id, rpId);
  if (passkeys.length === 0) return { available: false, reason: 'NO_PASSKEY' };
  const device = passkeyDeviceOf(request);
  const here = passkeys.filter((passkey) => device !== undefined && passkey.deviceHashes.includes(device));
  return here.length > 0 ? { available: true, passkeys: here } : { available: false, reason: 'NOT_ON_THIS_DEVICE' };
}

/** The merchant asked for an authenticated payload (transaction authentication, checkout). */
export const authenticationRequested = (checkout: CheckoutRow): boolean =>
  asObject(asObject(checkout.request.dpaTransactionOptions).authenticationPreferences).payloadRequested ===
  'AUTHENTICATED';

/**
 * Why the network authenticates nothing for this checkout, when it does not: no dpaName at init, no
 * profile paying, or a card that is not one of the profile's cards yet (a new card: what was never
 * the profile's cannot be confirmed by its owner).
 */
function noConfirmationReason(session: SessionRow, checkout: CheckoutRow): NoPasskeyReason | undefined {
  if (!passkeysAllowed(session)) return 'DPA_NAME_MISSING';
  if (checkout.kind === 'NEW_CARD') return 'NEW_CARD';
  if (!checkout.consumerId) return 'NO_PROFILE';
  return undefined;
}

/**
 * The shopper must confirm the payment (passkey or code) before COMPLETE: exactly when
 * transactionAuthenticationView offers the passkey or the code, without reading the passkeys
 * (a profile without one here confirms by code).
 */
export const confirmationRequired = (session: SessionRow, checkout: CheckoutRow): boolean =>
  authenticationRequested(checkout) && noConfirmationReason(session, checkout) === undefined;

/** Why an authenticated payment was asked for and none was made (authenticationOutcome's reason). */
export const unauthenticatedReason = (session: SessionRow, checkout: CheckoutRow): NoPasskeyReason =>
  noConfirmationReason(session, checkout) ?? 'NO_PASSKEY';

/**
 * The checkout window: whether the shopper confirms the payment (transaction authentication), and
 * how: the passkey, else the code. Without the page's dpaName the network authenticates nothing.
 */
export async function transactionAuthenticationView(
  db: SandboxDatabase,
  request: FastifyRequest,
  session: SessionRow,
  checkout: CheckoutRow,
): Promise<{ requested: boolean; passkey?: boolean; code?: boolean; reason?: NoPasskeyReason }> {
  if (!authenticationRequested(checkout)) return { requested: false };
  const reason = noConfirmationReason(session, checkout);
  if (reason) return { requested: true, passkey: false, code: false, reason };
  const consumer = { id: checkout.consumerId } as ConsumerRow;
  const passkey = await passkeyAvailability(db, request, session, consumer);
  if (passkey.available) return { requested: true, passkey: true, code: true };
  // Where no passkey can serve, the code stands in for the network's other methods (README).
  return { requested: true, passkey: false, code: true, reason: passkey.reason };
}
