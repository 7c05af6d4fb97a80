// What every plugin of the network APIs sets up first: the network's error body, answers no cache
// keeps, the body hashes the OAuth signatures cover, and the signature check of signed routes
// before their input is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRoute } from '@c2p/domain/api';
import { storedClients } from './clients-api.ts';
import type { SandboxDatabase } from './db.ts';
import { networkErrorHandler } from './errors.ts';
import { clientAuthenticator, hashRequestBodies, type OnboardedClient } from './oauth.ts';

/** The client id of a signed request, else 401 UNAUTHENTICATED; checked once per request. */
export type Authenticate = (request: FastifyRequest) => Promise<string>;

/**
 * A signed route (its schema names `security`) answers 401 before any 400 about its input, as
 * when each handler checked the signature first: the check runs before validation.
 */
export function networkApiSetup(
  app: FastifyInstance,
  { db, clients, label }: { db: SandboxDatabase; clients: OnboardedClient[]; label: string },
): Authenticate {
  hashRequestBodies(app);
  app.setErrorHandler(networkErrorHandler(label));
  // Payloads, masked cards and consumers are for the caller alone; a route may allow caching (the keys).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const check = clientAuthenticator(clients, storedClients(db));
  const checked = new WeakMap<FastifyRequest, Promise<string>>();
  const authenticate: Authenticate = (request) => {
    let clientId = checked.get(request);
    if (!clientId) {
      clientId = check(request);
      checked.set(request, clientId);
    }
    return clientId;
  };
  app.addHook('preValidation', async (request) => {
    if ((request.routeOptions.schema as ApiRoute['schema'] | undefined)?.security) await authenticate(request);
  });
  return authenticate;
}
