// Which browser a payment passkey lives in. WebAuthn tells a page nothing of the credentials a
// device holds, so the network's window remembers it itself: an HttpOnly cookie of the network's
// origin names this browser as a passkey device, and each passkey keeps the devices it was made or
// used in. A browser the profile's passkey never saw gets the code at once, as at the network
// ("if a payment passkey exists for the current device"), and once a passkey works in it (a synced
// one), it is that passkey's device too.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sandboxPasskeys } from '../../store/schema.ts';
import type { SandboxDatabase } from '../db.ts';
import { sha256 } from '../keys.ts';
import { browserCookieAttributes, type OwnOrigins } from '../origins.ts';
import { readCookie } from '../util.ts';

const PASSKEY_DEVICE_COOKIE = 'c2p_sandbox_passkey_device';
/** Browsers keep a cookie 400 days at most. */
const PASSKEY_DEVICE_TTL_S = 400 * 24 * 60 * 60;

/** This browser's passkey-device hash, if it has the cookie. */
export function passkeyDeviceOf(request: FastifyRequest): string | undefined {
  const cookie = readCookie(request, PASSKEY_DEVICE_COOKIE);
  return cookie && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? sha256(cookie) : undefined;
}

/**
 * Counts the passkey as this browser's: its device hash joins the passkey's. A browser without the
 * cookie gets one (a cookie it already had is kept: it names nothing but a browser).
 */
export async function rememberPasskeyDevice(
  db: SandboxDatabase,
  origins: OwnOrigins,
  request: FastifyRequest,
  credentialId: string,
): Promise<string | undefined> {
  const known = passkeyDeviceOf(request);
  const cookie = known ? undefined : randomBytes(32).toString('base64url');
  const device = known ?? sha256(cookie!);
  await db
    .update(sandboxPasskeys)
    .set({
      deviceHashes: sql`case when ${sandboxPasskeys.deviceHashes} ? ${device} then ${sandboxPasskeys.deviceHashes} else ${sandboxPasskeys.deviceHashes} || ${JSON.stringify([device])}::jsonb end`,
    })
    .where(eq(sandboxPasskeys.credentialId, credentialId));
  if (!cookie) return undefined;
  return `${PASSKEY_DEVICE_COOKIE}=${cookie}; Path=/sandbox; Max-Age=${PASSKEY_DEVICE_TTL_S}; ${browserCookieAttributes(origins.of(request))}`;
}
