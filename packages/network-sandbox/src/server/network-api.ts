// The network's server APIs the merchant's server calls (reference sections 8.3, 9, 10, 12).
// Unlike the YA-MOCK sandbox, every call that changes or reads a merchant's data is authenticated
// (OAuth 1.0a RSA-SHA256, ./oauth.ts) and a DPA belongs to the client that registered its key.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { importJWK, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import {
  sandboxCards,
  sandboxCheckouts,
  sandboxConfirmations,
  sandboxConsumers,
  sandboxDpas,
  sandboxMerchantCards,
} from '../store/schema.ts';
import { maskedCard, maskedConsumer, type CardRow, type ConsumerRow } from './cards.ts';
import type { SandboxDatabase } from './db.ts';
import { ApiError, invalidArgument } from './errors.ts';
import { encryptToMerchant, type NetworkKeys } from './keys.ts';
import { MAX_DYNAMIC_DATA_TTL_MINUTES, transactionOptionsProblem } from './input.ts';
import { clientsRoutes, storedClients } from './clients-api.ts';
import { clientAuthenticator, hashRequestBodies, type OnboardedClient } from './oauth.ts';
import { findScofCard, findScofPayment, scofCredentials, scofRoutes } from './scof-api.ts';
import { asObject, isObject, newCorrelationId, nonEmptyString, type Json } from './util.ts';

export interface NetworkApiOptions {
  db: SandboxDatabase;
  keys: NetworkKeys;
  /** The sandbox's public address, for the absolute URLs it answers (never the Host header). */
  publicBaseUrl: () => string;
  /** The merchant clients allowed to call the network APIs. */
  clients: OnboardedClient[];
  /** DPAs kept for one client whoever registers a key first (the host's own default DPA). */
  dpaOwners?: Record<string, string>;
}

/** An authenticated payload must be fetched within 5 minutes of the checkout, else eci 06. */
const AUTHENTICATED_WINDOW_MS = 5 * 60 * 1000;
const DYNAMIC_DATA_TTL_MS = 15 * 60 * 1000;

