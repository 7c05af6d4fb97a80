import type { JWK } from 'jose';
import { isPlainObject } from '../encoding.ts';
import { MAX_LIFETIME_SECONDS, TYP, VCT } from '../vi/constants.ts';
import { readLayer, requireDisclosures, requireLifetime, requireSignature, type Clock } from './layer.ts';
import type { Checks } from './report.ts';

/** Finds the issuer's public key for an L1 header `kid` (and its `iss`); undefined when unknown. */
export type IssuerKeyLookup = (kid: string, iss: unknown) => JWK | undefined | Promise<JWK | undefined>;

export interface ChainOptions {
  readonly issuerKey: IssuerKeyLookup;
  /** Unix seconds; the wall clock by default. */
  readonly now?: number;
  /** The L1 credential type the verifier accepts; the Mastercard reference profile by default. */
  readonly cardVct?: string;
}

export interface VerifiedCard {
  readonly serialized: string;
  readonly userJwk: JWK;
  readonly cardId?: string;
  readonly exp: number;
}

/** L1 (credential-format §3.5): the issuer's signature, type, disclosures, lifetime and the shopper's key. */
export async function verifyCardLayer(
  checks: Checks,
  serialized: string,
  options: ChainOptions & Clock,
): Promise<VerifiedCard> {
  const read = await readLayer(checks, 'L1', serialized, TYP.l1);
  const { header, payload } = read.sdJwt;
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const issuerJwk = kid === undefined ? undefined : await options.issuerKey(kid, payload.iss);
  checks.require('L1', 'issuer_key', issuerJwk !== undefined, 'ISSUER_UNKNOWN', {
    compared: { relation: 'present', expected: 'issuer key', actual: header.kid },
  });
  await requireSignature(checks, 'L1', read.sdJwt, issuerJwk);
  checks.equal('L1', 'vct', options.cardVct ?? VCT.card, payload.vct, 'WRONG_TYPE');
  requireDisclosures(checks, 'L1', read);
  checks.require('L1', 'no_sd_hash', !('sd_hash' in payload), 'CREDENTIAL_MALFORMED');
  const { exp } = requireLifetime(checks, 'L1', payload, options, MAX_LIFETIME_SECONDS.l1, 'CREDENTIAL_EXPIRED');
  const userJwk = isPlainObject(payload.cnf) ? payload.cnf.jwk : undefined;
  checks.require('L1', 'cnf', isEcPublicJwk(userJwk), 'CREDENTIAL_MALFORMED', { note: 'cnf.jwk: P-256 public key' });
  checks.require(
    'L1',
    'card_claims',
    typeof payload.pan_last_four === 'string' &&
      /^\d{4}$/.test(payload.pan_last_four) &&
      typeof payload.scheme === 'string',
    'CREDENTIAL_MALFORMED',
  );
  const cardId = typeof payload.card_id === 'string' ? payload.card_id : undefined;
  return { serialized, userJwk, exp, ...(cardId !== undefined && { cardId }) };
}

export function isEcPublicJwk(jwk: unknown): jwk is JWK {
  return (
    isPlainObject(jwk) &&
    jwk.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    typeof jwk.x === 'string' &&
    typeof jwk.y === 'string' &&
    !('d' in jwk)
  );
}
