// The internal JSON API the browser SDK and the DCF page talk to (documented in README.md).
// State lives in the database only, so any server instance can answer any call.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  sandboxCards,
  sandboxCheckouts,
  sandboxConsumers,
  sandboxDevices,
  sandboxOtpChallenges,
  sandboxSdkSessions,
} from '../store/schema.ts';
import { amountToCents, installmentPlans, installmentsEligible, type InstallmentPlan } from '@c2p/domain';
import { SANDBOX_OTP } from '../test-data.ts';
import {
  brandOf,
  luhnValid,
  maskedCard,
  maskedConsumer,
  maskEmail,
  maskPhone,
  newDigitalCardId,
  parFor,
  payloadKindOf,
  tokenFor,
  type CardRow,
  type ConsumerRow,
} from './cards.ts';
import type { SandboxDatabase } from './db.ts';
import { challengeOrigin } from './dcf-origin.ts';
import { SdkError } from './errors.ts';
import { CHECKOUT_SESSION_TTL_MS, OTP_TTL_MS, SESSION_TTL_MS, throttledSweep } from './expiry.ts';
import {
  consumerProblem,
  storableJson,
  transactionOptionsProblem,
  unstorableText,
  type InputProblem,
} from './input.ts';
import { sha256, type NetworkKeys } from './keys.ts';
import { lockAfterRepeatedFailures, resetWrongCodes } from './lockout.ts';
import { assertOriginAllowed, deviceCookieAttributes, requestOrigin } from './origins.ts';
import { findByPhone } from './phone.ts';
import {
  asObject,
  isObject,
  newCorrelationId,
  newFlowId,
  newMerchantTransactionId,
  nonEmptyString,
  originHeader,
  readCookie,
  type Json,
} from './util.ts';

export const DEVICE_COOKIE = 'c2p_sandbox_device';
export const SESSION_HEADER = 'x-sandbox-session';
const DEVICE_TTL_S = 180 * 24 * 60 * 60;
/** Sessions one caller address may open per minute (init needs no credentials). */
export const DEFAULT_INITS_PER_MINUTE = 120;
/** Checkouts one SDK session may open. */
const MAX_CHECKOUTS_PER_SESSION = 50;
export const MAX_OTP_ATTEMPTS = 3;
const SUPPORTED_BRANDS = ['mastercard', 'maestro', 'visa', 'amex', 'discover'];
const ACTIONS = ['COMPLETE', 'CANCEL', 'CHANGE_CARD', 'ADD_CARD', 'SWITCH_CONSUMER', 'ERROR'] as const;
type Action = (typeof ACTIONS)[number];

type SessionRow = typeof sandboxSdkSessions.$inferSelect;
type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

export interface SdkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
  /** The sandbox's public address (scheme, host, port), for the absolute URLs it answers. */
  publicBaseUrl: () => string;
  initsPerMinute?: number;
}

const inaccessible = () => new SdkError(403, 'ACCT_INACCESSIBLE', 'The Click to Pay profile is locked');
const invalidParameter = (problem: InputProblem | undefined) => {
  if (problem) throw new SdkError(400, 'INVALID_PARAMETER', problem.message);
};

