// The RSA public keys callers hand the network: a merchant's payload-encryption key per DPA and a
// client's OAuth signing key at onboarding. Both are refused the same ways.
import { createPublicKey } from 'node:crypto';
import { rsaPublicJwkProblem } from '@c2p/domain';
import { invalidArgument } from './errors.ts';
import { asObject } from './util.ts';

export type RsaPublicJwk = { kty: 'RSA'; n: string; e: string; kid?: string };

/**
 * `value` as an RSA public JWK that node can use, of 2048 to 8192 bits with an odd exponent of at
 * least 65537, else 400 naming `field` (or its `n` or `e`): `shape` when it is no RSA JWK, and a
 * private key is refused with the way to send it (`verb`).
 */
export function rsaPublicJwk(value: unknown, field: string, shape: string, verb: 'register' | 'send'): RsaPublicJwk {
  const jwk = asObject(value);
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
    throw invalidArgument(field, shape);
  }
  if ('d' in jwk || 'p' in jwk) {
    throw invalidArgument(field, `That is a private key: ${verb} the public half only (drop d, p, q, dp, dq, qi)`);
  }
  const problem = rsaPublicJwkProblem({ n: jwk.n, e: jwk.e });
  if (problem) throw invalidArgument(field === 'body' ? problem.member : `${field}.${problem.member}`, problem.message);
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

/** Whether a key stored before these checks (or by hand) still passes them: a weak one is never used. */
export const isSoundRsaJwk = (jwk: unknown): boolean => {
  const { n, e } = asObject(jwk);
  return typeof n === 'string' && typeof e === 'string' && rsaPublicJwkProblem({ n, e }) === undefined;
};
