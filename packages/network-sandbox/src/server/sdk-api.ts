// The internal JSON API the browser SDK and the DCF page talk to (documented in README.md).
// State lives in the database only, so any server instance can answer any call.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  sandboxCards,
  sandboxCheckouts,
  sandboxConsumers,
  sandboxDevices,
  sandboxOtpChallenges,
  sandboxSdkSessions,
} from '../store/schema.ts';
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
import { SdkError } from './errors.ts';
import { sha256, type NetworkKeys } from './keys.ts';
import {
  asObject,
  isObject,
  newCorrelationId,
  newFlowId,
  newMerchantTransactionId,
  nonEmptyString,
  originOf,
  readCookie,
  type Json,
} from './util.ts';

export const DEVICE_COOKIE = 'c2p_sandbox_device';
export const SESSION_HEADER = 'x-sandbox-session';
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const OTP_TTL_MS = 10 * 60 * 1000;
const DEVICE_TTL_S = 180 * 24 * 60 * 60;
export const MAX_OTP_ATTEMPTS = 3;
const SUPPORTED_BRANDS = ['mastercard', 'maestro', 'visa', 'amex', 'discover'];
const ACTIONS = ['COMPLETE', 'CANCEL', 'CHANGE_CARD', 'ADD_CARD', 'SWITCH_CONSUMER', 'ERROR'] as const;
type Action = (typeof ACTIONS)[number];

type SessionRow = typeof sandboxSdkSessions.$inferSelect;
type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

export interface SdkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
}

const inaccessible = () => new SdkError(403, 'ACCT_INACCESSIBLE', 'The Click to Pay profile is locked');

