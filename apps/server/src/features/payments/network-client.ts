import type { FastifyInstance } from 'fastify';
import type { NetworkCallRecord } from '@c2p/domain';

/** How long the server waits for the card network before giving up on a call. */
export const NETWORK_TIMEOUT_MS = 10_000;

/** Where and as whom the merchant server calls the card network. */
export interface NetworkSettings {
  /** The API base without a trailing slash; resolved at each call (our sandbox's port is known once listening). */
  baseUrl(): string;
  /** The SRC client id, sent as x-openapi-clientid. */
  clientId: string;
  /** Our own network sandbox, where the payload key is registered with PUT /dpas/{srcDpaId}/key. */
  isSandbox: boolean;
}

/**
 * The settings for a configured base URL, or, without one, for our own sandbox over HTTP on the
 * port this server listens on (so that PORT=0 works), exactly as the real network would be called.
 */
export function networkSettings(app: FastifyInstance, baseUrl: string | undefined, clientId: string): NetworkSettings {
  if (baseUrl) {
    const trimmed = baseUrl.replace(/\/+$/, '');
    return { baseUrl: () => trimmed, clientId, isSandbox: new URL(trimmed).pathname.endsWith('/sandbox') };
  }
  return { baseUrl: () => `${ownOrigin(app)}/sandbox`, clientId, isSandbox: true };
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1']);

/** http://127.0.0.1:<port> of this server, or its own address when it listens on one other than a wildcard. */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('the server is not listening on a TCP port, so it cannot call its own network sandbox');
  }
  const host = WILDCARD_HOSTS.has(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** A failed call to the network: unreachable, a non-2xx answer, or an answer we cannot use. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly record: NetworkCallRecord,
  ) {
    super(message);
  }
}

export interface NetworkAnswer {
  /** 2xx. */
  ok: boolean;
  status: number | null;
  /** The parsed JSON answer (or its text, or null when empty). */
  body: unknown;
  /** What the API log shows: the call and its answer (shortened by `redact`). */
  record: NetworkCallRecord;
}

export interface NetworkRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The headers sent; all of them appear in the record, so none may be a secret. */
  headers: Record<string, string>;
  body: unknown;
  /** How the answer appears in the record (e.g. with the encrypted payload shortened). */
  redact?: (body: unknown) => unknown;
  /** The Authorization header for the request as sent (the body as serialised): the OAuth signature. */
  authorize?: (method: string, url: string, body: string) => string;
}

/** The Authorization header as the record shows it: the signature cut short (it is only good for this one request). */
export function shortenSignature(authorization: string): string {
  return authorization.replace(/oauth_signature="([^"]{0,12})[^"]*"/, 'oauth_signature="$1…"');
}

const MAX_TEXT_IN_RECORD = 2_000;

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.length > MAX_TEXT_IN_RECORD ? `${text.slice(0, MAX_TEXT_IN_RECORD)}…` : text;
  }
}

/** Why fetch failed, in a line: the socket error's code when there is one (ECONNREFUSED…), or the timeout. */
export function describeFetchFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer within ${NETWORK_TIMEOUT_MS / 1000} s`;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return `${error.message}: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

/**
 * One JSON call to the network with global fetch and a timeout. Never throws: an unreachable
 * network answers `{ ok: false, status: null }` with the reason in the record's response.
 */
export async function callNetwork(request: NetworkRequest): Promise<NetworkAnswer> {
  const sent = request.body === undefined ? undefined : JSON.stringify(request.body);
  const authorization = request.authorize?.(request.method, request.url, sent ?? '');
  const headers = {
    accept: 'application/json',
    ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
  };
  const base = {
    method: request.method,
    url: request.url,
    headers: authorization ? { ...headers, authorization: shortenSignature(authorization) } : headers,
    body: request.body,
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: authorization ? { ...headers, authorization } : headers,
      body: sent,
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const reason = describeFetchFailure(error);
    return { ok: false, status: null, body: null, record: { ...base, status: null, response: { error: reason } } };
  }
  const body = parseBody(text);
  return {
    ok: response.ok,
    status: response.status,
    body,
    record: { ...base, status: response.status, response: request.redact ? request.redact(body) : body },
  };
}

/** The network's error `reason` (section 9.2 shapes: `{ reason }`, `{ errors: [{ reasonCode }] }`, …), if any. */
export function networkReason(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = body as { reason?: unknown; errors?: unknown; Errors?: { Error?: unknown } };
  if (typeof value.reason === 'string') return value.reason;
  const list = Array.isArray(value.errors)
    ? value.errors
    : Array.isArray(value.Errors?.Error)
      ? value.Errors.Error
      : [];
  const first = list[0] as { reasonCode?: unknown; ReasonCode?: unknown } | undefined;
  const code = first?.reasonCode ?? first?.ReasonCode;
  return typeof code === 'string' ? code : undefined;
}
