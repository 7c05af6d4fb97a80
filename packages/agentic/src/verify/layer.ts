import type { JWK } from 'jose';
import type { AgenticErrorCode } from '../errors.ts';
import { verifyJwsSignature } from '../sd-jwt/jws.ts';
import { resolveClaims } from '../sd-jwt/resolve.ts';
import { parseSdJwt, type SdJwt } from '../sd-jwt/sd-jwt.ts';
import { sha256Base64url } from '../sha256.ts';
import { CLOCK_SKEW_SECONDS, SD_ALG } from '../vi/constants.ts';
import type { Checks, Layer } from './report.ts';

export interface ReadLayer {
  readonly sdJwt: SdJwt;
  /** The payload with its disclosures in place. */
  readonly claims: Record<string, unknown>;
  readonly disclosureProblems: readonly string[];
}

/** Parses one layer, records it decoded for the evidence view, and checks its `alg` and `typ`. */
export async function readLayer(
  checks: Checks,
  layer: Layer,
  serialized: string,
  typ: string | readonly string[],
): Promise<ReadLayer> {
  checks.current = layer;
  let sdJwt: SdJwt | undefined;
  let fault = '';
  try {
    sdJwt = await parseSdJwt(serialized);
  } catch (error) {
    fault = String(error);
  }
  checks.require(layer, 'readable', sdJwt !== undefined, 'CREDENTIAL_MALFORMED', fault ? { note: fault } : {});
  const { header, payload, disclosures } = sdJwt;
  const { claims, problems } = resolveClaims(payload, disclosures);
  checks.layers[layer] = {
    layer,
    serialized,
    header,
    payload,
    disclosures: disclosures.map(({ digest, salt, name, value }) => ({
      digest,
      salt,
      value,
      ...(name !== undefined && { name }),
    })),
    claims,
  };
  checks.equal(layer, 'alg', 'ES256', header.alg, 'UNSUPPORTED_ALGORITHM');
  const types = typeof typ === 'string' ? [typ] : typ;
  checks.require(layer, 'typ', types.includes(header.typ as string), 'WRONG_TYPE', {
    compared: { relation: 'one_of', expected: types, actual: header.typ },
  });
  return { sdJwt, claims, disclosureProblems: problems };
}

export async function requireSignature(checks: Checks, layer: Layer, sdJwt: SdJwt, publicJwk: JWK): Promise<void> {
  checks.require(layer, 'signature', await verifyJwsSignature(sdJwt.jws, publicJwk), 'SIGNATURE_INVALID');
}

/** `_sd_alg` and the disclosures: checked after the signature, so a forged credential fails as forged. */
export function requireDisclosures(checks: Checks, layer: Layer, read: ReadLayer): void {
  checks.equal(layer, 'sd_alg', SD_ALG, read.sdJwt.payload._sd_alg, 'CREDENTIAL_MALFORMED');
  const problems = read.disclosureProblems;
  checks.require(layer, 'disclosures', problems.length === 0, 'DISCLOSURE_INVALID', {
    ...(problems.length > 0 && { note: problems.join('; ') }),
  });
}

/**
 * A layer over another: signed with `publicJwk`, bound to the layer before it (`sd_hash` of that
 * layer as presented, `previous`), then its disclosures, in that order.
 */
export async function requireSignedOver(
  checks: Checks,
  layer: Layer,
  read: ReadLayer,
  publicJwk: JWK,
  previous: string,
): Promise<void> {
  await requireSignature(checks, layer, read.sdJwt, publicJwk);
  checks.equal(layer, 'sd_hash', await sha256Base64url(previous), read.sdJwt.payload.sd_hash, 'SD_HASH_MISMATCH');
  requireDisclosures(checks, layer, read);
}

export interface Clock {
  /** Unix seconds. */
  readonly now: number;
}

/** `iat` not in the future, `exp` not past (both with 300 s skew), and exp − iat within the layer's maximum. */
export function requireLifetime(
  checks: Checks,
  layer: Layer,
  payload: Record<string, unknown>,
  clock: Clock,
  maxLifetime: number,
  expiredCode: AgenticErrorCode,
): { iat: number; exp: number } {
  const { iat, exp } = payload;
  checks.require(layer, 'times_present', Number.isInteger(iat) && Number.isInteger(exp), 'CREDENTIAL_MALFORMED');
  const [issued, expires] = [iat as number, exp as number];
  checks.require(layer, 'iat', issued <= clock.now + CLOCK_SKEW_SECONDS, 'NOT_YET_VALID', {
    compared: { relation: 'at_most', expected: clock.now + CLOCK_SKEW_SECONDS, actual: issued },
  });
  checks.require(layer, 'exp', expires >= clock.now - CLOCK_SKEW_SECONDS, expiredCode, {
    compared: { relation: 'at_least', expected: clock.now - CLOCK_SKEW_SECONDS, actual: expires },
  });
  checks.require(layer, 'lifetime', expires > issued && expires - issued <= maxLifetime, 'LIFETIME_TOO_LONG', {
    compared: { relation: 'at_most', expected: maxLifetime, actual: expires - issued },
  });
  return { iat: issued, exp: expires };
}

/** Checks `aud` and `nonce` against what the verifier expects; skipped (and said so) when it expects nothing. */
export function requireRecipient(
  checks: Checks,
  layer: Layer,
  payload: Record<string, unknown>,
  expected: { audience?: string; nonce?: string },
): void {
  if (expected.audience === undefined) checks.skip(layer, 'aud', 'no_expected_value');
  else checks.equal(layer, 'aud', expected.audience, payload.aud, 'AUDIENCE_MISMATCH');
  if (expected.nonce === undefined) checks.skip(layer, 'nonce', 'no_expected_value');
  else checks.equal(layer, 'nonce', expected.nonce, payload.nonce, 'NONCE_MISMATCH');
}
