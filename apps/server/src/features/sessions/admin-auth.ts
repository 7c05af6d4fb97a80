import type { FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { findSessionUser, type SessionUser } from './repository.ts';
import { shopperOf } from './shopper-auth.ts';

/** A preValidation hook for admin-only routes: 401 without a session, 403 for a session that is not an admin's. */
export function requireAdmin(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (!token) {
      // A signed-in shopper (Authorization token) is known, and not an admin.
      if (await shopperOf(db, request)) throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
      throw new HttpError(401, t(request, 'API.ADMIN.SIGN_IN_REQUIRED'));
    }
    const user = await findSessionUser(db, token);
    if (!user) throw new HttpError(401, t(request, 'API.ACCOUNT.SESSION_ENDED'));
    if (user.role !== 'admin') throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
    request.adminUser = user;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin. */
    adminUser?: SessionUser;
  }
}
