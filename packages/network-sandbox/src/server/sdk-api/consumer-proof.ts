// Whom a request acts for, when it acts for a consumer: the rule of the sandbox's trust model is
// that a consumer's consent stays in the consumer's browser. A code, a passkey, a recognition token
// or a completed checkout signs an SDK session in for the browser that proved it (an HttpOnly
// cookie of the network's origin, one per session, set with the proof); the network's remember-me
// cookie recognises its browser. A request without either (a server holding only the session
// token) acts for nobody: no cards, no checkout of theirs, no token, no passkey.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { CHECKOUT_SESSION_TTL_MS } from '../expiry.ts';
import { sha256 } from '../keys.ts';
import { browserCookieAttributes, isOriginAllowed, type OwnOrigins } from '../origins.ts';
import { readCookie } from '../util.ts';
import { findConsumer, findUnrevokedDeviceByCookie, type SessionRow } from './repository.ts';

/** The network's remember-me cookie (on the /sandbox path; the database keeps its hash only). */
export const DEVICE_COOKIE = 'c2p_sandbox_device';
/** The sign-in cookie of one SDK session: its name ends with the start of the session's token hash. */
const SIGN_IN_COOKIE = 'c2p_sandbox_signin_';

const signInCookieName = (session: Pick<SessionRow, 'tokenHash'>) =>
  `${SIGN_IN_COOKIE}${session.tokenHash.slice(0, 16)}`;

/** How the request proved its consumer: the session's sign-in (this browser's cookie), or the remembered device. */
export type ConsumerProof =
  { consumer: ConsumerRow; by: 'SIGN_IN' } | { consumer: ConsumerRow; by: 'DEVICE'; deviceId: string };

export function consumerProofs(db: SandboxDatabase, origins: OwnOrigins) {
  /**
   * Whether the network may show a remembered browser's cards to this session: its page is one
   * the DPA allows, or the sandbox's own. A session made by no page (a server) never sees them.
   */
  async function mayRecogniseBrowser(session: SessionRow): Promise<boolean> {
    if (!session.origin) return false;
    return origins.isOwn(session.origin) || isOriginAllowed(db, session.srcDpaId, session.origin);
  }

  /** The live device this browser's remember-me cookie names, if any. */
  async function cookieDevice(request: FastifyRequest) {
    const cookie = readCookie(request, DEVICE_COOKIE);
    const device = cookie ? await findUnrevokedDeviceByCookie(db, cookie) : undefined;
    return device && device.expiresAt.getTime() > Date.now() ? device : undefined;
  }

  /** The consumer this request acts for in the session, and how the browser proved it; undefined for none. */
  async function consumerOf(request: FastifyRequest, session: SessionRow): Promise<ConsumerProof | undefined> {
    const signedIn = session.consumerId ? readCookie(request, signInCookieName(session)) : undefined;
    if (signedIn && session.consumerBrowserHash === sha256(signedIn)) {
      const consumer = await findConsumer(db, session.consumerId);
      if (consumer) return { consumer, by: 'SIGN_IN' };
    }
    const device = await cookieDevice(request);
    if (!device || !(await mayRecogniseBrowser(session))) return undefined;
    const consumer = await findConsumer(db, device.consumerId);
    return consumer ? { consumer, by: 'DEVICE', deviceId: device.id } : undefined;
  }

  /**
   * A new sign-in cookie for the browser of this request (never one it already holds, which a page
   * of a sibling origin could have planted): its hash goes on the session, the cookie to the browser.
   */
  function newSignIn(
    request: FastifyRequest,
    session: Pick<SessionRow, 'tokenHash'>,
  ): { consumerBrowserHash: string; setCookie: string } {
    const value = randomBytes(32).toString('base64url');
    const maxAge = CHECKOUT_SESSION_TTL_MS / 1000;
    return {
      consumerBrowserHash: sha256(value),
      setCookie: `${signInCookieName(session)}=${value}; Path=/sandbox; Max-Age=${maxAge}; ${browserCookieAttributes(origins.of(request))}`,
    };
  }

  /** The cookie header that ends the session's sign-in in this browser. */
  const forgetSignIn = (request: FastifyRequest, session: Pick<SessionRow, 'tokenHash'>) =>
    `${signInCookieName(session)}=; Path=/sandbox; Max-Age=0; ${browserCookieAttributes(origins.of(request))}`;

  return { consumerOf, cookieDevice, newSignIn, forgetSignIn };
}
