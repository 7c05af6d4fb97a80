import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { findMerchantKey, insertMerchantKeyIfAbsent } from './repository.ts';

export const PAYLOAD_KEY_PURPOSE = 'payload-encryption';
export const PAYLOAD_KEY_ALGORITHM = 'RSA-OAEP-256';

/** The merchant's payload-encryption key pair: the public JWK to register, the private key to decrypt with. */
export interface PayloadKey {
  kid: string;
  /** kty, n, e, kid, use, alg: safe to send anywhere. */
  publicJwk: JWK;
  /** Usable by jose's compactDecrypt; never serialised, logged or sent. */
  privateKey: CryptoKey;
}

async function generate(): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
  const pair = await generateKeyPair(PAYLOAD_KEY_ALGORITHM, { modulusLength: 2048, extractable: true });
  const { kty, n, e } = await exportJWK(pair.publicKey);
  const kid = `merchant-payload-encryption-${await calculateJwkThumbprint({ kty, n, e } as JWK)}`;
  const publicJwk: JWK = { kty, n, e, kid, use: 'enc', alg: PAYLOAD_KEY_ALGORITHM };
  const privateJwk: JWK = { ...(await exportJWK(pair.privateKey)), kid, use: 'enc', alg: PAYLOAD_KEY_ALGORITHM };
  return { kid, publicJwk, privateJwk };
}

/**
 * The payload-encryption key pair, made at the first start and kept in merchant_keys so that every
 * instance of the server decrypts with the same key (the first instance to store one wins).
 */
export async function loadPayloadKey(db: Database): Promise<PayloadKey> {
  let row = await findMerchantKey(db, PAYLOAD_KEY_PURPOSE);
  if (!row) {
    await insertMerchantKeyIfAbsent(db, { purpose: PAYLOAD_KEY_PURPOSE, ...(await generate()) });
    row = await findMerchantKey(db, PAYLOAD_KEY_PURPOSE);
    if (!row) throw new Error('the merchant payload-encryption key could not be stored');
  }
  const privateKey = await importJWK(row.privateJwk, PAYLOAD_KEY_ALGORITHM);
  if (privateKey instanceof Uint8Array) throw new Error('the merchant payload-encryption key is not an RSA key');
  const { kty, n, e } = row.publicJwk;
  return {
    kid: row.kid,
    publicJwk: { kty, n, e, kid: row.kid, use: 'enc', alg: PAYLOAD_KEY_ALGORITHM },
    privateKey,
  };
}
