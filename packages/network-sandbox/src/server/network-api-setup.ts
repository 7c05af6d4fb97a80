// What every plugin of the network APIs sets up first: the network's error body, answers no cache
// keeps, and the body hashes the OAuth signatures cover. Who may call each route is its contract's
// `security` (route-callers: a signed route serves merchant servers, whose guard checks the signature).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storedClients } from './clients-api.ts';
import type { SandboxDatabase } from './db.ts';
import { networkErrorHandler } from './errors.ts';
import { clientAuthenticator, hashRequestBodies, type OnboardedClient } from './oauth.ts';

/** The client id of a signed request, else 401 UNAUTHENTICATED; checked once per request. */
export type Authenticate = (request: FastifyRequest) => Promise<string>;

/** The signature check of the network APIs, for the onboarded clients (the option's and the stored). */
export function networkAuthenticator(db: SandboxDatabase, clients: OnboardedClient[]): Authenticate {
  const check = clientAuthenticator(clients, storedClients(db));
  const checked = new WeakMap<FastifyRequest, Promise<string>>();
  return (request) => {
    let clientId = checked.get(request);
    if (!clientId) {
      clientId = check(request);
      checked.set(request, clientId);
    }
    return clientId;
  };
}

/** The client that signed the request, as the merchant-server guard found it. */
export function signedClientOf(request: FastifyRequest): string {
  if (request.networkClientId === undefined) {
    throw new Error(`${request.routeOptions.url ?? ''} does not serve merchant servers`);
  }
  return request.networkClientId;
}

export function networkApiSetup(app: FastifyInstance, label: string): void {
  hashRequestBodies(app);
  app.setErrorHandler(networkErrorHandler(label));
  // Payloads, masked cards and consumers are for the caller alone; a route may allow caching (the keys).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The network publishes no reaction to an empty flow id: the sandbox goes on, and says so (ours).
    if (request.headers[FLOW_ID_HEADER] === '') {
      reply.header(SANDBOX_NOTE_HEADER, EMPTY_FLOW_ID_NOTE);
      request.log.info({ note: EMPTY_FLOW_ID_NOTE }, 'sandbox note');
    }
  });
}

const FLOW_ID_HEADER = 'x-src-cx-flow-id';
/** What the sandbox accepts where the network's reaction is not published (a header of ours). */
export const SANDBOX_NOTE_HEADER = 'x-sandbox-note';
const EMPTY_FLOW_ID_NOTE =
  'X-Src-Cx-Flow-Id is empty: the network does not publish how it answers that; the sandbox accepts it';
