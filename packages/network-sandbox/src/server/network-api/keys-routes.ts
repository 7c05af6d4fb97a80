// The network's public keys (section 8.3) and the merchant's payload encryption key, per DPA (our
// own onboarding shortcut).
import { importJWK, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalidArgument } from '../errors.ts';
import { asObject, type Json } from '../util.ts';
import { notYourDpa, type NetworkContext } from './context.ts';
import { findDpa, storeDpaKey } from './repository.ts';

/** The body's RSA public key as a JWK (kty, n, e, kid), when it is one the sandbox can encrypt to. */
async function publicRsaJwk(body: unknown): Promise<Json> {
  const jwk = asObject(body);
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
    throw invalidArgument('body', 'The body must be an RSA public key as a JWK ({ kty: "RSA", n, e, kid? })');
  }
  if ('d' in jwk || 'p' in jwk) {
    throw invalidArgument('body', 'That is a private key: register the public half only (drop d, p, q, dp, dq, qi)');
  }
  if (Buffer.from(jwk.n, 'base64url').length < 256) {
    throw invalidArgument('body', 'The RSA key must be at least 2048 bits');
  }
  const publicJwk: Json = {
    kty: 'RSA',
    n: jwk.n,
    e: jwk.e,
    ...(typeof jwk.kid === 'string' ? { kid: jwk.kid } : {}),
  };
  try {
    await importJWK(publicJwk as JWK, 'RSA-OAEP-256');
  } catch {
    throw invalidArgument('body', 'The JWK is not a usable RSA key');
  }
  return publicJwk;
}

export function keysRoutes(app: FastifyInstance, { db, keys, dpaOwners, authenticate }: NetworkContext): void {
  app.get('/keys', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });
  app.get('/keys/mcs/fpanEncryption', async () => ({ keys: [keys.publicJwk('fpan-encryption')] }));
  app.get('/keys/mcs/payloadVerification', async () => ({ keys: [keys.publicJwk('payload-verification')] }));

  app.put<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/key', async (request, reply) => {
    const clientId = await authenticate(request);
    const publicJwk = await publicRsaJwk(request.body);
    const srcDpaId = request.params.srcDpaId;
    const reservedFor = Object.hasOwn(dpaOwners, srcDpaId) ? dpaOwners[srcDpaId] : undefined;
    if (reservedFor !== undefined && reservedFor !== clientId) throw notYourDpa(srcDpaId);
    if (!(await storeDpaKey(db, srcDpaId, publicJwk, clientId))) throw notYourDpa(srcDpaId, 'PATH');
    return reply.status(204).send();
  });
  app.get<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/key', async (request) => {
    const dpa = await findDpa(db, request.params.srcDpaId);
    if (!dpa)
      throw new ApiError(404, 'NOT_FOUND', 'No key is registered for this DPA', [
        { reason: 'NOT_FOUND', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    return dpa.publicJwk;
  });
}
