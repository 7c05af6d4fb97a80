// What every route file of the SDK API shares: its settings, the caller's session, the browser's
// remembered device and the identity tokens.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { maskEmail, maskedCard, type ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { sha256, type NetworkKeys } from '../keys.ts';
import type { InputProblem } from '../input.ts';
import { deviceCookieAttributes } from '../origins.ts';
import { originHeader, type Json } from '../util.ts';
import { browserRecognition, DEVICE_COOKIE } from './browser-recognition.ts';
import { findSession, insertDevice, listCards, type SessionRow } from './repository.ts';

export const SESSION_HEADER = 'x-sandbox-session';
export const DEVICE_TTL_S = 180 * 24 * 60 * 60;
/** Sessions one caller address may open per minute (init needs no credentials). */
export const DEFAULT_INITS_PER_MINUTE = 120;
export const MAX_OTP_ATTEMPTS = 3;
export const SUPPORTED_BRANDS = ['mastercard', 'maestro', 'visa', 'amex', 'discover'];

export interface SdkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
  /** The sandbox's public address (scheme, host, port), for the absolute URLs it answers. */
  publicBaseUrl: () => string;
  initsPerMinute?: number;
}

export const inaccessible = () => new SdkError(403, 'ACCT_INACCESSIBLE', 'The Click to Pay profile is locked');
export const invalidParameter = (problem: InputProblem | undefined) => {
  if (problem) throw new SdkError(400, 'INVALID_PARAMETER', problem.message);
};

/** The cookie header that makes the browser forget its remembered device. */
export const forgetDeviceCookie = (request: FastifyRequest) =>
  `${DEVICE_COOKIE}=; Path=/sandbox; Max-Age=0; ${deviceCookieAttributes(request)}`;

export { DEVICE_COOKIE };
export type SdkContext = ReturnType<typeof sdkContext>;

export function sdkContext({ db, keys, publicBaseUrl, initsPerMinute = DEFAULT_INITS_PER_MINUTE }: SdkApiOptions) {
  // The request never names our address (Host is the caller's to choose): the setting does.
  const dcfUri = () => `${publicBaseUrl()}/sandbox/dcf`;

  /** The caller's SDK session (the session header), or 400 INVALID_REQUEST. */
  async function sessionOf(request: FastifyRequest): Promise<SessionRow> {
    const token = request.headers[SESSION_HEADER];
    if (typeof token !== 'string' || token === '') {
      throw new SdkError(400, 'INVALID_REQUEST', 'Call init and wait for it to resolve before calling this method');
    }
    const session = await findSession(db, sha256(token));
    if (!session || session.expiresAt.getTime() < Date.now()) {
      throw new SdkError(400, 'INVALID_REQUEST', 'The SDK session is unknown or expired: call init again');
    }
    // A session serves the page that made it: a browser page elsewhere cannot borrow its token.
    const origin = originHeader(request);
    if (origin !== undefined && origin !== session.origin) {
      throw new SdkError(403, 'AUTH_ERROR', `This SDK session was started by another page than ${origin}: call init`);
    }
    return session;
  }

  /** The consumer's cards of the brands the session's init accepts, masked. */
  async function cardsOf(consumerId: string, session: SessionRow): Promise<Json[]> {
    const brands = (session.init.availableCardBrands as string[] | undefined) ?? SUPPORTED_BRANDS;
    const rows = await listCards(db, consumerId);
    return rows.filter((row) => brands.includes(row.brand)).map((row) => maskedCard(row, { uri: dcfUri() }));
  }

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
    return {
      deviceId,
      setCookie: `${DEVICE_COOKIE}=${cookie}; Path=/sandbox; Max-Age=${DEVICE_TTL_S}; ${deviceCookieAttributes(request)}`,
    };
  }

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
    publicBaseUrl,
    initsPerMinute,
    dcfUri,
    sessionOf,
    ...browserRecognition(db, publicBaseUrl),
    cardsOf,
    rememberDevice,
    recognitionToken,
    idToken,
  };
}