export async function sdkApiRoutes(app: FastifyInstance, { db, keys }: SdkApiOptions): Promise<void> {
  const dcfUri = (request: FastifyRequest) => `${originOf(request)}/sandbox/dcf`;

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

  async function cardsOf(consumerId: string, session: SessionRow, request: FastifyRequest): Promise<Json[]> {
    const brands = (session.init.availableCardBrands as string[] | undefined) ?? SUPPORTED_BRANDS;
    const rows = await db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.consumerId, consumerId))
      .orderBy(sql`${sandboxCards.lastUsedAt} desc nulls last`, sandboxCards.createdAt);
    return rows.filter((row) => brands.includes(row.brand)).map((row) => maskedCard(row, { uri: dcfUri(request) }));
  }

  async function validDevice(deviceId: string) {
    const [device] = await db.select().from(sandboxDevices).where(eq(sandboxDevices.id, deviceId));
    if (!device || device.revokedAt || device.expiresAt.getTime() < Date.now()) return undefined;
    return device;
  }

  /** Remembers this browser for the consumer: a device row and the cookie on the /sandbox path. */
  async function rememberDevice(reply: FastifyReply, request: FastifyRequest, consumerId: string): Promise<string> {
    const cookie = randomBytes(32).toString('base64url');
    const [device] = await db
      .insert(sandboxDevices)
      .values({ consumerId, cookieHash: sha256(cookie), expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000) })
      .returning({ id: sandboxDevices.id });
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${cookie}; Path=/sandbox; Max-Age=${DEVICE_TTL_S}; HttpOnly; SameSite=Lax${secure}`,
    );
    return device!.id;
  }

  async function recognitionToken(consumerId: string, deviceId: string, srcDpaId: string): Promise<string> {
    return keys.signIdentityToken(
      { appInstanceId: deviceId, consumerId, srciClientId: srcDpaId, scopes: ['DEFAULT'], programId: 'SRC' },
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
  app.post('/api/init', async (request) => {
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

    let consumerId: string | null = null;
    let deviceId: string | null = null;
    const token = nonEmptyString(body.recognitionToken);
    if (token) {
      // A bad or revoked token is not an error: the consumer is simply not recognised.
      const claims = await keys.verifyIdentityToken(token).catch(() => undefined);
      const device = typeof claims?.appInstanceId === 'string' ? await validDevice(claims.appInstanceId) : undefined;
      if (device && device.consumerId === claims?.consumerId) {
        consumerId = device.consumerId;
        deviceId = device.id;
      }
    }
    const sessionToken = randomBytes(32).toString('base64url');
    const { recognitionToken: _dropped, ...init } = body;
    await db.insert(sandboxSdkSessions).values({
      tokenHash: sha256(sessionToken),
      srcDpaId: srcDpaId!,
      init: { ...init, availableCardBrands },
      consumerId,
      deviceId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
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
    return { cards: await cardsOf(consumerId, session, request) };
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
      const countryCode = String(mobile.countryCode ?? '').replace(/^\+/, '');
      const phoneNumber = String(mobile.phoneNumber ?? '').replace(/\D/g, '');
      if (!/^\d{1,4}$/.test(countryCode) || !/^\d{4,14}$/.test(phoneNumber)) {
        throw new SdkError(400, 'ID_FORMAT_UNSUPPORTED', 'The mobile number is not valid');
      }
      identity = { identityType: 'MOBILE_PHONE_NUMBER', countryCode, phoneNumber };
      [consumer] = await db
        .select()
        .from(sandboxConsumers)
        .where(
          and(eq(sandboxConsumers.mobileCountryCode, countryCode), eq(sandboxConsumers.mobileNumber, phoneNumber)),
        );
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
        identityType: 'EMAIL_ADDRESS',
        maskedValidationChannel: maskEmail(consumer.email),
      },
      ...(consumer.mobileNumber
        ? [
            {
              validationChannelId: 'MOBILE_PHONE_NUMBER',
              identityProvider: 'SRC',
              identityType: 'MOBILE_PHONE_NUMBER',
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
    await db.insert(sandboxOtpChallenges).values({
      sessionTokenHash: session.tokenHash,
      consumerId: consumer.id,
      channel: channelId as 'EMAIL_ADDRESS' | 'MOBILE_PHONE_NUMBER',
      codeHash: sha256(SANDBOX_OTP),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
    return {
      maskedValidationChannel: channel.maskedValidationChannel,
      network: 'mastercard',
      supportedValidationChannels: channels,
    };
  });

  // ---- validate ---------------------------------------------------------------------------------
  app.post('/api/validation/complete', async (request, reply) => {
    const session = await sessionOf(request);
    const body = asObject(request.body);
    const value = typeof body.value === 'string' ? body.value.trim() : '';
    if (!value) throw new SdkError(400, 'VALIDATION_DATA_MISSING', 'Pass the code the consumer typed as { value }');
    const [challenge] = await db
      .select()
      .from(sandboxOtpChallenges)
      .where(eq(sandboxOtpChallenges.sessionTokenHash, session.tokenHash))
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
      if ((updated?.failedAttempts ?? MAX_OTP_ATTEMPTS) >= MAX_OTP_ATTEMPTS) {
        throw new SdkError(400, 'RETRIES_EXCEEDED', 'Too many wrong codes: ask for a new one with initiateValidation');
      }
      throw new SdkError(400, 'CODE_INVALID', 'The code is not valid');
    }
    await db
      .update(sandboxOtpChallenges)
      .set({ verifiedAt: new Date() })
      .where(eq(sandboxOtpChallenges.id, challenge.id));
    let deviceId: string | null = null;
    if (body.rememberMe === true || body.requestRecognitionToken === true) {
      deviceId = await rememberDevice(reply, request, consumer.id);
    }
    await db
      .update(sandboxSdkSessions)
      .set({ consumerId: consumer.id, deviceId })
      .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    await db.update(sandboxConsumers).set({ lastUsedAt: new Date() }).where(eq(sandboxConsumers.id, consumer.id));
    return {
      cards: await cardsOf(consumer.id, { ...session, consumerId: consumer.id }, request),
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
    reply.header('set-cookie', `${DEVICE_COOKIE}=; Path=/sandbox; Max-Age=0; HttpOnly; SameSite=Lax`);
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
    const merchantOrigin = nonEmptyString(body.merchantOrigin) ?? originOf(request);
    if (!/^https?:\/\/[^/\s]+$/.test(merchantOrigin)) {
      throw new SdkError(400, 'INVALID_PARAMETER', 'merchantOrigin must be an origin');
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
      recognitionTokenRequested: body.recognitionTokenRequested === true || body.requestRecognitionToken === true,
      ...(isObject(body.consumer) ? { consumer: body.consumer } : {}),
      ...(isObject(body.complianceSettings) ? { complianceSettings: body.complianceSettings } : {}),
    };
    if (kind === 'NEW_CARD') {
      cardId = await storeNewCard(body);
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
    return { checkoutId: id, dcfUrl: `${originOf(request)}/sandbox/dcf?checkout=${encodeURIComponent(id)}` };
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
      rememberMe: checkout.request.rememberMe === true,
      installmentPlan: checkout.request.installmentPlan ?? null,
    };
  });

  // The DCF's answer (or the SDK's CANCEL when the shopper closed the popup).
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
    // Claim the checkout first, so two answers (DCF and a closed popup) cannot both win.
    const claimed = await db
      .update(sandboxCheckouts)
      .set({ status: action, completedAt: new Date() })
      .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'PENDING')))
      .returning({ id: sandboxCheckouts.id });
    if (claimed.length === 0) throw new SdkError(409, 'INVALID_REQUEST', 'The checkout was already answered');

    let result: Json = { checkoutActionCode: action };
    if (action === 'SWITCH_CONSUMER') {
      // "Not you?": forget this browser for the consumer (the SDK's signOut does the same).
      const cookie = readCookie(request, DEVICE_COOKIE);
      if (cookie) {
        await db
          .update(sandboxDevices)
          .set({ revokedAt: new Date() })
          .where(eq(sandboxDevices.cookieHash, sha256(cookie)));
      }
      await db
        .update(sandboxSdkSessions)
        .set({ consumerId: null, deviceId: null })
        .where(eq(sandboxSdkSessions.tokenHash, checkout.sessionTokenHash));
      reply.header('set-cookie', `${DEVICE_COOKIE}=; Path=/sandbox; Max-Age=0; HttpOnly; SameSite=Lax`);
    } else if (action === 'COMPLETE') {
      result = await complete(checkout, body, request, reply);
    }
    await db.update(sandboxCheckouts).set({ result }).where(eq(sandboxCheckouts.id, checkout.id));
    return result;
  });

  async function complete(
    checkout: CheckoutRow,
    body: Json,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Json> {
    const [session] = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, checkout.sessionTokenHash));
    const [card] = await db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.srcDigitalCardId, checkout.srcDigitalCardId!));
    if (!session || !card) throw new SdkError(404, 'NOT_FOUND', 'The checkout lost its session or card');
    let consumer = await consumerById(checkout.consumerId);
    const rememberMe =
      body.rememberMe === true || (body.rememberMe === undefined && checkout.request.rememberMe === true);
    let enrolled: CardRow = card;

    if (checkout.kind === 'NEW_CARD' && body.enrol !== false) {
      // Enrol the new card into the profile: the signed-in consumer, or the email the merchant passed
      // (or looked up), creating the profile for a new consumer.
      const given = asObject(checkout.request.consumer);
      const email =
        nonEmptyString(given.emailAddress)?.toLowerCase() ??
        (session.lookupIdentity?.identityType === 'EMAIL_ADDRESS'
          ? String(session.lookupIdentity.identityValue)
          : undefined);
      if (!consumer && email) {
        const [existing] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.email, email));
        if (existing?.locked) throw inaccessible();
        const mobile = asObject(given.mobileNumber);
        consumer =
          existing ??
          (
            await db
              .insert(sandboxConsumers)
              .values({
                email,
                firstName: nonEmptyString(given.firstName) ?? null,
                lastName: nonEmptyString(given.lastName) ?? null,
                mobileCountryCode: nonEmptyString(mobile.countryCode)?.replace(/^\+/, '') ?? null,
                mobileNumber: nonEmptyString(mobile.phoneNumber) ?? null,
              })
              .onConflictDoNothing()
              .returning()
          )[0] ??
          (await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.email, email)))[0];
      }
      if (consumer) {
        const [updated] = await db
          .update(sandboxCards)
          .set({ consumerId: consumer.id })
          .where(eq(sandboxCards.srcDigitalCardId, card.srcDigitalCardId))
          .returning();
        enrolled = updated ?? card;
      }
    }
    const now = new Date();
    await db
      .update(sandboxCards)
      .set({ lastUsedAt: now })
      .where(eq(sandboxCards.srcDigitalCardId, card.srcDigitalCardId));
    if (consumer)
      await db.update(sandboxConsumers).set({ lastUsedAt: now }).where(eq(sandboxConsumers.id, consumer.id));

    let deviceId = session.deviceId;
    if (consumer && rememberMe) {
      deviceId = await rememberDevice(reply, request, consumer.id);
    }
    let recognition: string | undefined;
    if (consumer && checkout.request.recognitionTokenRequested === true) {
      deviceId ??= (
        await db
          .insert(sandboxDevices)
          .values({ consumerId: consumer.id, expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000) })
          .returning({ id: sandboxDevices.id })
      )[0]!.id;
      recognition = await recognitionToken(consumer.id, deviceId, session.srcDpaId);
    }
    if (consumer) {
      await db
        .update(sandboxSdkSessions)
        .set({ consumerId: consumer.id, deviceId })
        .where(eq(sandboxSdkSessions.tokenHash, session.tokenHash));
    }

    const srcCorrelationId = newCorrelationId();
    const merchantTransactionId = newMerchantTransactionId();
    const flowId = newFlowId(now);
    const masked = maskedCard({ ...enrolled, lastUsedAt: now }, { uri: dcfUri(request) });
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
    await db
      .update(sandboxCheckouts)
      .set({ srcCorrelationId, merchantTransactionId, flowId, consumerId: consumer?.id ?? null })
      .where(eq(sandboxCheckouts.id, checkout.id));
    return {
      checkoutActionCode: 'COMPLETE',
      checkoutResponse: await keys.signCheckoutResponse(checkoutResponseData),
      checkoutResponseData,
      network: card.brand,
      headers: { 'merchant-transaction-id': merchantTransactionId, 'x-src-cx-flow-id': flowId },
      ...(consumer ? { idToken: await idToken(consumer, session.srcDpaId) } : {}),
      ...(recognition ? { recognitionToken: recognition } : {}),
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

export interface InstallmentPlan {
  planId: string;
  numberOfInstallments: number;
  frequency: 'MONTHLY';
  installmentAmount: string;
  totalAmount: string;
  apr: string;
  currency: string;
}

/**
 * Installments (reference section 3.11, shapes ours): eligible when the amount is at least 50 and
 * the merchant category is not `CATT`; plans of 3, 6 and 12 monthly payments, interest free.
 */
export function installmentOffer(options: Json, session?: SessionRow): { eligible: boolean; plans: InstallmentPlan[] } {
  const fallback = asObject(session?.init.dpaTransactionOptions);
  const amountObject = asObject(options.transactionAmount ?? fallback.transactionAmount);
  const amount = Number(amountObject.transactionAmount);
  const currency = String(amountObject.transactionCurrencyCode ?? 'USD');
  const mcc = String(options.merchantCategoryCode ?? fallback.merchantCategoryCode ?? '0000');
  const eligible = Number.isFinite(amount) && amount >= 50 && mcc.toUpperCase() !== 'CATT';
  if (!eligible) return { eligible: false, plans: [] };
  const cents = Math.round(amount * 100);
  const plans = [3, 6, 12].map((n) => ({
    planId: `PLAN-${n}M`,
    numberOfInstallments: n,
    frequency: 'MONTHLY' as const,
    installmentAmount: (Math.ceil(cents / n) / 100).toFixed(2),
    totalAmount: (cents / 100).toFixed(2),
    apr: '0.00',
    currency,
  }));
  return { eligible, plans };
}
