// The SDK session: init, getCards (the recognised consumer's cards) and signOut.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskedConsumer } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { SESSION_TTL_MS, throttledSweep } from '../expiry.ts';
import { sdkAmountProblem, storableJson, transactionOptionsProblem } from '../input.ts';
import { sha256 } from '../keys.ts';
import { assertOriginAllowed, exactOrigin } from '../origins.ts';
import { ANYONE, MERCHANT_PAGE, PAGE_OR_HOSTED_WINDOW } from '../route-callers.ts';
import { asObject, isObject, newCorrelationId, nonEmptyString, originHeader, readCookie, type Json } from '../util.ts';
import { DEVICE_COOKIE, invalidParameter, SUPPORTED_BRANDS, type SdkContext } from './context.ts';
import {
  countSessionsSince,
  findDevice,
  insertSession,
  revokeDevice,
  revokeDeviceByCookie,
  updateSession,
} from './repository.ts';
import { callerOf } from './windows.ts';

interface InitRequest {
  srcDpaId: string;
  init: Json;
  availableCardBrands: string[];
  availableServices: unknown[];
}

/** init's parameters, checked; only what the network reads later is kept, each part bounded. */
function initRequestOf(body: Json): InitRequest {
  const srcDpaId = nonEmptyString(body.srcDpaId);
  const dpaData = asObject(body.dpaData);
  const options = asObject(body.dpaTransactionOptions);
  const cardBrands = Array.isArray(body.cardBrands) ? body.cardBrands.filter((b) => typeof b === 'string') : [];
  const missing = [
    !srcDpaId && 'srcDpaId',
    !nonEmptyString(dpaData.dpaName) && 'dpaData.dpaName',
    !isObject(body.dpaTransactionOptions) && 'dpaTransactionOptions',
    isObject(body.dpaTransactionOptions) && !nonEmptyString(options.dpaLocale) && 'dpaTransactionOptions.dpaLocale',
    cardBrands.length === 0 && 'cardBrands',
  ].filter(Boolean);
  if (missing.length > 0) throw new SdkError(400, 'INVALID_PARAMETER', `Missing or invalid: ${missing.join(', ')}`);
  const unknown = (cardBrands as string[]).filter((b) => !SUPPORTED_BRANDS.includes(b.toLowerCase()));
  if (unknown.length > 0) throw new SdkError(400, 'INVALID_PARAMETER', `Unknown cardBrands: ${unknown.join(', ')}`);
  const availableCardBrands = (cardBrands as string[]).map((b) => b.toLowerCase());
  const availableServices =
    Array.isArray(body.services) && body.services.length > 0 ? body.services : ['INLINE_CHECKOUT'];
  const init: Json = {
    srcDpaId,
    dpaData: {
      dpaName: dpaData.dpaName,
      ...(dpaData.dpaPresentationName === undefined ? {} : { dpaPresentationName: dpaData.dpaPresentationName }),
      ...(dpaData.dpaUri === undefined ? {} : { dpaUri: dpaData.dpaUri }),
    },
    dpaTransactionOptions: options,
    availableCardBrands,
    services: availableServices,
    ...(body.checkoutExperience === undefined ? {} : { checkoutExperience: body.checkoutExperience }),
    // The SRC-level SDK names the DPA itself when the page gave no dpaName: passkeys need the page's.
    dpaNameGiven: body.dpaNameGiven !== false,
  };
  invalidParameter(
    storableJson(srcDpaId, 'srcDpaId', 200) ??
      storableJson(dpaData.dpaName, 'dpaData.dpaName', 256) ??
      storableJson(dpaData.dpaPresentationName, 'dpaData.dpaPresentationName', 256) ??
      storableJson(dpaData.dpaUri, 'dpaData.dpaUri', 512) ??
      transactionOptionsProblem(options, 'dpaTransactionOptions') ??
      sdkAmountProblem(options, 'dpaTransactionOptions') ??
      storableJson(availableServices, 'services', 256) ??
      storableJson(body.checkoutExperience, 'checkoutExperience', 64),
  );
  return { srcDpaId: srcDpaId!, init, availableCardBrands, availableServices };
}

/** The consumer and device a recognition token names, when it is valid and issued to this merchant. */
async function recognised({ db, keys }: SdkContext, token: string | undefined, srcDpaId: string) {
  if (!token) return { consumerId: null, deviceId: null };
  // A bad or revoked token is not an error: the consumer is simply not recognised.
  const claims = await keys.verifyIdentityToken(token).catch(() => undefined);
  const found = typeof claims?.appInstanceId === 'string' ? await findDevice(db, claims.appInstanceId) : undefined;
  const device = !found || found.revokedAt || found.expiresAt.getTime() < Date.now() ? undefined : found;
  // A token recognises the consumer only at the merchant it was issued to.
  const forThisMerchant = claims?.srcDpaId === srcDpaId && claims?.srciClientId === srcDpaId;
  if (device && forThisMerchant && device.consumerId === claims?.consumerId) {
    return { consumerId: device.consumerId, deviceId: device.id };
  }
  return { consumerId: null, deviceId: null };
}

