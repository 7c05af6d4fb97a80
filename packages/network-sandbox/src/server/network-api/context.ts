// What every route file of the network APIs shares: the settings, the caller's client and its DPAs.
import type { FastifyRequest } from 'fastify';
import { recordDpaUse } from '../client-lifetime.ts';
import type { SandboxDatabase } from '../db.ts';
import { ApiError } from '../errors.ts';
import type { NetworkKeys } from '../keys.ts';
import type { OnboardedClient } from '../oauth.ts';
import type { OwnOrigins } from '../origins.ts';
import { isSoundRsaJwk } from '../rsa-jwk.ts';
import type { ScofContext } from '../scof-api.ts';
import { findDpa, type DpaRow } from './repository.ts';

export interface NetworkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
  /** The sandbox's own names: the public base URL for the absolute URLs it answers (never the Host header). */
  origins: OwnOrigins;
  /** The merchant clients allowed to call the network APIs. */
  clients: OnboardedClient[];
  /** DPAs kept for one client whoever registers a key first (the host's own default DPA). */
  dpaOwners?: Record<string, string>;
}

export interface NetworkContext {
  db: SandboxDatabase;
  keys: NetworkKeys;
  origins: OwnOrigins;
  dpaOwners: Record<string, string>;
}

export const notYourDpa = (srcDpaId: string, sourceType: 'BODY' | 'PATH' = 'BODY') =>
  new ApiError(403, 'PERMISSION_DENIED', `DPA ${srcDpaId} belongs to another client`, [
    { reason: 'PERMISSION_DENIED', source: 'srcDpaId', sourceType },
  ]);

/** The DPA with the key payloads are encrypted to, when it is the caller's; else 403 PERMISSION_DENIED. */
export async function callersDpa(db: SandboxDatabase, srcDpaId: string, clientId: string): Promise<DpaRow> {
  const dpa = await findDpa(db, srcDpaId);
  if (!dpa || dpa.clientId === null) {
    throw new ApiError(
      403,
      'PERMISSION_DENIED',
      `No payload encryption key is registered for DPA ${srcDpaId}: PUT /sandbox/dpas/${srcDpaId}/key first`,
    );
  }
  if (dpa.clientId !== clientId) throw notYourDpa(srcDpaId);
  // A key stored before keys were checked is never encrypted to: its owner registers a sound one.
  if (!isSoundRsaJwk(dpa.publicJwk)) {
    throw new ApiError(
      403,
      'PERMISSION_DENIED',
      `The key registered for DPA ${srcDpaId} is too weak to encrypt to: PUT /sandbox/dpas/${srcDpaId}/key a sound one`,
    );
  }
  await recordDpaUse(db, dpa);
  return dpa;
}

/** 403 unless the DPA (of a checkout or a merchant card) was registered by the caller. */
export async function assertOwnDpa(db: SandboxDatabase, srcDpaId: string, clientId: string): Promise<void> {
  const dpa = await findDpa(db, srcDpaId);
  if (dpa?.clientId !== clientId) throw notYourDpa(srcDpaId);
  await recordDpaUse(db, dpa);
}

/** The encryption the merchant asked for (the real sandbox's A128CBC-HS256 by default). */
export const payloadEncryption = (request: FastifyRequest) =>
  request.headers['x-sandbox-payload-enc'] === 'A128GCM' ? 'A128GCM' : 'A128CBC-HS256';

/** What the Secure Card on File routes need: the same, with the caller's DPA lookup bound. */
export const scofContextOf = (ctx: NetworkContext): ScofContext => ({
  ...ctx,
  callersDpa: (srcDpaId, clientId) => callersDpa(ctx.db, srcDpaId, clientId),
});
