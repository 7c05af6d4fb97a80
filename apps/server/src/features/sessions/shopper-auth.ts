import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { findSessionUser, type SessionUser } from './repository.ts';

/**
 * Shoppers send their session token as the whole `Authorization` header value, with no prefix
 * (spec section 7); a `Bearer ` prefix is tolerated.
 */
export function authorizationToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 512 ? token : undefined;
}

/**
 * The signed-in shopper behind the request's Authorization header: undefined when the request
 * sends none, null when it sends one that is not a live shopper session.
 */
export async function shopperOf(db: Database, request: FastifyRequest): Promise<SessionUser | null | undefined> {
  if (request.headers.authorization === undefined) return undefined;
  const token = authorizationToken(request);
  if (!token) return null;
  const user = await findSessionUser(db, token);
  // Admin accounts sign in only through their HttpOnly cookie, never with a script-visible token.
  return user?.role === 'user' ? user : null;
}

/**
 * The signed-in shopper's id, null for a guest (no Authorization header). A stale or foreign
 * token answers 401: it must not quietly turn a shopper's request into a guest's.
 */
export async function shopperIdOrGuest(db: Database, request: FastifyRequest): Promise<string | null> {
  const shopper = await shopperOf(db, request);
  if (shopper === null) throw new HttpError(401, t(request, 'API.ACCOUNT.SESSION_ENDED'));
  return shopper?.id ?? null;
}

/** A preHandler for shopper-only routes: 401 unless the Authorization header is a live session. */
export function requireShopper(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    const shopper = await shopperOf(db, request);
    if (shopper === undefined) throw new HttpError(401, t(request, 'API.ACCOUNT.SIGN_IN_REQUIRED'));
    if (shopper === null) throw new HttpError(401, t(request, 'API.ACCOUNT.SESSION_ENDED'));
    request.shopper = shopper;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireShopper. */
    shopper?: SessionUser;
  }
}