/** Revokes the devices of the cookie, the session and the recognition token. */
async function forgetDevices(
  { db, keys }: SdkContext,
  request: FastifyRequest,
  deviceId: string | null,
  token: string | undefined,
) {
  const now = new Date();
  const cookie = readCookie(request, DEVICE_COOKIE);
  if (cookie) await revokeDeviceByCookie(db, cookie, now);
  if (deviceId) await revokeDevice(db, deviceId, now);
  if (token) {
    const claims = await keys.verifyIdentityToken(token).catch(() => undefined);
    if (typeof claims?.appInstanceId === 'string') await revokeDevice(db, claims.appInstanceId, now);
  }
}

export function sessionRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db } = ctx;
  const sweep = throttledSweep(db);

  // ---- init -------------------------------------------------------------------------------------
  // Anyone may start a session; a browser page only from an origin the DPA allows (CORS, cors.ts),
  // and the session then answers that page alone. A recognition token signs it in for this caller.
  app.post('/api/init', ANYONE, async (request, reply) => {
    const body = asObject(request.body);
    const { srcDpaId, init, availableCardBrands, availableServices } = initRequestOf(body);
    const sentOrigin = request.headers.origin;
    if (typeof sentOrigin === 'string' && !ctx.origins.isOwn(sentOrigin)) {
      if (!exactOrigin(sentOrigin)) throw new SdkError(403, 'AUTH_ERROR', `The origin ${sentOrigin} may not call init`);
      await assertOriginAllowed(db, srcDpaId, sentOrigin.toLowerCase());
    }
    await sweep();
    const clientHash = sha256(`client:${request.ip}`);
    if ((await countSessionsSince(db, clientHash, new Date(Date.now() - 60_000))) >= ctx.initsPerMinute) {
      reply.header('retry-after', '60');
      throw new SdkError(429, 'RATE_LIMIT_EXCEEDED', 'Too many init calls from this address: wait a minute');
    }
    const { consumerId, deviceId } = await recognised(ctx, nonEmptyString(body.recognitionToken), srcDpaId);
    const sessionToken = randomBytes(32).toString('base64url');
    const tokenHash = sha256(sessionToken);
    const signIn = consumerId ? ctx.newSignIn(request, { tokenHash }) : undefined;
    const now = new Date();
    await insertSession(db, {
      tokenHash,
      srcDpaId,
      // The page that called init: the network's windows answer it alone. A caller without Origin
      // is no browser page, and no window will ever act for its session.
      origin: originHeader(request) ?? null,
      clientHash,
      init,
      consumerId,
      deviceId,
      consumerBrowserHash: signIn?.consumerBrowserHash ?? null,
      correlationId: newCorrelationId(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    if (signIn) reply.header('set-cookie', signIn.setCookie);
    return { sessionToken, availableCardBrands, availableServices };
  });

  // ---- getCards (also the hosted window's) --------------------------------------------------------
  app.get('/api/cards', PAGE_OR_HOSTED_WINDOW, async (request) => {
    const { session } = callerOf(request);
    const consumer = (await ctx.consumerOf(request, session))?.consumer;
    if (!consumer || consumer.locked) return { cards: [] };
    // idToken and maskedConsumer serve the SRC-level SDK (isRecognized, getSrcProfile).
    return {
      cards: await ctx.cardsOf(consumer.id, session),
      idToken: await ctx.idToken(consumer, session.srcDpaId),
      maskedConsumer: maskedConsumer(consumer),
      // The SRC-level SDK's getSrcProfile answers it: the session's, kept by its checkouts.
      srcCorrelationId: session.correlationId,
    };
  });

  // ---- signOut ----------------------------------------------------------------------------------
  app.post('/api/sign-out', MERCHANT_PAGE, async (request, reply) => {
    const session = ctx.sessionOf(request);
    await forgetDevices(ctx, request, session.deviceId, nonEmptyString(asObject(request.body).recognitionToken));
    await updateSession(db, session.tokenHash, {
      consumerId: null,
      deviceId: null,
      consumerBrowserHash: null,
      verification: null,
      lookupConsumerId: null,
      lookupIdentity: null,
    });
    reply.header('set-cookie', [ctx.forgetDeviceCookie(request), ctx.forgetSignIn(request, session)]);
    return { recognized: false };
  });
}
