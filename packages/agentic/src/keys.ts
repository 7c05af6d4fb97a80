import { exportJWK, generateKeyPair, type GenerateKeyPairResult, type JWK } from 'jose';

/** A private key with the `kid` its signatures name. */
export interface SigningKey {
  readonly kid: string;
  readonly privateJwk: JWK;
}

export interface KeyPair extends SigningKey {
  readonly publicJwk: JWK;
}

/** A P-256 key for the credential layers (ES256). */
export async function generateEs256KeyPair(kid: string): Promise<KeyPair> {
  return exportedPair(kid, await generateKeyPair('ES256', { extractable: true }));
}

/** An Ed25519 key for agent request signatures. */
export async function generateEd25519KeyPair(kid: string): Promise<KeyPair> {
  return exportedPair(kid, await generateKeyPair('Ed25519', { extractable: true }));
}

async function exportedPair(kid: string, pair: GenerateKeyPairResult): Promise<KeyPair> {
  const [publicJwk, privateJwk] = await Promise.all([exportJWK(pair.publicKey), exportJWK(pair.privateKey)]);
  return { kid, publicJwk, privateJwk };
}

/** The public half of a JWK: what goes into `cnf.jwk` or a key directory. */
export function publicJwkOf(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return y === undefined ? { kty, crv, x } : { kty, crv, x, y };
}
