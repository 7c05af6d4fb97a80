// The network's client authentication: Mastercard's OAuth 1.0a flavour (RSA-SHA256 signatures over
// the request, with the body's SHA-256 as oauth_body_hash), checked against the public keys of the
// merchant clients onboarded at the network.
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { ApiError } from './errors.ts';
import { watchRequestBodies } from './request-bodies.ts';

/** A merchant client known to the network: its SRC client id (the OAuth consumer key) and signing key. */
export interface OnboardedClient {
  clientId: string;
  /** The public half of the client's RSA signing key. */
  publicJwk: JWK;
}

/** How far oauth_timestamp may be from the network's clock. */
export const OAUTH_CLOCK_SKEW_S = 5 * 60;

/** RFC 3986 percent-encoding, as OAuth 1.0a wants it (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** scheme://host[:port]/path, lower-cased scheme and host, without the default port, query or fragment. */
function baseUri(url: URL): string {
  const defaultPort =
    (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443');
  const host = defaultPort || url.port === '' ? url.hostname : `${url.hostname}:${url.port}`;
  return `${url.protocol.toLowerCase()}//${host.toLowerCase()}${url.pathname}`;
}

/** RFC 5849 section 3.4.1: METHOD&base-uri&sorted-parameters, each part percent-encoded. */
export function signatureBaseString(method: string, url: string, oauthParams: Record<string, string>): string {
  const parsed = new URL(url);
  const pairs = [...parsed.searchParams.entries(), ...Object.entries(oauthParams)]
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  const parameters = pairs.map(([key, value]) => `${key}=${value}`).join('&');
  return [method.toUpperCase(), percentEncode(baseUri(parsed)), percentEncode(parameters)].join('&');
}

const bodyHashes = new WeakMap<FastifyRequest, ReturnType<typeof createHash>>();

/** Hashes each request's body as it streams to the parser, for oauth_body_hash. */
export function hashRequestBodies(app: FastifyInstance): void {
  watchRequestBodies(app, (request) => {
    const hash = createHash('sha256');
    bodyHashes.set(request, hash);
    return (chunk) => hash.update(chunk);
  });
}

const unauthenticated = (message: string, reason = 'INVALID_SIGNATURE') =>
  new ApiError(401, 'UNAUTHENTICATED', message, [{ reason, source: 'Authorization', sourceType: 'HEADER' }]);

function parseAuthorization(header: string | undefined): Record<string, string> {
  if (!header || !/^OAuth\s/i.test(header)) {
    throw unauthenticated(
      'The network APIs need an OAuth 1.0a Authorization header signed (RSA-SHA256) with your client signing key',
      'MISSING_AUTHORIZATION',
    );
  }
  const params: Record<string, string> = {};
  for (const part of header.replace(/^OAuth\s+/i, '').split(',')) {
    const match = /^\s*([A-Za-z0-9_]+)="([^"]*)"\s*$/.exec(part);
    if (!match) throw unauthenticated('The Authorization header is not a well-formed OAuth header');
    try {
      params[match[1]!] = decodeURIComponent(match[2]!);
    } catch {
      throw unauthenticated(`The Authorization header's ${match[1]} is not percent-encoded correctly`);
    }
  }
  return params;
}

/** Finds a client onboarded after start (POST /sandbox/clients) by its consumer key. */
export type OnboardedClientLookup = (clientId: string) => Promise<JWK | undefined>;

/**
 * The signature check for each onboarded client (the option clients, then those found by `lookup`):
 * `authenticate(request)` answers the caller's client id.
 */
export function clientAuthenticator(
  clients: OnboardedClient[],
  lookup: OnboardedClientLookup = async () => undefined,
): (request: FastifyRequest) => Promise<string> {
  const keys = new Map<string, KeyObject>(
    clients.map((client) => [client.clientId, createPublicKey({ key: client.publicJwk, format: 'jwk' })]),
  );
  const keyOf = async (clientId: string): Promise<KeyObject | undefined> => {
    const known = keys.get(clientId);
    if (known) return known;
    const jwk = await lookup(clientId);
    return jwk ? createPublicKey({ key: jwk, format: 'jwk' }) : undefined;
  };
  return async (request) => {
    const params = parseAuthorization(request.headers.authorization);
    const { oauth_signature: signature, ...signed } = params;
    for (const name of ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_body_hash'] as const) {
      if (!signed[name]) throw unauthenticated(`The Authorization header has no ${name}`);
    }
    if (!signature) throw unauthenticated('The Authorization header has no oauth_signature');
    if (signed.oauth_signature_method !== 'RSA-SHA256') {
      throw unauthenticated('oauth_signature_method must be RSA-SHA256');
    }
    if (signed.oauth_version !== undefined && signed.oauth_version !== '1.0') {
      throw unauthenticated('oauth_version must be 1.0');
    }
    const clientId = signed.oauth_consumer_key!;
    const key = await keyOf(clientId);
    if (!key) throw unauthenticated('No client with this consumer key is onboarded at the network', 'UNKNOWN_CLIENT');
    const clientHeader = request.headers['x-openapi-clientid'];
    if (clientHeader !== undefined && clientHeader !== clientId) {
      throw unauthenticated('x-openapi-clientid is not the client that signed the request', 'CLIENT_MISMATCH');
    }
    const timestamp = Number(signed.oauth_timestamp);
    if (
      !/^[0-9]{1,12}$/.test(signed.oauth_timestamp!) ||
      Math.abs(Date.now() / 1000 - timestamp) > OAUTH_CLOCK_SKEW_S
    ) {
      throw unauthenticated('oauth_timestamp is not within 5 minutes of the network clock', 'EXPIRED_TIMESTAMP');
    }
    const bodyHash = (bodyHashes.get(request) ?? createHash('sha256')).copy().digest('base64');
    if (signed.oauth_body_hash !== bodyHash) {
      throw unauthenticated('oauth_body_hash is not the SHA-256 of the body sent', 'BODY_HASH_MISMATCH');
    }
    const url = `${request.protocol}://${request.host}${request.url}`;
    const base = signatureBaseString(request.method, url, signed);
    if (!verify('sha256', Buffer.from(base), key, Buffer.from(signature, 'base64'))) {
      throw unauthenticated('oauth_signature does not verify with the signing key of this client');
    }
    return clientId;
  };
}
