import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { OwnOrigins } from '@c2p/network-sandbox';
import { HttpError } from '../lib/http-errors.ts';
import { t } from '../lib/i18n.ts';
import { hookRoutes } from './route-hooks.ts';

/** The merchant API's routes authenticated by a cookie (the admin's), which a browser sends by itself. */
const COOKIE_AUTHENTICATED = '/api/admin/';
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser sent this request for a page of another origin. The browser's own
 * Sec-Fetch-Site is believed first; then Origin, which must be the one this request was addressed
 * to (one of our configured names, never the Host header alone); a request with neither is a
 * client that is not a browser (curl, a test, the server itself), which no other site can drive.
 */
export function isCrossSite(request: FastifyRequest, origins: OwnOrigins): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin.toLowerCase() !== origins.of(request);
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Another site's page can make the browser post a form to us with the admin cookie attached
 * (SameSite=Strict keeps the cookie out of cross-site requests, but the answer's Set-Cookie still
 * applied: a cross-site logout cleared the cookie). State-changing admin requests from another
 * origin are refused with 403 before the body is read or any route runs, so nothing changes on either side.
 */
export function registerCrossSiteGuard(app: FastifyInstance, origins: OwnOrigins): void {
  // preParsing: after the cookies are read (the refusal speaks the visitor's language), before the body is.
  hookRoutes(
    app,
    'preParsing',
    async (request) => {
      if (STATE_CHANGING.has(request.method) && isCrossSite(request, origins)) {
        throw new HttpError(403, t(request, 'API.ADMIN.CROSS_SITE'));
      }
    },
    (route) => route.url.startsWith(COOKIE_AUTHENTICATED) && methodsOf(route).some((m) => STATE_CHANGING.has(m)),
  );
}

const methodsOf = (route: RouteOptions): string[] => [route.method].flat();
