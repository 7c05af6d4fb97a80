// The shop's callers (SECURITY.md, "The trust model"): the signed-in shopper, the admin and AI agents, each
// checked by one guard before any route that serves them; the network sandbox adds its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { guardRoutesByCaller, type CallerGuards, type OwnOrigins } from '@c2p/network-sandbox';
import type { Database } from '../db/client.ts';
import { agentDirectory, agentGuard } from '../features/agent-checkout/agent-guard.ts';
import { requireAdmin } from '../features/sessions/admin-auth.ts';
import { requireShopper } from '../features/sessions/shopper-auth.ts';
import { HttpError } from '../lib/http-errors.ts';
import { t } from '../lib/i18n.ts';
import { isCrossSite, STATE_CHANGING } from './cross-site.ts';

/**
 * Guards every route by the callers it declares (its contract's `security`, or `config.callers`),
 * and answers the table of guards the network sandbox completes with its own.
 */
export function registerCallerGuards(
  app: FastifyInstance,
  db: Database,
  origins: OwnOrigins,
  networkBase: () => string,
): CallerGuards {
  const shopper = requireShopper(db);
  const admin = requireAdmin(db);
  const guards: CallerGuards = {
    shopper: {
      presented: (request) => authorization(request) !== undefined && !/^OAuth\s/i.test(authorization(request)!),
      check: shopper,
    },
    // The admin's cookie is sent by the browser itself: a state-changing call from a page of another
    // site is refused before anything else (CSRF), whatever the cookie.
    admin: {
      presented: (request) => Boolean(request.cookies[ADMIN_SESSION_COOKIE]),
      async check(request) {
        if (STATE_CHANGING.has(request.method) && isCrossSite(request, origins)) {
          throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
        }
        await admin(request);
      },
    },
    // An AI agent at the shop's agent checkout, signing each request (RFC 9421) with a key the
    // network's agent key directory publishes; the sandbox guards its own agent routes itself.
    agent: agentGuard({ db, origins, directory: agentDirectory(networkBase) }),
  };
  guardRoutesByCaller(app, guards);
  return guards;
}

const authorization = (request: FastifyRequest) => {
  const value = request.headers.authorization;
  return typeof value === 'string' && value !== '' ? value : undefined;
};
