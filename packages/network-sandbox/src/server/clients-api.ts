// `POST /sandbox/clients`: the developer portal's onboarding, where another merchant uploads the
// public half of its OAuth signing key under its own client id. Never replaces a stored key: a
// second upload for a client id would let anyone sign as that client.
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWK } from 'jose';
import { CLIENT_ID_MESSAGE, CLIENT_KEY_MESSAGE, mounted, networkApi } from '../api/network-api.ts';
import { sandboxClients } from '../store/schema.ts';
import { removeUnusedClients } from './client-lifetime.ts';
import type { SandboxDatabase } from './db.ts';
import { ApiError, invalidArgument } from './errors.ts';
import { sha256 } from './keys.ts';
import type { OnboardedClientLookup } from './oauth.ts';
import { isSoundRsaJwk, rsaPublicJwk } from './rsa-jwk.ts';
import { asObject } from './util.ts';

/** Clients one address may onboard per hour, and in all: enough for developers, not for a flood. */
export const CLIENTS_PER_ADDRESS_PER_HOUR = 10;
export const MAX_ONBOARDED_CLIENTS = 1000;
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

/** The stored clients' keys, by consumer key. */
export function storedClients(db: SandboxDatabase): OnboardedClientLookup {
  return async (clientId) => {
    const [row] = await db.select().from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
    // A key stored before keys were checked signs nothing.
    return row && isSoundRsaJwk(row.publicJwk) ? (row.publicJwk as JWK) : undefined;
  };
}

const alreadyOnboarded = (clientId: string) =>
  new ApiError(409, 'ALREADY_EXISTS', `Client ${clientId} is already onboarded; its key is never replaced`, [
    { reason: 'ALREADY_EXISTS', source: 'clientId', sourceType: 'BODY' },
  ]);

export async function clientsRoutes(
  app: FastifyInstance,
  { db, optionClientIds }: { db: SandboxDatabase; optionClientIds: string[] },
): Promise<void> {
  const onboard = mounted(networkApi.onboardClient);
  app.withTypeProvider<ZodTypeProvider>().post(onboard.url, { schema: onboard.schema }, async (request, reply) => {
    const { clientId, publicJwk } = asObject(request.body);
    if (typeof clientId !== 'string' || !CLIENT_ID_PATTERN.test(clientId)) {
      throw invalidArgument('clientId', CLIENT_ID_MESSAGE);
    }
    // The signing key is stored without its kid: the client id names it.
    const { kid: _kid, ...stored } = rsaPublicJwk(publicJwk, 'publicJwk', CLIENT_KEY_MESSAGE, 'send');
    if (optionClientIds.includes(clientId)) throw alreadyOnboarded(clientId);

    const addressHash = sha256(`onboarding:${request.ip}`);
    const [recent] = await db
      .select({ clients: count() })
      .from(sandboxClients)
      .where(
        and(
          eq(sandboxClients.addressHash, addressHash),
          gt(sandboxClients.createdAt, new Date(Date.now() - 3_600_000)),
        ),
      );
    const onboarded = async () => (await db.select({ clients: count() }).from(sandboxClients))[0]?.clients ?? 0;
    let all = await onboarded();
    // Full: the clients nobody uses make room before anyone is turned away.
    if (all >= MAX_ONBOARDED_CLIENTS && (await removeUnusedClients(db)) > 0) all = await onboarded();
    if ((recent?.clients ?? 0) >= CLIENTS_PER_ADDRESS_PER_HOUR || all >= MAX_ONBOARDED_CLIENTS) {
      reply.header('retry-after', '3600');
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many clients onboarded: try again later');
    }
    const inserted = await db
      .insert(sandboxClients)
      .values({ clientId, publicJwk: stored, addressHash })
      .onConflictDoNothing()
      .returning({ clientId: sandboxClients.clientId });
    if (inserted.length === 0) throw alreadyOnboarded(clientId);
    return reply.status(201).send({ clientId });
  });
}
