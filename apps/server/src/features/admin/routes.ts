import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_SESSION_COOKIE, DEFAULT_ADMIN_AUTH, type AdminAuth } from '@c2p/domain';
import { adminApi } from '@c2p/domain/api';
import { removeOnboardedClients } from '@c2p/network-sandbox';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { signInBackoff, type Clock } from '../../lib/sign-in-backoff.ts';
import {
  createSession,
  findSessionUser,
  revokeAllSessions,
  revokeSession,
  type SessionUser,
} from '../sessions/repository.ts';
import { SESSION_TTL_MS } from '../sessions/tokens.ts';
import { checkPassword } from './service.ts';

const SIGN_IN_LIMIT = { max: 10, timeWindow: '1 minute' };

function authOf(user: SessionUser): AdminAuth {
  return { user: { email: user.email }, role: 'admin', loggedIn: true };
}

export async function adminRoutes(app: FastifyInstance, { db, clock }: { db: Database; clock?: Clock }): Promise<void> {
  const backoff = signInBackoff(db, 'admin', clock);
  const sessionUser = async (request: FastifyRequest) => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (!token) return null;
    const user = await findSessionUser(db, token);
    return user?.role === 'admin' ? user : null;
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const { login, session, logout, signOutEverywhere, resetSandboxClients } = adminApi;
  api.post(login.url, { schema: login.schema, config: { rateLimit: SIGN_IN_LIMIT } }, async (request, reply) => {
    const { email, password } = request.body;
    await backoff.claim(request, reply, email);
    const user = await checkPassword(db, email, password);
    if (!user || user.role !== 'admin') {
      const message = t(request, 'SIGN_IN.INVALID_CREDENTIALS');
      throw new HttpError(422, message, { login: [message] });
    }
    await backoff.succeeded(email);
    const token = await createSession(db, user.id);
    reply.setCookie(ADMIN_SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: SESSION_TTL_MS / 1000,
    });
    return { data: authOf(user) };
  });

  api.get(session.url, { schema: session.schema }, async (request) => {
    const user = await sessionUser(request);
    return { data: user ? authOf(user) : DEFAULT_ADMIN_AUTH };
  });

  api.post(logout.url, { schema: logout.schema }, async (request, reply) => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (token) await revokeSession(db, token);
    reply.clearCookie(ADMIN_SESSION_COOKIE, { path: '/' });
    return { data: DEFAULT_ADMIN_AUTH };
  });

  /** Onboarding at the sandbox can be filled up by strangers: the admin opens it again. */
  api.delete(resetSandboxClients.url, { schema: resetSandboxClients.schema }, async () => ({
    data: { removed: await removeOnboardedClients(db) },
  }));

  /** Signs the admin out everywhere: every session of the account is revoked. */
  api.delete(signOutEverywhere.url, { schema: signOutEverywhere.schema }, async (request, reply) => {
    const revoked = await revokeAllSessions(db, request.adminUser!.id);
    reply.clearCookie(ADMIN_SESSION_COOKIE, { path: '/' });
    return { data: { revoked } };
  });
}