export async function sdkApiRoutes(
  app: FastifyInstance,
  { db, keys, publicBaseUrl, initsPerMinute = DEFAULT_INITS_PER_MINUTE }: SdkApiOptions,
): Promise<void> {
  // The request never names our address (Host is the caller's to choose): the setting does.
  const dcfUri = () => `${publicBaseUrl()}/sandbox/dcf`;
  const sweep = throttledSweep(db);

  async function sessionOf(request: FastifyRequest): Promise<SessionRow> {
    const token = request.headers[SESSION_HEADER];
    if (typeof token !== 'string' || token === '') {
      throw new SdkError(400, 'INVALID_REQUEST', 'Call init and wait for it to resolve before calling this method');
    }
    const [session] = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, sha256(token)));
    if (!session || session.expiresAt.getTime() < Date.now()) {
      throw new SdkError(400, 'INVALID_REQUEST', 'The SDK session is unknown or expired: call init again');
    }
    return session;
  }

  async function consumerById(id: string | null): Promise<ConsumerRow | undefined> {
    if (!id) return undefined;
    const [row] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.id, id));
    return row;
  }

  async function cardsOf(consumerId: string, session: SessionRow): Promise<Json[]> {
    const brands = (session.init.availableCardBrands as string[] | undefined) ?? SUPPORTED_BRANDS;
    const rows = await db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.consumerId, consumerId))
      .orderBy(sql`${sandboxCards.lastUsedAt} desc nulls last`, sandboxCards.createdAt);
    return rows.filter((row) => brands.includes(row.brand)).map((row) => maskedCard(row, { uri: dcfUri() }));
  }

  async function validDevice(deviceId: string) {
    const [device] = await db.select().from(sandboxDevices).where(eq(sandboxDevices.id, deviceId));
    if (!device || device.revokedAt || device.expiresAt.getTime() < Date.now()) return undefined;
    return device;
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
    const [device] = await tx
      .insert(sandboxDevices)
      .values({ consumerId, cookieHash: sha256(cookie), expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000) })
      .returning({ id: sandboxDevices.id });
    return {
      deviceId: device!.id,
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

  // ---- init -------------------------------------------------------------------------------------
  app.post('/api/init', async (request, reply) => {
    const body = asObject(request.body);
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
    // Only what the network reads later is kept, each part bounded.
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
    };
    invalidParameter(
      storableJson(srcDpaId, 'srcDpaId', 200) ??
        storableJson(dpaData.dpaName, 'dpaData.dpaName', 256) ??
        storableJson(dpaData.dpaPresentationName, 'dpaData.dpaPresentationName', 256) ??
        storableJson(dpaData.dpaUri, 'dpaData.dpaUri', 512) ??
        transactionOptionsProblem(options, 'dpaTransactionOptions') ??
        storableJson(availableServices, 'services', 256) ??
        storableJson(body.checkoutExperience, 'checkoutExperience', 64),
    );

    await sweep();
    const clientHash = sha256(`client:${request.ip}`);
    const [recent] = await db
      .select({ sessions: count() })
      .from(sandboxSdkSessions)
      .where(
        and(
          eq(sandboxSdkSessions.clientHash, clientHash),
          gt(sandboxSdkSessions.createdAt, new Date(Date.now() - 60_000)),
        ),
      );
    if ((recent?.sessions ?? 0) >= initsPerMinute) {
      reply.header('retry-after', '60');
      throw new SdkError(429, 'RATE_LIMIT_EXCEEDED', 'Too many init calls from this address: wait a minute');
    }

    let consumerId: string | null = null;
    let deviceId: string | null = null;
    const token = nonEmptyString(body.recognitionToken);
    if (token) {
      // A bad or revoked token is not an error: the consumer is simply not recognised.
      const claims = await keys.verifyIdentityToken(token).catch(() => undefined);
      const device = typeof claims?.appInstanceId === 'string' ? await validDevice(claims.appInstanceId) : undefined;
      // A token recognises the consumer only at the merchant it was issued to.
      const forThisMerchant = claims?.srcDpaId === srcDpaId && claims?.srciClientId === srcDpaId;
      if (device && forThisMerchant && device.consumerId === claims?.consumerId) {
        consumerId = device.consumerId;
        deviceId = device.id;
      }
    }
    const sessionToken = randomBytes(32).toString('base64url');
    const now = new Date();
    await db.insert(sandboxSdkSessions).values({
      tokenHash: sha256(sessionToken),
      srcDpaId: srcDpaId!,
      // The page that called init: the DCF answers it alone. A caller without Origin is no browser page.
      origin: originHeader(request) ?? new URL(publicBaseUrl()).origin,
      clientHash,
      init,
      consumerId,
      deviceId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return { sessionToken, availableCardBrands, availableServices };
  });

  // ---- getCards ---------------------------------------------------------------------------------
  app.get('/api/cards', async (request) => {
    const session = await sessionOf(request);
    let consumerId = session.consumerId;
    if (!consumerId) {
      const cookie = readCookie(request, DEVICE_COOKIE);
      if (cookie) {
        const [device] = await db
          .select()
          .from(sandboxDevices)
          .where(and(eq(sandboxDevices.cookieHash, sha256(cookie)), isNull(sandboxDevices.revokedAt)));
        if (device && device.expiresAt.getTime() > Date.now()) {
          consumerId = device.consumerId;
          await db
            .update(sandboxSdkSessions)
            .set({ consumerId, deviceId: device.id })
            .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
        }
      }
    }
    if (!consumerId) return { cards: [] };
    const consumer = await consumerById(consumerId);
    if (!consumer || consumer.locked) return { cards: [] };
    // idToken and maskedConsumer serve the SRC-level SDK (isRecognized, getSrcProfile).
    return {
      cards: await cardsOf(consumerId, session),
      idToken: await idToken(consumer, session.srcDpaId),
      maskedConsumer: maskedConsumer(consumer),
    };
  });

  // ---- idLookup ---------------------------------------------------------------------------------
  app.post('/api/lookup', async (request) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const email = nonEmptyString(body.email);
    const mobile = isObject(body.mobileNumber) ? body.mobileNumber : undefined;
    let consumer: ConsumerRow | undefined;
    let identity: Json;
    if (email) {
      // Length first, then patterns that cannot backtrack (/^[^\s@]+@[^\s@]+\.[^\s@]+$/ was quadratic).
      const domain = email.slice(email.indexOf('@') + 1);
      if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email) || !domain.slice(1, -1).includes('.')) {
        throw new SdkError(400, 'ID_FORMAT_UNSUPPORTED', 'The email address is not valid');
      }
      identity = { identityType: 'EMAIL_ADDRESS', identityValue: email.toLowerCase() };
      [consumer] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.email, email.toLowerCase()));
    } else if (mobile) {
      const phone = await findByPhone(db, mobile);
      if (!phone) throw new SdkError(400, 'ID_FORMAT_UNSUPPORTED', 'The mobile number is not valid');
      consumer = phone.consumer;
      identity = {
        identityType: 'MOBILE_PHONE_NUMBER',
        countryCode: phone.countryCode,
        phoneNumber: phone.phoneNumber,
      };
    } else {
      throw new SdkError(
        400,
        'CONSUMER_ID_MISSING',
        'Pass { email } or { mobileNumber: { countryCode, phoneNumber } }',
      );
    }
    if (consumer?.locked) throw inaccessible();
    await db
      .update(sandboxSdkSessions)
      .set({ lookupConsumerId: consumer?.id ?? null, lookupIdentity: identity })
      .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    return { consumerPresent: Boolean(consumer) };
  });

  // ---- initiateValidation -----------------------------------------------------------------------
  app.post('/api/validation/initiate', async (request) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const consumer = await consumerById(session.lookupConsumerId);
    if (!consumer) {
      throw new SdkError(
        400,
        'UNRECOGNIZED_CONSUMER_ID',
        'No Click to Pay profile found: call idLookup with a known consumer first',
      );
    }
    if (consumer.locked) throw inaccessible();
    const channels = [
      {
        validationChannelId: 'EMAIL_ADDRESS',
        identityProvider: 'SRC',
        identityType: 'EMAIL',
        maskedValidationChannel: maskEmail(consumer.email),
      },
      ...(consumer.mobileNumber
        ? [
            {
              validationChannelId: 'MOBILE_PHONE_NUMBER',
              identityProvider: 'SRC',
              identityType: 'SMS',
              maskedValidationChannel: `+${consumer.mobileCountryCode ?? '1'} ${maskPhone(consumer.mobileNumber)}`,
            },
          ]
        : []),
    ];
    const aliases: Record<string, string> = {
      EMAIL: 'EMAIL_ADDRESS',
      SMS: 'MOBILE_PHONE_NUMBER',
      MOBILE: 'MOBILE_PHONE_NUMBER',
    };
    const requested = nonEmptyString(body.requestedValidationChannelId);
    let channelId: string;
    if (requested) {
      channelId = aliases[requested.toUpperCase()] ?? requested;
      if (!channels.some((c) => c.validationChannelId === channelId)) {
        throw new SdkError(400, 'INVALID_PARAMETER', `Unknown requestedValidationChannelId: ${requested}`);
      }
    } else {
      const lookedUp = session.lookupIdentity?.identityType;
      channelId = lookedUp === 'MOBILE_PHONE_NUMBER' && consumer.mobileNumber ? 'MOBILE_PHONE_NUMBER' : 'EMAIL_ADDRESS';
    }
    const channel = channels.find((c) => c.validationChannelId === channelId)!;
    const challengeId = await sendCode(session.tokenHash, consumer.id, channelId);
    return {
      // Ours, for the SDK only (it opens the code-entry DCF with it; initiateValidation does not answer it).
      challengeId,
      maskedValidationChannel: channel.maskedValidationChannel,
      network: 'mastercard',
      supportedValidationChannels: channels,
    };
  });

  /** A new code for the session (the one before it is void), kept as its hash. */
  async function sendCode(sessionTokenHash: string, consumerId: string, channel: string): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.delete(sandboxOtpChallenges).where(eq(sandboxOtpChallenges.sessionTokenHash, sessionTokenHash));
      const [row] = await tx
        .insert(sandboxOtpChallenges)
        .values({
          sessionTokenHash,
          consumerId,
          channel: channel as 'EMAIL_ADDRESS' | 'MOBILE_PHONE_NUMBER',
          codeHash: sha256(SANDBOX_OTP),
          expiresAt: new Date(Date.now() + OTP_TTL_MS),
        })
        .returning({ id: sandboxOtpChallenges.id });
      return row!.id;
    });
  }

  /** Checks a typed code against the session's latest challenge; throws the network's reason when wrong. */
  async function checkCode(sessionTokenHash: string, value: string): Promise<ConsumerRow> {
    if (!value) throw new SdkError(400, 'VALIDATION_DATA_MISSING', 'Pass the code the consumer typed as { value }');
    const [challenge] = await db
      .select()
      .from(sandboxOtpChallenges)
      .where(eq(sandboxOtpChallenges.sessionTokenHash, sessionTokenHash))
      .orderBy(desc(sandboxOtpChallenges.createdAt))
      .limit(1);
    if (!challenge || challenge.verifiedAt) {
      throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
    }
    const consumer = await consumerById(challenge.consumerId);
    if (!consumer || consumer.locked) throw inaccessible();
    if (challenge.failedAttempts >= MAX_OTP_ATTEMPTS) {
      throw new SdkError(400, 'RETRIES_EXCEEDED', 'Too many wrong codes: ask for a new one with initiateValidation');
    }
    if (challenge.expiresAt.getTime() < Date.now()) {
      throw new SdkError(400, 'CODE_EXPIRED', 'The code has expired: ask for a new one with initiateValidation');
    }
    if (sha256(value) !== challenge.codeHash) {
      // One atomic increment, so parallel wrong guesses on two instances still count.
      const [updated] = await db
        .update(sandboxOtpChallenges)
        .set({ failedAttempts: sql`${sandboxOtpChallenges.failedAttempts} + 1` })
        .where(eq(sandboxOtpChallenges.id, challenge.id))
        .returning({ failedAttempts: sandboxOtpChallenges.failedAttempts });
      if (await lockAfterRepeatedFailures(db, consumer)) throw inaccessible();
      if ((updated?.failedAttempts ?? MAX_OTP_ATTEMPTS) >= MAX_OTP_ATTEMPTS) {
        throw new SdkError(400, 'RETRIES_EXCEEDED', 'Too many wrong codes: ask for a new one with initiateValidation');
      }
      throw new SdkError(400, 'CODE_INVALID', 'The code is not valid');
    }
    // Used once: a second request with the same code finds it verified.
    const [verified] = await db
      .update(sandboxOtpChallenges)
      .set({ verifiedAt: new Date() })
      .where(and(eq(sandboxOtpChallenges.id, challenge.id), isNull(sandboxOtpChallenges.verifiedAt)))
      .returning({ id: sandboxOtpChallenges.id });
    if (!verified) throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
    await resetWrongCodes(db, consumer);
    return consumer;
  }

  // What the code-entry DCF needs to know of its challenge: whom to answer. The id is its capability.
  app.get<{ Params: { id: string } }>('/api/challenges/:id', async (request) => {
    const origin = await challengeOrigin(db, request.params.id);
    if (!origin) throw new SdkError(404, 'NOT_FOUND', 'No such code');
    return { merchantOrigin: origin };
  });

  // ---- validate ---------------------------------------------------------------------------------
  app.post('/api/validation/complete', async (request, reply) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const consumer = await checkCode(session.tokenHash, typeof body.value === 'string' ? body.value.trim() : '');
    let deviceId: string | null = null;
    if (body.rememberMe === true || body.requestRecognitionToken === true) {
      const remembered = await rememberDevice(db, request, consumer.id);
      deviceId = remembered.deviceId;
      reply.header('set-cookie', remembered.setCookie);
    }
    await db
      .update(sandboxSdkSessions)
      .set({ consumerId: consumer.id, deviceId })
      .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    await db.update(sandboxConsumers).set({ lastUsedAt: new Date() }).where(eq(sandboxConsumers.id, consumer.id));
    return {
      cards: await cardsOf(consumer.id, { ...session, consumerId: consumer.id }),
      idToken: await idToken(consumer, session.srcDpaId),
      ...(body.requestRecognitionToken === true && deviceId
        ? { recognitionToken: await recognitionToken(consumer.id, deviceId, session.srcDpaId) }
        : {}),
    };
  });

  // ---- signOut ----------------------------------------------------------------------------------
  app.post('/api/sign-out', async (request, reply) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const now = new Date();
    const cookie = readCookie(request, DEVICE_COOKIE);
    if (cookie) {
      await db
        .update(sandboxDevices)
        .set({ revokedAt: now })
        .where(eq(sandboxDevices.cookieHash, sha256(cookie)));
    }
    if (session.deviceId) {
      await db.update(sandboxDevices).set({ revokedAt: now }).where(eq(sandboxDevices.id, session.deviceId));
    }
    const token = nonEmptyString(body.recognitionToken);
    if (token) {
      const claims = await keys.verifyIdentityToken(token).catch(() => undefined);
      if (typeof claims?.appInstanceId === 'string') {
        await db.update(sandboxDevices).set({ revokedAt: now }).where(eq(sandboxDevices.id, claims.appInstanceId));
      }
    }
    await db
      .update(sandboxSdkSessions)
      .set({ consumerId: null, deviceId: null, lookupConsumerId: null, lookupIdentity: null })
      .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    reply.header('set-cookie', `${DEVICE_COOKIE}=; Path=/sandbox; Max-Age=0; ${deviceCookieAttributes(request)}`);
    return { recognized: false };
  });

  // ---- installments -----------------------------------------------------------------------------
  app.post('/api/installments/eligibility', async (request) => {
    const session = await sessionOf(request);
    return installmentOffer(asObject(request.body), session);
  });

  // ---- checkouts (checkoutWithCard, checkoutWithNewCard, checkoutWithInstallments) --------------
  app.post('/api/checkouts', async (request) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const kind = body.kind === 'NEW_CARD' ? 'NEW_CARD' : body.kind === 'INSTALLMENTS' ? 'INSTALLMENTS' : 'CARD';
    // The DCF answers, and is framed by, the page that initialised the SDK: never an origin the body names.
    const merchantOrigin = session.origin ?? new URL(publicBaseUrl()).origin;
    // That page must (still) be one the DPA allows.
    if (merchantOrigin !== new URL(publicBaseUrl()).origin && merchantOrigin !== requestOrigin(request)) {
      await assertOriginAllowed(db, session.srcDpaId, merchantOrigin);
    }
    const consumer = await consumerById(session.consumerId);
    if (consumer?.locked) throw inaccessible();
    let cardId: string;
    const request_: Json = {
      dpaTransactionOptions: {
        ...asObject(session.init.dpaTransactionOptions),
        ...asObject(body.dpaTransactionOptions),
      },
      rememberMe: body.rememberMe === true,
      // The merchant's page asked the shopper already (true or false): the DCF does not ask again.
      rememberMeAsked: typeof body.rememberMe === 'boolean',
      recognitionTokenRequested: body.recognitionTokenRequested === true || body.requestRecognitionToken === true,
      ...(isObject(body.consumer) ? { consumer: body.consumer } : {}),
      ...(isObject(body.complianceSettings) ? { complianceSettings: body.complianceSettings } : {}),
    };
    invalidParameter(
      transactionOptionsProblem(request_.dpaTransactionOptions, 'dpaTransactionOptions') ??
        (isObject(body.consumer) ? consumerProblem(body.consumer) : undefined) ??
        storableJson(request_.complianceSettings, 'complianceSettings', 1024),
    );
    const [opened] = await db
      .select({ checkouts: count() })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.sessionTokenHash, session.tokenHash));
    if ((opened?.checkouts ?? 0) >= MAX_CHECKOUTS_PER_SESSION) {
      throw new SdkError(429, 'RATE_LIMIT_EXCEEDED', 'Too many checkouts in this SDK session: call init again');
    }
    if (kind === 'NEW_CARD') {
      cardId = await storeNewCard(body);
      if (!consumer) {
        // The profile the card would join. An existing one must prove it is theirs (the code) first.
        const given = asObject(body.consumer);
        const email =
          (typeof given.emailAddress === 'string' ? given.emailAddress.toLowerCase() : undefined) ??
          (session.lookupIdentity?.identityType === 'EMAIL_ADDRESS'
            ? String(session.lookupIdentity.identityValue)
            : undefined);
        if (email) {
          request_.enrolEmail = email;
          const [existing] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.email, email));
          if (existing) request_.validationConsumerId = existing.id;
        }
      }
    } else {
      const srcDigitalCardId = nonEmptyString(body.srcDigitalCardId);
      if (!srcDigitalCardId) throw new SdkError(400, 'CARDID_MISSING', 'Pass the srcDigitalCardId of one of getCards');
      if (!consumer) {
        throw new SdkError(
          401,
          'AUTH_INVALID',
          'The consumer is not recognised: validate them (idLookup, initiateValidation, validate) first',
        );
      }
      const [card] = await db
        .select()
        .from(sandboxCards)
        .where(and(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId), eq(sandboxCards.consumerId, consumer.id)));
      if (!card) throw new SdkError(404, 'CARD_NOT_RECOGNIZED', 'The card is not one of this consumer');
      cardId = card.srcDigitalCardId;
      if (kind === 'INSTALLMENTS') {
        const offer = installmentOffer(asObject(request_.dpaTransactionOptions), session);
        const planId = nonEmptyString(asObject(body.installmentPlan).planId) ?? nonEmptyString(body.planId);
        const plan = offer.plans.find((p) => p.planId === planId);
        if (!offer.eligible)
          throw new SdkError(400, 'INVALID_REQUEST', 'This transaction is not eligible for installments');
        if (!plan) throw new SdkError(400, 'INVALID_PARAMETER', `Unknown installment planId: ${planId ?? '(none)'}`);
        request_.installmentPlan = plan;
      }
    }
    const id = randomBytes(18).toString('base64url');
    await db.insert(sandboxCheckouts).values({
      id,
      sessionTokenHash: session.tokenHash,
      srcDpaId: session.srcDpaId,
      kind,
      srcDigitalCardId: cardId,
      consumerId: consumer?.id ?? null,
      merchantOrigin,
      request: request_,
    });
    // A session with a checkout lives long enough for the merchant's payload and confirmation.
    await db
      .update(sandboxSdkSessions)
      .set({ expiresAt: new Date(Date.now() + CHECKOUT_SESSION_TTL_MS) })
      .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    return { checkoutId: id, dcfUrl: `${dcfUri()}?checkout=${encodeURIComponent(id)}` };
  });

  async function storeNewCard(body: Json): Promise<string> {
    const jwe = nonEmptyString(body.encryptedCard);
    if (!jwe) throw new SdkError(400, 'CARD_MISSING', 'Pass the encryptedCard from encryptCard');
    let card: Json;
    try {
      card = await keys.decryptCard(jwe);
    } catch {
      throw new SdkError(400, 'CARD_INVALID', 'encryptedCard is not a JWE to the sandbox card-encryption key');
    }
    const pan = String(card.primaryAccountNumber ?? '').replace(/\D/g, '');
    if (pan.length < 12 || pan.length > 19 || !luhnValid(pan)) {
      throw new SdkError(400, 'CARD_INVALID', 'The card number is not valid');
    }
    const month = String(card.panExpirationMonth ?? '').padStart(2, '0');
    let year = String(card.panExpirationYear ?? '');
    if (/^\d{2}$/.test(year)) year = `20${year}`;
    const now = new Date();
    const monthNumber = Number(month);
    if (!/^\d{4}$/.test(year) || !(monthNumber >= 1 && monthNumber <= 12)) {
      throw new SdkError(400, 'CARD_EXP_INVALID', 'The expiry date is not valid');
    }
    if (Number(year) * 12 + monthNumber < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      throw new SdkError(400, 'CARD_EXP_INVALID', 'The card has expired');
    }
    if (!/^\d{3,4}$/.test(String(card.cardSecurityCode ?? ''))) {
      throw new SdkError(400, 'CARD_SECURITY_CODE_MISSING', 'The security code is missing or not valid');
    }
    const brand = brandOf(pan);
    const claimed = nonEmptyString(body.cardBrand);
    if (claimed && claimed.toLowerCase() !== brand) {
      throw new SdkError(400, 'INVALID_PARAMETER', `cardBrand ${claimed} does not match the card (${brand})`);
    }
    const unstorable =
      storableJson(card.cardholderFullName, 'cardholderFullName', 200) ??
      storableJson(card.cardholderFirstName, 'cardholderFirstName', 100) ??
      storableJson(card.cardholderLastName, 'cardholderLastName', 100) ??
      (card.billingAddress === undefined || isObject(card.billingAddress)
        ? storableJson(card.billingAddress, 'billingAddress', 2048)
        : { field: 'billingAddress', message: 'billingAddress must be an object' }) ??
      unstorableText(card, 'card');
    if (unstorable) throw new SdkError(400, 'CARD_INVALID', unstorable.message);
    const payloadKind = payloadKindOf(pan);
    const name =
      nonEmptyString(card.cardholderFullName) ??
      ([card.cardholderFirstName, card.cardholderLastName].filter((p) => typeof p === 'string' && p).join(' ') || null);
    const srcDigitalCardId = newDigitalCardId();
    await db.insert(sandboxCards).values({
      srcDigitalCardId,
      consumerId: null,
      primaryAccountNumber: pan,
      expirationMonth: month,
      expirationYear: year,
      cardholderName: name,
      brand,
      payloadKind,
      paymentToken: payloadKind === 'TOKEN' ? tokenFor(pan) : null,
      paymentAccountReference: parFor(pan),
      descriptorName: `${brand[0]!.toUpperCase()}${brand.slice(1)} card`,
      billingAddress: isObject(card.billingAddress)
        ? Object.fromEntries(Object.entries(card.billingAddress).map(([k, v]) => [k, String(v)]))
        : null,
    });
    return srcDigitalCardId;
  }

  async function checkoutById(id: string): Promise<CheckoutRow> {
    const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    if (!row) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
    return row;
  }

  // What the DCF page shows. The checkout id is the capability: unguessable, made for one checkout.
  app.get<{ Params: { id: string } }>('/api/checkouts/:id', async (request) => {
    const checkout = await checkoutById(request.params.id);
    const session = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, checkout.sessionTokenHash));
    const init = session[0]?.init ?? {};
    const [card] = checkout.srcDigitalCardId
      ? await db.select().from(sandboxCards).where(eq(sandboxCards.srcDigitalCardId, checkout.srcDigitalCardId))
      : [];
    const consumer = await consumerById(checkout.consumerId);
    const options = asObject(checkout.request.dpaTransactionOptions);
    const dpaData = asObject(init.dpaData);
    return {
      status: checkout.status,
      kind: checkout.kind,
      merchantOrigin: checkout.merchantOrigin,
      merchant: {
        name: String(dpaData.dpaPresentationName ?? dpaData.dpaName ?? ''),
        uri: typeof dpaData.dpaUri === 'string' ? dpaData.dpaUri : null,
      },
      locale: String(options.dpaLocale ?? 'en_US'),
      confirmPayment: options.confirmPayment === true,
      amount: isObject(options.transactionAmount) ? options.transactionAmount : null,
      card: card
        ? {
            brand: card.brand,
            panLastFour: card.primaryAccountNumber.slice(-4),
            panExpirationMonth: card.expirationMonth,
            panExpirationYear: card.expirationYear,
            descriptorName: card.descriptorName,
          }
        : null,
      consumer: consumer ? { maskedEmailAddress: maskEmail(consumer.email) } : null,
      newCard: checkout.kind === 'NEW_CARD',
      // The card's email has a profile: the DCF asks for the code sent to it before saving the card there.
      validationRequired: validationConsumerOf(checkout) !== undefined && !checkout.consumerId,
      rememberMe: checkout.request.rememberMe === true,
      // Ask "Remember me" only when nobody asked yet: not the merchant's page, not this browser's device.
      askRememberMe: checkout.request.rememberMeAsked !== true && !session[0]?.deviceId,
      installmentPlan: checkout.request.installmentPlan ?? null,
    };
  });

  const validationConsumerOf = (checkout: CheckoutRow) =>
    typeof checkout.request.validationConsumerId === 'string' ? checkout.request.validationConsumerId : undefined;

  /** A pending new-card checkout whose card would join an existing profile, and that profile. */
  async function checkoutToValidate(id: string): Promise<{ checkout: CheckoutRow; consumer: ConsumerRow }> {
    const checkout = await checkoutById(id);
    if (checkout.status !== 'PENDING') {
      throw new SdkError(409, 'INVALID_REQUEST', `The checkout is already ${checkout.status}`);
    }
    const consumer = await consumerById(validationConsumerOf(checkout) ?? null);
    if (!consumer || checkout.consumerId) {
      throw new SdkError(400, 'INVALID_REQUEST', 'This checkout needs no code');
    }
    if (consumer.locked) throw inaccessible();
    return { checkout, consumer };
  }

  // The DCF sends the existing profile's owner a code (the code-entry screen of a new card's checkout).
  app.post<{ Params: { id: string } }>('/api/checkouts/:id/validation/initiate', async (request) => {
    const { checkout, consumer } = await checkoutToValidate(request.params.id);
    await sendCode(checkout.sessionTokenHash, consumer.id, 'EMAIL_ADDRESS');
    return { maskedValidationChannel: maskEmail(consumer.email) };
  });

  // The right code makes the checkout the profile's: COMPLETE then enrols the card and signs the session in.
  app.post<{ Params: { id: string } }>('/api/checkouts/:id/validation/complete', async (request) => {
    const { checkout, consumer } = await checkoutToValidate(request.params.id);
    const value = asObject(request.body).value;
    const validated = await checkCode(checkout.sessionTokenHash, typeof value === 'string' ? value.trim() : '');
    if (validated.id !== consumer.id) throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent for this checkout');
    await db
      .update(sandboxCheckouts)
      .set({ consumerId: consumer.id })
      .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'PENDING')));
    return { validated: true };
  });

  // The DCF's answer (or the SDK's CANCEL when the shopper closed the popup). Claiming the checkout
  // and writing its result are one transaction: a failure leaves it PENDING, never half-answered.
  app.post<{ Params: { id: string } }>('/api/checkouts/:id/action', async (request, reply) => {
    const checkout = await checkoutById(request.params.id);
    const body = asObject(request.body);
    const action = body.action as Action;
    if (!ACTIONS.includes(action)) {
      throw new SdkError(400, 'INVALID_PARAMETER', `action must be one of ${ACTIONS.join(', ')}`);
    }
    if (checkout.status !== 'PENDING') {
      throw new SdkError(409, 'INVALID_REQUEST', `The checkout is already ${checkout.status}`);
    }
    const { result, setCookie } = await db.transaction(async (tx) => {
      // Claim first, so two answers (DCF and a closed popup) cannot both win.
      const claimed = await tx
        .update(sandboxCheckouts)
        .set({ status: action, completedAt: new Date() })
        .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'PENDING')))
        .returning();
      if (claimed.length === 0) throw new SdkError(409, 'INVALID_REQUEST', 'The checkout was already answered');
      let answer: { result: Json; setCookie?: string } = { result: { checkoutActionCode: action } };
      if (action === 'SWITCH_CONSUMER') {
        // "Not you?": forget this browser for the consumer (the SDK's signOut does the same).
        const cookie = readCookie(request, DEVICE_COOKIE);
        if (cookie) {
          await tx
            .update(sandboxDevices)
            .set({ revokedAt: new Date() })
            .where(eq(sandboxDevices.cookieHash, sha256(cookie)));
        }
        await tx
          .update(sandboxSdkSessions)
          .set({ consumerId: null, deviceId: null })
          .where(eq(sandboxSdkSessions.tokenHash, checkout.sessionTokenHash));
        answer.setCookie = `${DEVICE_COOKIE}=; Path=/sandbox; Max-Age=0; ${deviceCookieAttributes(request)}`;
      } else if (action === 'COMPLETE') {
        answer = await complete(tx, claimed[0]!, body, request);
      }
      await tx.update(sandboxCheckouts).set({ result: answer.result }).where(eq(sandboxCheckouts.id, checkout.id));
      return answer;
    });
    if (setCookie) reply.header('set-cookie', setCookie);
    return result;
  });

  async function complete(
    tx: SandboxDatabase,
    checkout: CheckoutRow,
    body: Json,
    request: FastifyRequest,
  ): Promise<{ result: Json; setCookie?: string }> {
    const [session] = await tx
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, checkout.sessionTokenHash));
    const [card] = await tx
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.srcDigitalCardId, checkout.srcDigitalCardId!));
    if (!session || !card) throw new SdkError(404, 'NOT_FOUND', 'The checkout lost its session or card');
    const consumerOf = async (id: string | null) =>
      id ? (await tx.select().from(sandboxConsumers).where(eq(sandboxConsumers.id, id)))[0] : undefined;
    // The signed-in consumer, or the profile whose code was typed in this checkout's DCF.
    let consumer = await consumerOf(checkout.consumerId);
    if (consumer?.locked) throw inaccessible();
    const rememberMe =
      body.rememberMe === true || (body.rememberMe === undefined && checkout.request.rememberMe === true);
    let enrolled: CardRow = card;

    if (checkout.kind === 'NEW_CARD' && body.enrol !== false) {
      // Enrol the new card into the profile: the signed-in or validated consumer, or a new profile
      // for the email the merchant passed (or looked up). An existing profile never takes a card,
      // nor signs anyone in, without its code.
      const email = typeof checkout.request.enrolEmail === 'string' ? checkout.request.enrolEmail : undefined;
      if (!consumer && email) {
        const [existing] = await tx.select().from(sandboxConsumers).where(eq(sandboxConsumers.email, email));
        if (existing?.locked) throw inaccessible();
        if (existing) {
          throw new SdkError(
            401,
            'AUTH_INVALID',
            'This email has a Click to Pay profile: the consumer must enter the code sent to it first',
          );
        }
        const given = asObject(checkout.request.consumer);
        const mobile = asObject(given.mobileNumber);
        [consumer] = await tx
          .insert(sandboxConsumers)
          .values({
            email,
            firstName: nonEmptyString(given.firstName) ?? null,
            lastName: nonEmptyString(given.lastName) ?? null,
            mobileCountryCode: nonEmptyString(mobile.countryCode)?.replace(/^\+/, '') ?? null,
            mobileNumber: nonEmptyString(mobile.phoneNumber)?.replace(/[\s-]/g, '') ?? null,
          })
          .onConflictDoNothing()
          .returning();
        // Another checkout made the profile a moment ago: it is an existing profile now.
        if (!consumer) throw new SdkError(401, 'AUTH_INVALID', 'This email has a Click to Pay profile now: try again');
      }
      if (consumer) {
        const [updated] = await tx
          .update(sandboxCards)
          .set({ consumerId: consumer.id })
          .where(eq(sandboxCards.srcDigitalCardId, card.srcDigitalCardId))
          .returning();
        enrolled = updated ?? card;
      }
    }
    const now = new Date();
    await tx
      .update(sandboxCards)
      .set({ lastUsedAt: now })
      .where(eq(sandboxCards.srcDigitalCardId, card.srcDigitalCardId));
    if (consumer)
      await tx.update(sandboxConsumers).set({ lastUsedAt: now }).where(eq(sandboxConsumers.id, consumer.id));

    let deviceId = session.deviceId;
    let setCookie: string | undefined;
    if (consumer && rememberMe) {
      ({ deviceId, setCookie } = await rememberDevice(tx, request, consumer.id));
    }
    let recognition: string | undefined;
    if (consumer && checkout.request.recognitionTokenRequested === true) {
      deviceId ??= (
        await tx
          .insert(sandboxDevices)
          .values({ consumerId: consumer.id, expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000) })
          .returning({ id: sandboxDevices.id })
      )[0]!.id;
      recognition = await recognitionToken(consumer.id, deviceId, session.srcDpaId);
    }
    if (consumer) {
      await tx
        .update(sandboxSdkSessions)
        .set({ consumerId: consumer.id, deviceId })
        .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    }

    const srcCorrelationId = newCorrelationId();
    const merchantTransactionId = newMerchantTransactionId();
    const flowId = newFlowId(now);
    const masked = maskedCard({ ...enrolled, lastUsedAt: now }, { uri: dcfUri() });
    const checkoutResponseData: Json = {
      srcCorrelationId,
      srciTransactionId: crypto.randomUUID(),
      maskedCard: masked,
      ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
      ...(enrolled.billingAddress?.zip ? { shippingAddressZip: enrolled.billingAddress.zip } : {}),
      ...(enrolled.billingAddress?.countryCode
        ? { shippingAddressCountryCode: enrolled.billingAddress.countryCode }
        : {}),
      ...(checkout.request.installmentPlan ? { installmentPlan: checkout.request.installmentPlan } : {}),
    };
    await tx
      .update(sandboxCheckouts)
      .set({ srcCorrelationId, merchantTransactionId, flowId, consumerId: consumer?.id ?? null })
      .where(eq(sandboxCheckouts.id, checkout.id));
    return {
      result: {
        checkoutActionCode: 'COMPLETE',
        checkoutResponse: await keys.signCheckoutResponse(checkoutResponseData),
        checkoutResponseData,
        network: card.brand,
        headers: { 'merchant-transaction-id': merchantTransactionId, 'x-src-cx-flow-id': flowId },
        ...(consumer ? { idToken: await idToken(consumer, session.srcDpaId) } : {}),
        ...(recognition ? { recognitionToken: recognition } : {}),
      },
      setCookie,
    };
  }

  // The SDK reads the result from the server, not from the message: a page cannot forge it.
  app.get<{ Params: { id: string } }>('/api/checkouts/:id/result', async (request) => {
    const session = await sessionOf(request);
    const checkout = await checkoutById(request.params.id);
    if (checkout.sessionTokenHash !== session.tokenHash) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
    if (checkout.status === 'PENDING' || !checkout.result) {
      throw new SdkError(409, 'INVALID_REQUEST', 'The consumer has not finished in the DCF yet');
    }
    return checkout.result;
  });
}

export type { InstallmentPlan } from '@c2p/domain';

/**
 * Installments (reference section 3.11, shapes ours): eligible when the amount is at least 50 and
 * the merchant category is not `CATT`; plans of 3, 6 and 12 monthly payments, interest free, in
 * whole cents that add up to the total (the domain's schedule: the last payment takes the remainder).
 */
export function installmentOffer(options: Json, session?: SessionRow): { eligible: boolean; plans: InstallmentPlan[] } {
  const fallback = asObject(session?.init.dpaTransactionOptions);
  const amountObject = asObject(options.transactionAmount ?? fallback.transactionAmount);
  const cents = amountToCents(amountObject.transactionAmount);
  const currency = String(amountObject.transactionCurrencyCode ?? 'USD');
  const mcc = String(options.merchantCategoryCode ?? fallback.merchantCategoryCode ?? '0000');
  if (cents === null || !installmentsEligible(cents, mcc)) return { eligible: false, plans: [] };
  return { eligible: true, plans: installmentPlans(cents, currency) };
}
