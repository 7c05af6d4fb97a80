// The network's Agent Pay API (ours; docs/decisions/027), beside its other server APIs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mounted, networkApi } from '../../api/network-api.ts';
import { ApiError } from '../errors.ts';
import type { NetworkContext } from '../network-api/context.ts';
import { sdkContext } from '../sdk-api/context.ts';
import { windowOf } from '../sdk-api/windows.ts';
import { agentRoutes } from './agents.ts';
import { provedConsumerOf } from './agent-windows.ts';
import { credentialRoutes } from './credentials.ts';
import { mandateRequestRoutes } from './mandate-requests.ts';
import { revokeToken } from './repository.ts';

export function agentPayRoutes(app: FastifyInstance, ctx: NetworkContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  agentRoutes(app, ctx); // the registry and the key directory
  mandateRequestRoutes(app, ctx);
  credentialRoutes(app, ctx);

  const issuerKeys = mounted(networkApi.issuerKeys);
  api.get(issuerKeys.url, { schema: issuerKeys.schema }, async (_request, reply) => {
    const { kid, publicJwk } = ctx.keys.agenticIssuer;
    reply.header('cache-control', 'public, max-age=3600');
    return { keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig' }] };
  });

  // The shopper revokes one of their tokens in the manage window (which proved them).
  const windows = sdkContext(ctx);
  const revoke = mounted(networkApi.revokeToken);
  api.post(revoke.url, { schema: revoke.schema }, async (request) => {
    const { window, session } = windowOf(request, ['AGENT_MANAGE']);
    const consumer = await provedConsumerOf(windows, request, window, session);
    if (!consumer) throw new ApiError(403, 'AUTH_ERROR', 'Prove it is you first: your passkey, or the code');
    const token = await revokeToken(ctx.db, request.params.id, consumer.id);
    if (!token) throw new ApiError(404, 'NOT_FOUND', 'No agentic token of yours has this id');
    return { agenticTokenId: token.id, status: 'REVOKED' as const };
  });
}
