// The network's RSA keys: generated at first start, kept in the database, the same for every
// server instance (the first to insert wins; the others read its keys back).
import { createHash } from 'node:crypto';
import {
  CompactEncrypt,
  CompactSign,
  SignJWT,
  compactDecrypt,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import { sandboxKeys } from '../store/schema.ts';
import { loadAgenticIssuer, type AgenticIssuer } from './agent-pay/issuer.ts';
import type { SandboxDatabase } from './db.ts';

export type KeyPurpose = 'fpan-encryption' | 'payload-verification' | 'identity-verification';
const PURPOSES: KeyPurpose[] = ['fpan-encryption', 'payload-verification', 'identity-verification'];
const ALG: Record<KeyPurpose, 'RSA-OAEP-256' | 'RS256'> = {
  'fpan-encryption': 'RSA-OAEP-256',
  'payload-verification': 'RS256',
  'identity-verification': 'RS256',
};

export const ISSUER = 'https://mastercard.com';

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

export interface NetworkKeys {
  /** The public JWKS (reference section 8.3). */
  jwks(): { keys: JWK[] };
  publicJwk(purpose: KeyPurpose): JWK;
  /** Decrypts a card JWE made by encryptCard. */
  decryptCard(jwe: string): Promise<Record<string, unknown>>;
  /** Signs a checkout response: RS256 with iss, iat and jti in the protected header (section 9.1). */
  signCheckoutResponse(payload: Record<string, unknown>): Promise<string>;
  /** Signs an idToken or a recognition token with the identity-verification key. */
  signIdentityToken(claims: JWTPayload, typ: string, expiresInSeconds: number): Promise<string>;
  verifyIdentityToken(token: string): Promise<JWTPayload>;
  /** The ES256 key the network issues card credentials (L1) with, for agents (agent-pay/issuer.ts). */
  agenticIssuer: AgenticIssuer;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The stored key pairs, made (and stored) at first start for the purposes that have none yet. */
async function storedKeyRows(db: SandboxDatabase) {
  const rows = await db.select().from(sandboxKeys);
  const missing = PURPOSES.filter((purpose) => !rows.some((row) => row.purpose === purpose));
  if (missing.length > 0) {
    const stamp = timestamp(new Date());
    for (const purpose of missing) {
      const { publicKey, privateKey } = await generateKeyPair(ALG[purpose], { modulusLength: 2048, extractable: true });
      // Contains both `src-<purpose>` (how REFAPP picks keys) and `<purpose>`, like the network's kids.
      const kid = `${stamp}-sandbox-src-${purpose}-mastercard-int`;
      await db
        .insert(sandboxKeys)
        .values({
          purpose,
          kid,
          privateJwk: { ...(await exportJWK(privateKey)) },
          publicJwk: { ...(await exportJWK(publicKey)) },
        })
        .onConflictDoNothing();
    }
    return db.select().from(sandboxKeys);
  }
  return rows;
}

export async function loadNetworkKeys(db: SandboxDatabase): Promise<NetworkKeys> {
  const rows = await storedKeyRows(db);
  const keys = new Map<KeyPurpose, LoadedKey>();
  for (const row of rows) {
    const purpose = row.purpose as KeyPurpose;
    if (!PURPOSES.includes(purpose)) continue;
    const alg = ALG[purpose];
    const publicJwk: JWK = {
      ...(row.publicJwk as JWK),
      kid: row.kid,
      alg,
      use: alg === 'RS256' ? 'sig' : 'enc',
      key_ops: alg === 'RS256' ? ['verify'] : ['wrapKey', 'encrypt'],
    };
    const privateKey = (await importJWK(row.privateJwk as JWK, alg)) as CryptoKey;
    keys.set(purpose, { kid: row.kid, publicJwk, privateKey });
  }
  const get = (purpose: KeyPurpose): LoadedKey => {
    const key = keys.get(purpose);
    if (!key) throw new Error(`sandbox key ${purpose} missing`);
    return key;
  };
  const identityPublic = await importJWK(get('identity-verification').publicJwk, 'RS256');
  const agenticIssuer = await loadAgenticIssuer(db);

  return {
    agenticIssuer,
    jwks: () => ({ keys: PURPOSES.map((purpose) => get(purpose).publicJwk) }),
    publicJwk: (purpose) => get(purpose).publicJwk,
    async decryptCard(jwe) {
      const { plaintext } = await compactDecrypt(jwe, get('fpan-encryption').privateKey, {
        keyManagementAlgorithms: ['RSA-OAEP-256'],
        contentEncryptionAlgorithms: ['A128GCM', 'A256GCM', 'A128CBC-HS256'],
      });
      const value: unknown = JSON.parse(new TextDecoder().decode(plaintext));
      if (!value || typeof value !== 'object') throw new Error('not a card');
      return value as Record<string, unknown>;
    },
    async signCheckoutResponse(payload) {
      const key = get('payload-verification');
      return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({
          alg: 'RS256',
          kid: key.kid,
          iss: ISSUER,
          iat: String(Math.floor(Date.now() / 1000)),
          jti: crypto.randomUUID(),
        })
        .sign(key.privateKey);
    },
    async signIdentityToken(claims, typ, expiresInSeconds) {
      const key = get('identity-verification');
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ })
        .setIssuer(ISSUER)
        .setAudience(ISSUER)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .sign(key.privateKey);
    },
    async verifyIdentityToken(token) {
      const { payload } = await jwtVerify(token, identityPublic, { issuer: ISSUER, audience: ISSUER });
      return payload;
    },
  };
}

/** The payload JWE to the merchant's registered key (reference section 9.3). */
export async function encryptToMerchant(
  payload: Record<string, unknown>,
  merchantJwk: JWK,
  enc: 'A128CBC-HS256' | 'A128GCM' = 'A128CBC-HS256',
): Promise<string> {
  const key = await importJWK(merchantJwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc, ...(merchantJwk.kid ? { kid: merchantJwk.kid } : {}) })
    .encrypt(key);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
