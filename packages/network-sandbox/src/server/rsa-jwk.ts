// The RSA public keys callers hand the network: a merchant's payload-encryption key per DPA and a
// client's OAuth signing key at onboarding. Both are refused the same ways.
import { createPublicKey } from 'node:crypto';
import { invalidArgument } from './errors.ts';
import { asObject } from './util.ts';

export type RsaPublicJwk = { kty: 'RSA'; n: string; e: string; kid?: string };

/**
 * `value` as an RSA public JWK of at least 2048 bits that node can use, else 400 naming `field`:
 * `shape` when it is no RSA JWK, and a private key is refused with the way to send it (`verb`).
 */
export function rsaPublicJwk(value: unknown, field: string, shape: string, verb: 'register' | 'send'): RsaPublicJwk {
  const jwk = asObject(value);
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
    throw invalidArgument(field, shape);
  }
  if ('d' in jwk || 'p' in jwk) {
    throw invalidArgument(field, `That is a private key: ${verb} the public half only (drop d, p, q, dp, dq, qi)`);
  }
  if (Buffer.from(jwk.n, 'base64url').length < 256) {
    throw invalidArgument(field, 'The RSA key must be at least 2048 bits');
  }
  const key: RsaPublicJwk = {
    kty: 'RSA',
    n: jwk.n,
    e: jwk.e,
    ...(typeof jwk.kid === 'string' ? { kid: jwk.kid } : {}),
  };
  try {
    createPublicKey({ key, format: 'jwk' });
  } catch {
    throw invalidArgument(field, 'The JWK is not a usable RSA key');
  }
  return key;
}
