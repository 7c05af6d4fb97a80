// Whom a DCF page answers and who may frame it: the origin bound server-side to its checkout or to
// its one-time code (the page that initialised the SDK), never one named in the DCF's URL.
import { eq } from 'drizzle-orm';
import { sandboxCheckouts, sandboxOtpChallenges, sandboxSdkSessions } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';
import { hostedSessionOrigin } from './installments-hosted-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The merchant origin of a code sent for the code-entry DCF (authenticate), if the code exists. */
export async function challengeOrigin(db: SandboxDatabase, challengeId: string): Promise<string | undefined> {
  if (!UUID.test(challengeId)) return undefined;
  const [row] = await db
    .select({ origin: sandboxSdkSessions.origin })
    .from(sandboxOtpChallenges)
    .innerJoin(sandboxSdkSessions, eq(sandboxSdkSessions.tokenHash, sandboxOtpChallenges.sessionTokenHash))
    .where(eq(sandboxOtpChallenges.id, challengeId));
  return row?.origin ?? undefined;
}

/** The merchant origin of a checkout, if it exists. */
export async function checkoutOrigin(db: SandboxDatabase, checkoutId: string): Promise<string | undefined> {
  if (!CHECKOUT_ID.test(checkoutId)) return undefined;
  const [row] = await db
    .select({ origin: sandboxCheckouts.merchantOrigin })
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.id, checkoutId));
  return row?.origin;
}

/** The DCF page's frame-ancestors: its merchant's origin, or no one when the page has no checkout or code. */
export async function dcfFrameAncestors(
  db: SandboxDatabase,
  query: { checkout?: unknown; challenge?: unknown; mode?: unknown; hosted?: unknown },
): Promise<string> {
  const origin =
    query.mode === 'hosted'
      ? typeof query.hosted === 'string'
        ? await hostedSessionOrigin(db, query.hosted)
        : undefined
      : query.mode === 'otp'
        ? typeof query.challenge === 'string'
          ? await challengeOrigin(db, query.challenge)
          : undefined
        : typeof query.checkout === 'string'
          ? await checkoutOrigin(db, query.checkout)
          : undefined;
  // Only a plain origin goes into the header (rows older than the Origin check were looser).
  return origin && /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin) ? origin : "'none'";
}
