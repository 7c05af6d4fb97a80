// Which consumer a session acts for when the browser, not the session, knows them: the network's
// remember-me cookie counts for the request that carries it, and only for a session whose page the
// DPA allows.
import type { FastifyRequest } from 'fastify';
import type { ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { isOriginAllowed, requestOrigin } from '../origins.ts';
import { readCookie } from '../util.ts';
import { findConsumer, findUnrevokedDeviceByCookie, type SessionRow } from './repository.ts';

/** The network's remember-me cookie (on the /sandbox path; the database keeps its hash only). */
export const DEVICE_COOKIE = 'c2p_sandbox_device';

export function browserRecognition(db: SandboxDatabase, publicBaseUrl: () => string) {
  /**
   * Whether the network may show a remembered browser's cards to this session: its page is one
   * the DPA allows, or the sandbox's own (under its public name or the one this request used). A
   * session made by no page (a server) never sees them.
   */
  async function mayRecogniseBrowser(request: FastifyRequest, session: SessionRow): Promise<boolean> {
    if (!session.origin) return false;
    if (session.origin === new URL(publicBaseUrl()).origin || session.origin === requestOrigin(request)) return true;
    return isOriginAllowed(db, session.srcDpaId, session.origin);
  }

  /**
   * The consumer the session acts for: the one it signed in (a code, a recognition token, a
   * completed checkout), else the one this browser's remember-me cookie names. The cookie counts
   * for the request that carries it only, so the session's token alone, without the browser, never
   * acts for a remembered consumer.
   */
  async function consumerOf(
    request: FastifyRequest,
    session: SessionRow,
  ): Promise<{ consumer: ConsumerRow | undefined; cookieDeviceId?: string }> {
    if (session.consumerId) return { consumer: await findConsumer(db, session.consumerId) };
    const device = await cookieDevice(request);
    if (!device || !(await mayRecogniseBrowser(request, session))) return { consumer: undefined };
    return { consumer: await findConsumer(db, device.consumerId), cookieDeviceId: device.id };
  }

  /** The live device this browser's remember-me cookie names, if any. */
  async function cookieDevice(request: FastifyRequest) {
    const cookie = readCookie(request, DEVICE_COOKIE);
    const device = cookie ? await findUnrevokedDeviceByCookie(db, cookie) : undefined;
    return device && device.expiresAt.getTime() > Date.now() ? device : undefined;
  }

  return { consumerOf, cookieDevice };
}