/** The decrypted payload (reference section 9.3) for a card and the transaction options. */
export function buildPayload(card: CardRow, consumer: ConsumerRow | undefined, options: Json, now = new Date()): Json {
  const paymentOptions = Array.isArray(options.paymentOptions)
    ? asObject(options.paymentOptions[0])
    : asObject(options.paymentOptions);
  const dynamicDataType = String(paymentOptions.dynamicDataType ?? 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM');
  const minutes = Number(paymentOptions.dpaDynamicDataTtlMinutes);
  // Callers are refused bad values first (input.ts); this keeps the date valid whatever reaches it.
  const ttl =
    Number.isInteger(minutes) && minutes > 0 && minutes <= MAX_DYNAMIC_DATA_TTL_MINUTES
      ? minutes * 60_000
      : DYNAMIC_DATA_TTL_MS;
  const expiration = new Date(now.getTime() + ttl).toISOString();
  const payload: Json = {};
  const cardPart = {
    primaryAccountNumber: card.primaryAccountNumber,
    panExpirationMonth: card.expirationMonth,
    panExpirationYear: card.expirationYear,
    ...(card.cardholderName ? { cardholderFullName: card.cardholderName } : {}),
    ...(card.billingAddress ? { billingAddress: card.billingAddress } : {}),
    paymentAccountReference: card.paymentAccountReference,
  };
  if (card.payloadKind === 'TOKEN' && card.paymentToken && dynamicDataType !== 'NONE') {
    payload.token = {
      paymentToken: card.paymentToken,
      tokenExpirationMonth: card.expirationMonth,
      tokenExpirationYear: card.expirationYear,
      paymentAccountReference: card.paymentAccountReference,
      ...(card.cardholderName ? { cardholderFullName: card.cardholderName } : {}),
    };
    payload.dynamicData = {
      dynamicDataType: dynamicDataType.startsWith('CARD_APPLICATION_CRYPTOGRAM')
        ? dynamicDataType
        : 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
      dynamicDataValue: randomBytes(21).toString('base64'),
      dynamicDataExpiration: expiration,
    };
  } else {
    payload.card = cardPart;
    if (dynamicDataType === 'DYNAMIC_CARD_SECURITY_CODE') {
      payload.dynamicData = {
        dynamicDataType,
        dynamicDataValue: String(100 + (randomBytes(2).readUInt16BE() % 900)),
        dynamicDataExpiration: expiration,
      };
    }
  }
  const billing = String(options.dpaBillingPreference ?? 'NONE');
  if (card.billingAddress && billing !== 'NONE') {
    payload.billingAddress =
      billing === 'POSTAL_COUNTRY'
        ? { zip: card.billingAddress.zip, countryCode: card.billingAddress.countryCode }
        : card.billingAddress;
  }
  if (consumer) {
    if (options.consumerEmailAddressRequested === true) payload.consumerEmailAddress = consumer.email;
    if (options.consumerNameRequested === true) {
      if (consumer.firstName) payload.consumerFirstName = consumer.firstName;
      if (consumer.lastName) payload.consumerLastName = consumer.lastName;
      const full = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
      if (full) payload.consumerFullName = full;
    }
    if (options.consumerPhoneNumberRequested === true && consumer.mobileNumber) {
      payload.consumerMobileNumber = {
        countryCode: consumer.mobileCountryCode ?? '1',
        phoneNumber: consumer.mobileNumber,
      };
    }
  }
  payload.srcTokenResultsData = {
    tokenRequestorId: '50123456789',
    unpredictableNumber: randomBytes(4).toString('hex'),
  };
  return payload;
}

function assuranceData(authenticated: boolean, at: Date): Json {
  return {
    verificationData: [
      {
        verificationType: 'CARDHOLDER',
        verificationEntity: '02',
        verificationMethod: '04',
        verificationResults: authenticated ? '01' : '04',
        verificationTimestamp: at.toISOString(),
        verificationEvents: ['01'],
      },
    ],
    eci: authenticated ? '02' : '06',
  };
}

type DpaRow = typeof sandboxDpas.$inferSelect;

const notYourDpa = (srcDpaId: string) =>
  new ApiError(403, 'PERMISSION_DENIED', `DPA ${srcDpaId} belongs to another client`, [
    { reason: 'PERMISSION_DENIED', source: 'srcDpaId', sourceType: 'BODY' },
  ]);

export async function networkApiRoutes(
  app: FastifyInstance,
  { db, keys, publicBaseUrl, clients, dpaOwners = {} }: NetworkApiOptions,
): Promise<void> {
  hashRequestBodies(app);
  const authenticate = clientAuthenticator(clients, storedClients(db));
  await clientsRoutes(app, { db, optionClientIds: clients.map((client) => client.clientId) });

  /** The DPA with the key payloads are encrypted to, when it is the caller's; else 403 PERMISSION_DENIED. */
  async function callersDpa(srcDpaId: string, clientId: string): Promise<DpaRow> {
    const [dpa] = await db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, srcDpaId));
    if (!dpa || dpa.clientId === null) {
      throw new ApiError(
        403,
        'PERMISSION_DENIED',
        `No payload encryption key is registered for DPA ${srcDpaId}: PUT /sandbox/dpas/${srcDpaId}/key first`,
      );
    }
    if (dpa.clientId !== clientId) throw notYourDpa(srcDpaId);
    return dpa;
  }

  /** 403 unless the DPA (of a checkout or a merchant card) was registered by the caller. */
  async function assertOwnDpa(srcDpaId: string, clientId: string): Promise<void> {
    const [dpa] = await db
      .select({ clientId: sandboxDpas.clientId })
      .from(sandboxDpas)
      .where(eq(sandboxDpas.srcDpaId, srcDpaId));
    if (dpa?.clientId !== clientId) throw notYourDpa(srcDpaId);
  }

  const scofContext = { db, keys, publicBaseUrl, authenticate, callersDpa };
  scofRoutes(app, scofContext);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(new ApiError(status, 'INVALID_ARGUMENT', (error as Error).message).toBody());
    }
    request.log.error({ err: error }, 'sandbox network API failed');
    return reply.status(500).send(new ApiError(500, 'INTERNAL', 'Something went wrong in the sandbox').toBody());
  });

  // ---- keys (section 8.3) -----------------------------------------------------------------------
  app.get('/keys', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });
  app.get('/keys/mcs/fpanEncryption', async () => ({ keys: [keys.publicJwk('fpan-encryption')] }));
  app.get('/keys/mcs/payloadVerification', async () => ({ keys: [keys.publicJwk('payload-verification')] }));

  // ---- the merchant's payload encryption key, per DPA (our own onboarding shortcut) -------------
  app.put<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/key', async (request, reply) => {
    const clientId = await authenticate(request);
    const jwk = asObject(request.body);
    if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
      throw invalidArgument('body', 'The body must be an RSA public key as a JWK ({ kty: "RSA", n, e, kid? })');
    }
    if ('d' in jwk || 'p' in jwk) {
      throw invalidArgument('body', 'That is a private key: register the public half only (drop d, p, q, dp, dq, qi)');
    }
    if (Buffer.from(jwk.n, 'base64url').length < 256) {
      throw invalidArgument('body', 'The RSA key must be at least 2048 bits');
    }
    const publicJwk: Json = {
      kty: 'RSA',
      n: jwk.n,
      e: jwk.e,
      ...(typeof jwk.kid === 'string' ? { kid: jwk.kid } : {}),
    };
    try {
      await importJWK(publicJwk as JWK, 'RSA-OAEP-256');
    } catch {
      throw invalidArgument('body', 'The JWK is not a usable RSA key');
    }
    const srcDpaId = request.params.srcDpaId;
    const reservedFor = Object.hasOwn(dpaOwners, srcDpaId) ? dpaOwners[srcDpaId] : undefined;
    if (reservedFor !== undefined && reservedFor !== clientId) throw notYourDpa(srcDpaId);
    // The first client to register a DPA's key owns the DPA (a key stored before owners were kept
    // goes to the next client that registers one).
    const stored = await db
      .insert(sandboxDpas)
      .values({ srcDpaId, publicJwk, clientId })
      .onConflictDoUpdate({
        target: sandboxDpas.srcDpaId,
        set: { publicJwk, clientId, updatedAt: new Date() },
        setWhere: or(isNull(sandboxDpas.clientId), eq(sandboxDpas.clientId, clientId)),
      })
      .returning({ srcDpaId: sandboxDpas.srcDpaId });
    if (stored.length === 0) {
      throw new ApiError(403, 'PERMISSION_DENIED', `DPA ${srcDpaId} belongs to another client`, [
        { reason: 'PERMISSION_DENIED', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    }
    return reply.status(204).send();
  });
  app.get<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/key', async (request) => {
    const [dpa] = await db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, request.params.srcDpaId));
    if (!dpa)
      throw new ApiError(404, 'NOT_FOUND', 'No key is registered for this DPA', [
        { reason: 'NOT_FOUND', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    return dpa.publicJwk;
  });

  // ---- checkout: the payload (section 9.2 b) ----------------------------------------------------
  app.post('/srci/api/checkout', async (request) => {
    const clientId = await authenticate(request);
    const body = asObject(request.body);
    const srcDpaId = nonEmptyString(body.srcDpaId);
    if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
    const reference = asObject(body.checkoutReference);
    const data = asObject(reference.data);
    const type = String(reference.type ?? 'MERCHANT_TRANSACTION_ID');
    const dpa = await callersDpa(srcDpaId, clientId);
    const now = new Date();
    const optionsProblem = transactionOptionsProblem(body.dpaTransactionOptions, 'dpaTransactionOptions');
    if (optionsProblem) throw invalidArgument(optionsProblem.field, optionsProblem.message);
    const options: Json = asObject(body.dpaTransactionOptions);
    let card: CardRow | undefined;
    let consumer: ConsumerRow | undefined;
    let correlationId: string;
    let merchantTransactionId: string | undefined;
    let merchantCardId: string | undefined;
    let authenticated = false;
    let checkoutOptions: Json = {};

    if (type === 'MERCHANT_CARD_ID') {
      merchantCardId = nonEmptyString(data.merchantCardId);
      if (!merchantCardId || !/^[0-9a-f-]{36}$/i.test(merchantCardId)) {
        throw invalidArgument(
          'checkoutReference.data.merchantCardId',
          'checkoutReference.data.merchantCardId is required',
        );
      }
      const [merchantCard] = await db
        .select()
        .from(sandboxMerchantCards)
        .where(
          and(
            eq(sandboxMerchantCards.merchantCardId, merchantCardId),
            eq(sandboxMerchantCards.srcDpaId, srcDpaId),
            isNull(sandboxMerchantCards.deletedAt),
          ),
        );
      if (!merchantCard) {
        throw new ApiError(400, 'INVALID_ARGUMENT', 'No such merchant card', [
          { reason: 'CARD_NOT_FOUND', source: 'checkoutReference.data.merchantCardId', sourceType: 'BODY' },
        ]);
      }
      [card] = await db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.srcDigitalCardId, merchantCard.srcDigitalCardId));
      correlationId = nonEmptyString(body.correlationId) ?? newCorrelationId();
    } else if (type === 'MERCHANT_TRANSACTION_ID') {
      merchantTransactionId = nonEmptyString(data.merchantTransactionId);
      if (!merchantTransactionId) {
        throw invalidArgument(
          'checkoutReference.data.merchantTransactionId',
          'checkoutReference.data.merchantTransactionId is required',
        );
      }
      const flowId = request.headers['x-src-cx-flow-id'];
      if (typeof flowId !== 'string' || flowId === '') {
        throw invalidArgument(
          'x-src-cx-flow-id',
          'The X-SRC-CX-FLOW-ID header (checkout result headers) is required',
          'HEADER',
        );
      }
      const [checkout] = await db
        .select()
        .from(sandboxCheckouts)
        .where(
          and(
            eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId),
            eq(sandboxCheckouts.srcDpaId, srcDpaId),
          ),
        );
      if (!checkout || checkout.status !== 'COMPLETE') {
        throw new ApiError(
          400,
          'INVALID_ARGUMENT',
          'No completed checkout has this merchantTransactionId for this DPA',
          [{ reason: 'NOT_FOUND', source: 'checkoutReference.data.merchantTransactionId', sourceType: 'BODY' }],
        );
      }
      if (checkout.flowId !== flowId) {
        throw invalidArgument('x-src-cx-flow-id', 'X-SRC-CX-FLOW-ID does not belong to this checkout', 'HEADER');
      }
      const given = nonEmptyString(body.correlationId);
      if (given && given !== checkout.srcCorrelationId) {
        throw invalidArgument('correlationId', 'correlationId does not belong to this checkout');
      }
      correlationId = checkout.srcCorrelationId!;
      checkoutOptions = asObject(checkout.request.dpaTransactionOptions);
      authenticated = now.getTime() - (checkout.completedAt?.getTime() ?? 0) <= AUTHENTICATED_WINDOW_MS;
      [card] = await db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.srcDigitalCardId, checkout.srcDigitalCardId!));
      if (checkout.consumerId) {
        [consumer] = await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.id, checkout.consumerId));
      }
      const [existing] = await db
        .select()
        .from(sandboxMerchantCards)
        .where(
          and(
            eq(sandboxMerchantCards.srcDigitalCardId, checkout.srcDigitalCardId!),
            eq(sandboxMerchantCards.srcDpaId, srcDpaId),
            isNull(sandboxMerchantCards.deletedAt),
          ),
        );
      merchantCardId = existing?.merchantCardId;
      if (checkout.request.installmentPlan)
        checkoutOptions = { ...checkoutOptions, installmentPlan: checkout.request.installmentPlan };
    } else {
      throw invalidArgument(
        'checkoutReference.type',
        'checkoutReference.type must be MERCHANT_TRANSACTION_ID or MERCHANT_CARD_ID',
      );
    }
    if (!card) throw new ApiError(400, 'INVALID_ARGUMENT', 'The card is gone', [{ reason: 'CARD_NOT_FOUND' }]);

    const merged = { ...checkoutOptions, ...options };
    const payload = buildPayload(card, consumer, merged, now);
    if (isObject(checkoutOptions.installmentPlan)) payload.installmentData = checkoutOptions.installmentPlan;
    // The amount the shopper saw in the DCF, whatever this request says (our addition, see the README).
    if (isObject(checkoutOptions.transactionAmount)) payload.transactionAmount = checkoutOptions.transactionAmount;
    const enc = request.headers['x-sandbox-payload-enc'] === 'A128GCM' ? 'A128GCM' : 'A128CBC-HS256';
    const encryptedPayload = await encryptToMerchant(payload, dpa.publicJwk as JWK, enc);
    const dcf = { uri: `${publicBaseUrl()}/sandbox/dcf` };
    return {
      ...(merchantTransactionId ? { merchantTransactionId } : {}),
      correlationId,
      encryptedPayload,
      ...(merchantCardId ? { merchantCardId } : {}),
      assuranceData: assuranceData(authenticated, now),
      maskedCard: maskedCard(card, dcf),
      ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
    };
  });

  // ---- the current API (section 9.2 a): the payload inside a signed checkout response ----------
  app.post('/src/api/digital/payments/transaction/credentials', async (request) => {
    const clientId = await authenticate(request);
    const body = asObject(request.body);
    const srcDpaId = nonEmptyString(body.srcDpaId);
    const srcCorrelationId = nonEmptyString(body.srcCorrelationId);
    const srcDigitalCardId = nonEmptyString(body.srcDigitalCardId);
    if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
    if (!srcDigitalCardId) throw invalidArgument('srcDigitalCardId', 'srcDigitalCardId is required');
    const srcClientId = nonEmptyString(body.srcClientId);
    if (srcClientId && srcClientId !== clientId) {
      throw new ApiError(403, 'PERMISSION_DENIED', 'srcClientId is not the client that signed the request', [
        { reason: 'PERMISSION_DENIED', source: 'srcClientId', sourceType: 'BODY' },
      ]);
    }
    const enc = request.headers['x-sandbox-payload-enc'] === 'A128GCM' ? 'A128GCM' : 'A128CBC-HS256';
    // A card on file (Secure Card on File): credentials per payment, no checkout behind them.
    const scof = await findScofCard(db, srcDigitalCardId, clientId);
    if (scof) return scofCredentials(scofContext, clientId, scof, body, enc);
    if (!srcCorrelationId) throw invalidArgument('srcCorrelationId', 'srcCorrelationId is required');
    const dpa = await callersDpa(srcDpaId, clientId);
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(and(eq(sandboxCheckouts.srcCorrelationId, srcCorrelationId), eq(sandboxCheckouts.srcDpaId, srcDpaId)));
    if (!checkout || checkout.status !== 'COMPLETE') {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'No completed checkout has this srcCorrelationId for this DPA', [
        { reason: 'NOT_FOUND', source: 'srcCorrelationId', sourceType: 'BODY' },
      ]);
    }
    if (checkout.srcDigitalCardId !== srcDigitalCardId) {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'srcDigitalCardId is not the card of this checkout', [
        { reason: 'CARD_NOT_FOUND', source: 'srcDigitalCardId', sourceType: 'BODY' },
      ]);
    }
    const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId));
    if (!card) throw new ApiError(400, 'INVALID_ARGUMENT', 'The card is gone', [{ reason: 'CARD_NOT_FOUND' }]);
    const [consumer] = checkout.consumerId
      ? await db.select().from(sandboxConsumers).where(eq(sandboxConsumers.id, checkout.consumerId))
      : [];
    const now = new Date();
    const options = asObject(checkout.request.dpaTransactionOptions);
    const payload = buildPayload(card, consumer, options, now);
    if (isObject(options.transactionAmount)) payload.transactionAmount = options.transactionAmount;
    const authenticated = now.getTime() - (checkout.completedAt?.getTime() ?? 0) <= AUTHENTICATED_WINDOW_MS;
    const dcf = { uri: `${publicBaseUrl()}/sandbox/dcf` };
    const checkoutResponseJWS = await keys.signCheckoutResponse({
      srcCorrelationId,
      srciTransactionId: checkout.merchantTransactionId,
      encryptedPayload: await encryptToMerchant(payload, dpa.publicJwk as JWK, enc),
      maskedCard: maskedCard(card, dcf),
      ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
      assuranceData: assuranceData(authenticated, now),
    });
    return { checkoutResponseJWS };
  });

  // ---- confirmations (section 10) ---------------------------------------------------------------
  async function confirm(
    clientId: string,
    correlationId: string | undefined,
    merchantTransactionId: string | undefined,
    body: Json,
  ) {
    if (!correlationId) throw invalidArgument('correlationId', 'correlationId (srcCorrelationId) is required');
    const data = body.confirmationData;
    if (!isObject(data)) throw invalidArgument('confirmationData', 'confirmationData is required');
    const codes: [string, RegExp][] = [
      ['checkoutEventType', /^0[1-7]$/],
      ['checkoutEventStatus', /^(0[1-5]|[0-9]{2})$/],
    ];
    for (const [field, pattern] of codes) {
      if (typeof data[field] !== 'string' || !pattern.test(data[field])) {
        throw invalidArgument(
          `confirmationData.${field}`,
          `confirmationData.${field} is required (two digits, see the reference)`,
        );
      }
    }
    if (data.confirmationStatus !== undefined && !/^0[1-3]$/.test(String(data.confirmationStatus))) {
      throw invalidArgument(
        'confirmationData.confirmationStatus',
        'confirmationData.confirmationStatus must be 01, 02 or 03',
      );
    }
    if (typeof data.confirmationTimestamp !== 'string' || Number.isNaN(Date.parse(data.confirmationTimestamp))) {
      throw invalidArgument(
        'confirmationData.confirmationTimestamp',
        'confirmationData.confirmationTimestamp must be an ISO date',
      );
    }
    if (data.checkoutEventType === '01' && !nonEmptyString(data.networkTransactionIdentifier)) {
      throw invalidArgument(
        'confirmationData.networkTransactionIdentifier',
        'networkTransactionIdentifier is required for checkoutEventType 01 (send UNAVLB when unknown)',
      );
    }
    if (data.transactionAmount !== undefined) {
      const amount = asObject(data.transactionAmount);
      if (
        !Number.isFinite(Number(amount.transactionAmount)) ||
        !/^[A-Z]{3}$/.test(String(amount.transactionCurrencyCode ?? ''))
      ) {
        throw invalidArgument(
          'confirmationData.transactionAmount',
          'transactionAmount needs transactionAmount and a 3-letter transactionCurrencyCode',
        );
      }
    }
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(
        merchantTransactionId
          ? and(
              eq(sandboxCheckouts.srcCorrelationId, correlationId),
              eq(sandboxCheckouts.merchantTransactionId, merchantTransactionId),
            )
          : eq(sandboxCheckouts.srcCorrelationId, correlationId),
      );
    if (!checkout && (await findScofPayment(db, correlationId, clientId))) {
      // A payment by a card on file: credentials, no checkout behind them.
      await db.insert(sandboxConfirmations).values({ checkoutId: null, srcCorrelationId: correlationId, body });
      return;
    }
    if (!checkout) {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'No checkout has this correlationId', [
        { reason: 'NOT_FOUND', source: 'correlationId', sourceType: 'BODY' },
      ]);
    }
    await assertOwnDpa(checkout.srcDpaId, clientId);
    await db.insert(sandboxConfirmations).values({ checkoutId: checkout.id, srcCorrelationId: correlationId, body });
  }

  app.post('/srci/api/checkout/confirmations', async (request, reply) => {
    const clientId = await authenticate(request);
    const body = asObject(request.body);
    await confirm(clientId, nonEmptyString(body.correlationId), nonEmptyString(body.merchantTransactionId), body);
    return reply.status(204).send();
  });
  app.post('/src/api/confirmations', async (request, reply) => {
    const clientId = await authenticate(request);
    const body = asObject(request.body);
    await confirm(clientId, nonEmptyString(body.srcCorrelationId), undefined, body);
    return reply.status(204).send();
  });

  // ---- card-on-file merchant cards (section 12, older UCS API) ----------------------------------
  app.post('/srci/api/merchantCards', async (request) => {
    const clientId = await authenticate(request);
    const body = asObject(request.body);
    const srcDpaId = nonEmptyString(body.srcDpaId);
    if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
    await assertOwnDpa(srcDpaId, clientId);
    const mtid = nonEmptyString(body.merchantTransactionId);
    const correlationId = nonEmptyString(body.correlationId);
    if (!mtid && !correlationId) {
      throw invalidArgument(
        'merchantTransactionId',
        'merchantTransactionId or correlationId of a completed checkout is required',
      );
    }
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(
        and(
          eq(sandboxCheckouts.srcDpaId, srcDpaId),
          eq(sandboxCheckouts.status, 'COMPLETE'),
          or(
            mtid ? eq(sandboxCheckouts.merchantTransactionId, mtid) : undefined,
            correlationId ? eq(sandboxCheckouts.srcCorrelationId, correlationId) : undefined,
          ),
        ),
      );
    if (!checkout?.srcDigitalCardId) {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'No completed checkout matches for this DPA', [
        { reason: 'NOT_FOUND', source: mtid ? 'merchantTransactionId' : 'correlationId', sourceType: 'BODY' },
      ]);
    }
    const [row] = await db
      .insert(sandboxMerchantCards)
      .values({
        srcDpaId,
        srcDigitalCardId: checkout.srcDigitalCardId,
        merchantAccountId: nonEmptyString(body.merchantAccountId) ?? null,
      })
      .returning();
    return { merchantCardId: row!.merchantCardId };
  });
  app.delete<{ Params: { merchantCardId: string } }>(
    '/srci/api/merchantCards/:merchantCardId',
    async (request, reply) => {
      const clientId = await authenticate(request);
      const id = request.params.merchantCardId;
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw invalidArgument('merchantCardId', 'merchantCardId is not valid', 'PATH');
      const ownDpas = db
        .select({ id: sandboxDpas.srcDpaId })
        .from(sandboxDpas)
        .where(eq(sandboxDpas.clientId, clientId));
      const deleted = await db
        .update(sandboxMerchantCards)
        .set({ deletedAt: new Date() })
        .where(
          and(
            eq(sandboxMerchantCards.merchantCardId, id),
            isNull(sandboxMerchantCards.deletedAt),
            inArray(sandboxMerchantCards.srcDpaId, ownDpas),
          ),
        )
        .returning({ id: sandboxMerchantCards.merchantCardId });
      if (deleted.length === 0) {
        throw new ApiError(404, 'NOT_FOUND', 'No such merchant card', [
          { reason: 'CARD_NOT_FOUND', source: 'merchantCardId', sourceType: 'PATH' },
        ]);
      }
      return reply.status(204).send();
    },
  );
}
