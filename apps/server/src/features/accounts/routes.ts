import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsApi as routes } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { signInBackoff, type Clock } from '../../lib/sign-in-backoff.ts';
import { createSession, revokeOtherSessions, revokeSession } from '../sessions/repository.ts';
import { authorizationToken } from '../sessions/shopper-auth.ts';
import {
  deleteAddress,
  findUserByEmail,
  findUserById,
  insertAddress,
  insertShopper,
  listAddresses,
  updatePasswordHash,
  updatePreferences,
  updateProfile,
  type UserRow,
} from './repository.ts';
import { ADDRESS_LIMIT, toPreferences, toSavedAddress, toShopUser } from './service.ts';

/** Per client: 10 sign-ins and 10 registrations a minute; per account: a backoff after failures (decision 011). */
const SIGN_IN_PER_IP = 10;
const REGISTER_PER_IP = 10;

/**
 * Shopper accounts (spec section 7): sign-in and registration answer `{ meta: { token },
 * data: { userData } }`; the token then travels as the whole Authorization header value.
 */
export async function accountRoutes(
  app: FastifyInstance,
  { db, clock }: { db: Database; clock?: Clock },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the input (preValidation): a stranger learns nothing of the rules.
  const backoff = signInBackoff(db, 'shopper', clock);

  /** The signed-in shopper's own row; gone only if the account was removed since the session was read. */
  const currentUser = async (request: FastifyRequest): Promise<UserRow> => {
    const row = await findUserById(db, request.shopper!.id);
    if (!row) throw new HttpError(401, t(request, 'ERROR_MESSAGES.USER_NOT_EXISTS'));
    return row;
  };

  api.post(
    routes.login.url,
    { schema: routes.login.schema, config: { rateLimit: perIpLimit(SIGN_IN_PER_IP, 'SIGN_IN.TOO_MANY_ATTEMPTS') } },
    async (request, reply) => {
      const { email, password } = request.body;
      await backoff.claim(request, reply, email);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash, password);
      // Admin accounts sign in on the admin page only; here they are unknown.
      if (!ok || !user || user.role !== 'user') {
        throw fieldError(422, 'login', t(request, 'SIGN_IN.INVALID_CREDENTIALS'));
      }
      await backoff.succeeded(email);
      const token = await createSession(db, user.id);
      return { meta: { token }, data: { userData: toShopUser(user) } };
    },
  );

  const { register } = routes;
  const registerLimit = { rateLimit: perIpLimit(REGISTER_PER_IP) };
  api.post(register.url, { schema: register.schema, config: registerLimit }, async (request, reply) => {
    const input = request.body;
    const user = await insertShopper(db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      phoneCountryCode: input.phoneCountryCode,
    });
    if (!user) {
      throw fieldError(422, 'email', t(request, 'API.ACCOUNT.EMAIL_TAKEN'));
    }
    const token = await createSession(db, user.id);
    return reply.status(201).send({ meta: { token }, data: { userData: toShopUser(user) } });
  });

  api.get(routes.currentUser.url, { schema: routes.currentUser.schema }, async (request) => {
    return { data: toShopUser(await currentUser(request)) };
  });

  api.patch(routes.updateUser.url, { schema: routes.updateUser.schema }, async (request) => {
    const patch = request.body;
    const row = await updateProfile(db, request.shopper!.id, patch);
    if (!row) throw new HttpError(401, t(request, 'ERROR_MESSAGES.USER_NOT_EXISTS'));
    return { data: toShopUser(row) };
  });

  /** Ends this session. Clients ignore its errors, so it always answers 200. */
  api.post(routes.logout.url, { schema: routes.logout.schema }, async (request) => {
    const token = authorizationToken(request);
    if (token) await revokeSession(db, token);
    return { data: null };
  });

  await accountSettingsRoutes(app, { db, currentUser });
}

/** The signed-in shopper's settings: password, preferences, saved addresses. */
async function accountSettingsRoutes(
  app: FastifyInstance,
  {
    db,
    currentUser,
  }: {
    db: Database;
    currentUser: (request: FastifyRequest) => Promise<UserRow>;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Changes the password; every other session of the account ends, this one stays. */
  api.post(
    routes.password.url,
    { schema: routes.password.schema, config: { rateLimit: perIpLimit(SIGN_IN_PER_IP) } },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const row = await currentUser(request);
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw fieldError(422, 'currentPassword', t(request, 'API.ACCOUNT.CURRENT_PASSWORD_WRONG'));
      }
      await updatePasswordHash(db, row.id, await hashPassword(newPassword));
      const revokedSessions = await revokeOtherSessions(db, row.id, authorizationToken(request)!);
      return { data: { revokedSessions } };
    },
  );

  api.get(routes.preferences.url, { schema: routes.preferences.schema }, async (request) => {
    return { data: toPreferences(await currentUser(request)) };
  });

  const { savePreferences } = routes;
  api.put(savePreferences.url, { schema: savePreferences.schema }, async (request) => {
    const preferences = request.body;
    await updatePreferences(db, request.shopper!.id, preferences);
    return { data: preferences };
  });

  api.get(routes.addresses.url, { schema: routes.addresses.schema }, async (request) => {
    const rows = await listAddresses(db, request.shopper!.id);
    return { data: rows.map(toSavedAddress) };
  });

  const { addAddress, deleteAddress: removal } = routes;
  api.post(addAddress.url, { schema: addAddress.schema }, async (request, reply) => {
    const address = request.body;
    const row = await insertAddress(db, request.shopper!.id, address, ADDRESS_LIMIT);
    if (!row) throw fieldError(422, 'addresses', t(request, 'API.ACCOUNT.ADDRESS_LIMIT', { max: ADDRESS_LIMIT }));
    return reply.status(201).send({ data: toSavedAddress(row) });
  });

  api.delete(removal.url, { schema: removal.schema }, async (request) => {
    const { id } = request.params;
    if (!(await deleteAddress(db, request.shopper!.id, id))) {
      throw fieldError(404, 'id', t(request, 'API.ACCOUNT.ADDRESS_NOT_FOUND'));
    }
    return { data: null };
  });
}
