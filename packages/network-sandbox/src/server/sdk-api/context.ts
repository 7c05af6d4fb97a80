// What every route file of the SDK API shares: its settings, the caller (its session or window, as
// the caller guards found them), the consumer the browser proves, and the identity tokens.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { maskEmail, maskedCard, type ConsumerRow } from '../cards.ts';
import type { CodeTypist } from '../code-throttle.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { sha256, type NetworkKeys } from '../keys.ts';
import type { InputProblem } from '../input.ts';
import { browserCookieAttributes, type OwnOrigins } from '../origins.ts';
import { readCookie, type Json } from '../util.ts';
import { consumerProofs, DEVICE_COOKIE } from './consumer-proof.ts';
import { insertDevice, listCards, type SessionRow } from './repository.ts';

export const SESSION_HEADER = 'x-sandbox-session';
export const DEVICE_TTL_S = 180 * 24 * 60 * 60;
/** Sessions one caller address may open per minute (init needs no credentials). */
export const DEFAULT_INITS_PER_MINUTE = 120;
export const MAX_OTP_ATTEMPTS = 3;
export const SUPPORTED_BRANDS = ['mastercard', 'maestro', 'visa', 'amex', 'discover'];

export interface SdkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
  /** The sandbox's own names, from its configuration: the public base URL first. */
  origins: OwnOrigins;
  initsPerMinute?: number;
}

export const inaccessible = () => new SdkError(403, 'ACCT_INACCESSIBLE', 'The Click to Pay profile is locked');

/** The consumer found, or the error `missing` makes when there is none; a locked profile is inaccessible. */
export function usableConsumer<Consumer extends { locked: boolean }>(
  consumer: Consumer | undefined | null,
  missing: () => SdkError,
): Consumer {
  if (!consumer) throw missing();
  if (consumer.locked) throw inaccessible();
  return consumer;
}
export const invalidParameter = (problem: InputProblem | undefined) => {
  if (problem) throw new SdkError(400, 'INVALID_PARAMETER', problem.message);
};

export { DEVICE_COOKIE };
export type SdkContext = ReturnType<typeof sdkContext>;

/** Who typed a code: the SDK session, the address and the browser's remembered device (code-throttle.ts). */
export const typistOf = (request: FastifyRequest, session: SessionRow): CodeTypist => ({
  sessionTokenHash: session.tokenHash,
  address: request.ip,
  deviceCookie: readCookie(request, DEVICE_COOKIE),
});

export function sdkContext({ db, keys, origins, initsPerMinute = DEFAULT_INITS_PER_MINUTE }: SdkApiOptions) {
  // The request never names our address (Host is the caller's to choose): the setting does.
  const dcfUri = () => `${origins.publicBaseUrl()}/sandbox/dcf`;

  /** The merchant page's session (its guard found it), or the session of the window a request comes from. */
  function sessionOf(request: FastifyRequest): SessionRow {
    const session = request.sdkSession ?? request.networkWindow?.session;
    if (!session) throw new Error(`${request.routeOptions.url ?? ''} does not serve a caller with an SDK session`);
    return session;
  }

  /** The consumer's cards of the brands the session's init accepts, masked. */
  async function cardsOf(consumerId: string, session: SessionRow): Promise<Json[]> {
    const brands = (session.init.availableCardBrands as string[] | undefined) ?? SUPPORTED_BRANDS;
    const rows = await listCards(db, consumerId);
    return rows.filter((row) => brands.includes(row.brand)).map((row) => maskedCard(row, { uri: dcfUri() }));
  }

  /** The remember-me cookie header (set or forgotten), for the sandbox's origin this request reached. */
  const deviceCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${DEVICE_COOKIE}=${value}; Path=/sandbox; Max-Age=${maxAge}; ${browserCookieAttributes(origins.of(request))}`;

  /**
   * Remembers this browser for the consumer: a device row, and the cookie on the /sandbox path to
   * set once the device row is committed.
   */
  async function rememberDevice(
    tx: SandboxDatabase,
    request: FastifyRequest,
    consumerId: string,
  ): Promise<{ deviceId: string; setCookie: string }> {
    const cookie = randomBytes(32).toString('base64url');
    const deviceId = await insertDevice(tx, {
      consumerId,
      cookieHash: sha256(cookie),
      expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000),
    });
    return { deviceId, setCookie: deviceCookie(request, cookie, DEVICE_TTL_S) };
  }

  /** The cookie header that makes the browser forget its remembered device. */
  const forgetDeviceCookie = (request: FastifyRequest) => deviceCookie(request, '', 0);

  /** Section 9.4's claims; `srcDpaId` (ours) and `srciClientId` bind the token to the merchant it was issued to. */
  async function recognitionToken(consumerId: string, deviceId: string, srcDpaId: string): Promise<string> {
    return keys.signIdentityToken(
      { appInstanceId: deviceId, consumerId, srciClientId: srcDpaId, srcDpaId, scopes: ['DEFAULT'], programId: 'SRC' },
      'JWT+ext.recognition_token',
      DEVICE_TTL_S,
    );
  }

  async function idToken(consumer: ConsumerRow, srcDpaId: string): Promise<string> {
    return keys.signIdentityToken(
      { sub: consumer.id, consumerId: consumer.id, srciClientId: srcDpaId, email: maskEmail(consumer.email) },
      'JWT',
      15 * 60,
    );
  }

  return {
    db,
    keys,
    origins,
    initsPerMinute,
    dcfUri,
    sessionOf,
    ...consumerProofs(db, origins),
    cardsOf,
    rememberDevice,
    forgetDeviceCookie,
    recognitionToken,
    idToken,
  };
}
