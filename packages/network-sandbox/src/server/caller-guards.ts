// The guards of the sandbox's callers (SECURITY.md, "The trust model"): what each caller holds,
// checked once, before any route that serves it runs; the route reads what the guard found.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sandboxWindows } from '../store/schema.ts';
import { agentGuard } from './agent-pay/agent-requests.ts';
import type { CallerGuards } from './callers.ts';
import type { SandboxDatabase } from './db.ts';
import { SdkError } from './errors.ts';
import { sha256 } from './keys.ts';
import { assertOriginAllowed, exactOrigin, type OwnOrigins } from './origins.ts';
import type { Authenticate } from './network-api-setup.ts';
import { SESSION_HEADER } from './sdk-api/context.ts';
import { findSession, type SessionRow } from './sdk-api/repository.ts';

export const WINDOW_HEADER = 'x-sandbox-window';

export type WindowRow = typeof sandboxWindows.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant page's SDK session (the merchant-page guard). */
    sdkSession?: SessionRow;
    /** The network window the request comes from, and its session (the network-window guard). */
    networkWindow?: { window: WindowRow; session: SessionRow };
    /** The onboarded client that signed the request (the merchant-server guard). */
    networkClientId?: string;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const live = (row: { expiresAt: Date } | undefined) => row !== undefined && row.expiresAt.getTime() >= Date.now();

export function sandboxCallerGuards({
  db,
  origins,
  authenticate,
}: {
  db: SandboxDatabase;
  origins: OwnOrigins;
  authenticate: Authenticate;
}): CallerGuards {
  /** The Origin a browser sent, when it is one of the sandbox's own names. */
  const fromOwnOrigin = (request: FastifyRequest) => origins.isOwn(header(request, 'origin'));
  /**
   * The browser says a page of the sandbox's own sent it: its Origin, or for a GET (which a browser
   * sends without one to its own origin) Sec-Fetch-Site, on a request addressed to one of our names.
   */
  const fromOwnPage = (request: FastifyRequest) =>
    fromOwnOrigin(request) ||
    (request.method === 'GET' &&
      header(request, 'origin') === undefined &&
      header(request, 'sec-fetch-site') === 'same-origin' &&
      origins.of(request) !== undefined);

  return {
    // A merchant page (or its server) holding the session init answered it. A browser page must be
    // the one that made the session, on an origin the DPA (still) allows.
    'merchant-page': {
      presented: (request) => header(request, SESSION_HEADER) !== undefined,
      async check(request) {
        const token = header(request, SESSION_HEADER);
        if (!token) {
          throw new SdkError(400, 'INVALID_REQUEST', 'Call init and wait for it to resolve before calling this method');
        }
        const session = await findSession(db, sha256(token));
        if (!live(session)) {
          throw new SdkError(400, 'INVALID_REQUEST', 'The SDK session is unknown or expired: call init again');
        }
        const origin = header(request, 'origin');
        if (origin !== undefined) {
          if (exactOrigin(origin) !== origin.toLowerCase() || origin.toLowerCase() !== session!.origin) {
            throw new SdkError(
              403,
              'AUTH_ERROR',
              `This SDK session was started by another page than ${origin}: call init`,
            );
          }
          if (!origins.isOwn(origin)) await assertOriginAllowed(db, session!.srcDpaId, session!.origin);
        }
        request.sdkSession = session;
      },
    },
    // The network's window: its own token, which no page holds, from a page of the sandbox's own origin.
    'network-window': {
      presented: (request) => header(request, WINDOW_HEADER) !== undefined,
      async check(request) {
        const token = header(request, WINDOW_HEADER);
        if (!token || !fromOwnPage(request)) {
          throw new SdkError(403, 'AUTH_ERROR', 'Only the network window opened for this checkout may do this');
        }
        const [window] = await db
          .select()
          .from(sandboxWindows)
          .where(eq(sandboxWindows.tokenHash, sha256(token)));
        const session = window ? await findSession(db, window.sessionTokenHash) : undefined;
        if (!window || !live(window) || !live(session)) {
          throw new SdkError(400, 'INVALID_REQUEST', 'This window has closed: start again from the merchant’s page');
        }
        request.networkWindow = { window, session: session! };
      },
    },
    // A merchant's server: an OAuth 1.0a request signed with an onboarded client's key.
    'merchant-server': {
      presented: (request) => /^OAuth\s/i.test(header(request, 'authorization') ?? ''),
      async check(request) {
        request.networkClientId = await authenticate(request);
      },
    },
    // An AI agent registered at the network, signing each request (RFC 9421).
    agent: agentGuard({ db, origins }),
    // A page the sandbox served itself: the browser says so in Origin (never "null", never absent).
    'sandbox-page': {
      presented: fromOwnOrigin,
      async check(request) {
        if (!fromOwnOrigin(request)) {
          throw new SdkError(403, 'AUTH_ERROR', 'Only the network sandbox’s own pages may do this');
        }
      },
    },
  };
}
