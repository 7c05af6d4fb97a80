// The network's public keys (section 8.3) and the merchant's payload encryption key, per DPA (our
// own onboarding shortcut).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DPA_KEY_MESSAGE, mounted, networkApi } from '../../api/network-api.ts';
import { MAX_DPAS_PER_CLIENT } from '../client-lifetime.ts';
import { ApiError } from '../errors.ts';
import { rsaPublicJwk } from '../rsa-jwk.ts';
import { notYourDpa, type NetworkContext } from './context.ts';
import { findDpa, storeDpaKey } from './repository.ts';
import { signedClientOf } from '../network-api-setup.ts';

const tooManyDpas = (clientId: string) =>
  new ApiError(
    403,
    'DPA_LIMIT_REACHED',
    `Client ${clientId} already owns ${MAX_DPAS_PER_CLIENT} DPAs, the most an onboarded client may own`,
    [{ reason: 'DPA_LIMIT_REACHED', source: 'srcDpaId', sourceType: 'PATH' }],
  );

export function keysRoutes(app: FastifyInstance, { db, keys, dpaOwners }: NetworkContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const [all, fpan, verification] = [networkApi.keys, networkApi.fpanEncryptionKey, networkApi.payloadVerificationKey];
  api.get(mounted(all).url, { schema: all.schema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });
  api.get(mounted(fpan).url, { schema: fpan.schema }, async () => ({ keys: [keys.publicJwk('fpan-encryption')] }));
  api.get(mounted(verification).url, { schema: verification.schema }, async () => ({
    keys: [keys.publicJwk('payload-verification')],
  }));

  const put = mounted(networkApi.putDpaKey);
  api.put(put.url, { schema: put.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const publicJwk = rsaPublicJwk(request.body, 'body', DPA_KEY_MESSAGE, 'register');
    const srcDpaId = request.params.srcDpaId;
    const reservedFor = Object.hasOwn(dpaOwners, srcDpaId) ? dpaOwners[srcDpaId] : undefined;
    if (reservedFor !== undefined && reservedFor !== clientId) throw notYourDpa(srcDpaId);
    const stored = await storeDpaKey(db, srcDpaId, publicJwk, clientId, MAX_DPAS_PER_CLIENT);
    if (stored === 'not-yours') throw notYourDpa(srcDpaId, 'PATH');
    if (stored === 'too-many') throw tooManyDpas(clientId);
    return reply.status(204).send(null);
  });
  const get = mounted(networkApi.getDpaKey);
  api.get(get.url, { schema: get.schema }, async (request) => {
    const dpa = await findDpa(db, request.params.srcDpaId);
    if (!dpa)
      throw new ApiError(404, 'NOT_FOUND', 'No key is registered for this DPA', [
        { reason: 'NOT_FOUND', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    return dpa.publicJwk;
  });
}
