import {
  createHash,
  createPrivateKey,
  generateKeyPair,
  randomBytes,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { findMerchantKey, insertMerchantKeyIfAbsent } from './repository.ts';

export const SIGNING_KEY_PURPOSE = 'network-signing';

/** The merchant's OAuth 1.0a signing key for the network APIs (the consumer key is the SRC client id). */
export interface SigningKey {
  kid: string;
  /** kty, n, e, kid: what the network is given at onboarding. */
  publicJwk: JWK;
  /** Never serialised, logged or sent. */
  privateKey: KeyObject;
}

/**
 * The signing key pair, made at the first start and kept in merchant_keys like the payload key, so
 * that every instance signs with the same key. Its public half is onboarded at our network sandbox.
 */
export async function loadSigningKey(db: Database): Promise<SigningKey> {
  let row = await findMerchantKey(db, SIGNING_KEY_PURPOSE);
  if (!row) {
    const pair = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const { kty, n, e } = pair.publicKey.export({ format: 'jwk' });
    const kid = `merchant-network-signing-${createHash('sha256').update(String(n)).digest('base64url').slice(0, 16)}`;
    await insertMerchantKeyIfAbsent(db, {
      purpose: SIGNING_KEY_PURPOSE,
      kid,
      publicJwk: { kty, n, e, kid },
      privateJwk: { ...(pair.privateKey.export({ format: 'jwk' }) as JWK), kid },
    });
    row = await findMerchantKey(db, SIGNING_KEY_PURPOSE);
    if (!row) throw new Error('the merchant network-signing key could not be stored');
  }
  const { kty, n, e } = row.publicJwk;
  return {
    kid: row.kid,
    publicJwk: { kty, n, e, kid: row.kid },
    privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: 'jwk' }),
  };
}

/** RFC 3986 percent-encoding, as OAuth 1.0a wants it. */
const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function baseUri(url: URL): string {
  const defaultPort =
    (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443');
  const host = defaultPort || url.port === '' ? url.hostname : `${url.hostname}:${url.port}`;
  return `${url.protocol.toLowerCase()}//${host.toLowerCase()}${url.pathname}`;
}

export interface SignedRequest {
  method: string;
  url: string;
  /** The body exactly as sent ('' for none). */
  body: string;
  consumerKey: string;
  privateKey: KeyObject;
  /** For tests: the clock and the nonce. */
  now?: Date;
  nonce?: string;
}

/**
 * The Authorization header of Mastercard's OAuth 1.0a flavour: RSA-SHA256 over the RFC 5849
 * signature base string, with oauth_body_hash (the body's SHA-256) among the signed parameters.
 */
export function oauthAuthorization({ method, url, body, consumerKey, privateKey, now, nonce }: SignedRequest): string {
  const params: Record<string, string> = {
    oauth_body_hash: createHash('sha256').update(body).digest('base64'),
    oauth_consumer_key: consumerKey,
    oauth_nonce: nonce ?? randomBytes(12).toString('hex'),
    oauth_signature_method: 'RSA-SHA256',
    oauth_timestamp: String(Math.floor((now ?? new Date()).getTime() / 1000)),
    oauth_version: '1.0',
  };
  const parsed = new URL(url);
  const pairs = [...parsed.searchParams.entries(), ...Object.entries(params)]
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  const base = [
    method.toUpperCase(),
    percentEncode(baseUri(parsed)),
    percentEncode(pairs.map(([key, value]) => `${key}=${value}`).join('&')),
  ].join('&');
  const signature = sign('sha256', Buffer.from(base), privateKey).toString('base64');
  return `OAuth ${Object.entries({ ...params, oauth_signature: signature })
    .map(([key, value]) => `${key}="${percentEncode(value)}"`)
    .join(',')}`;
}
