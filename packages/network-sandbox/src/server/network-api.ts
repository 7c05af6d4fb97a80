// The network's server APIs the merchant's server calls (reference sections 8.3, 9, 10, 12).
// Unlike the YA-MOCK sandbox, every call that changes or reads a merchant's data is authenticated
// (OAuth 1.0a RSA-SHA256, ./oauth.ts) and a DPA belongs to the client that registered its key.
// One route file per area in ./network-api/, every query in ./network-api/repository.ts.
import type { FastifyInstance } from 'fastify';
import { agentPayRoutes } from './agent-pay/routes.ts';
import { clientsRoutes } from './clients-api.ts';
import { confirmationRoutes } from './network-api/confirmation-routes.ts';
import { scofContextOf, type NetworkApiOptions, type NetworkContext } from './network-api/context.ts';
import { keysRoutes } from './network-api/keys-routes.ts';
import { merchantCardRoutes } from './network-api/merchant-card-routes.ts';
import { payloadRoutes } from './network-api/payload-routes.ts';
import { networkApiSetup } from './network-api-setup.ts';
import { scofRoutes } from './scof-api.ts';

export type { NetworkApiOptions } from './network-api/context.ts';
export { buildPayload } from './network-api/payload.ts';

export async function networkApiRoutes(
  app: FastifyInstance,
  { db, keys, origins, clients, dpaOwners = {} }: NetworkApiOptions,
): Promise<void> {
  networkApiSetup(app, 'network API');
  await clientsRoutes(app, { db, optionClientIds: clients.map((client) => client.clientId) });

  const ctx: NetworkContext = { db, keys, origins, dpaOwners };
  keysRoutes(app, ctx); // section 8.3, and the merchant's key per DPA
  payloadRoutes(app, ctx); // section 9.2
  confirmationRoutes(app, ctx); // section 10
  merchantCardRoutes(app, ctx); // section 12
  scofRoutes(app, scofContextOf(ctx)); // Secure Card on File
  agentPayRoutes(app, ctx); // Agent Pay (ours): agents, mandates, credentials, revocation
}
