// The payload the merchant's server fetches after a checkout: the older API (section 9.2 b, by
// merchant transaction id or merchant card id) and the current one (section 9.2 a, in a signed
// checkout response).
import type { JWK } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mounted, networkApi } from '../../api/network-api.ts';
import { maskedCard, maskedConsumer, type CardRow, type ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { ApiError, invalidArgument } from '../errors.ts';
import { transactionOptionsProblem } from '../input.ts';
import { encryptToMerchant } from '../keys.ts';
import { asObject, isObject, newCorrelationId, nonEmptyString, type Json } from '../util.ts';
import { callersDpa, payloadEncryption, scofContextOf, type NetworkContext } from './context.ts';
import { findScofCard, scofCredentials } from '../scof-api.ts';
import { assuranceDataOf } from '../transaction-authentication.ts';
import { buildPayload } from './payload.ts';
import {
  findCard,
  findCheckoutByCorrelationId,
  findCheckoutByTransactionId,
  findConsumer,
  findMerchantCard,
  findMerchantCardOf,
} from './repository.ts';
import { signedClientOf } from '../network-api-setup.ts';

/** What a checkout reference leads to: the card and consumer to pay with, and the ids to answer. */
interface PayloadSource {
  card: CardRow | undefined;
  consumer?: ConsumerRow | undefined;
  correlationId: string;
  merchantTransactionId?: string;
  merchantCardId?: string;
  /** What the shopper proved in the checkout, and how it is told (no checkout: nothing was proved now). */
  assuranceData: ReturnType<typeof assuranceDataOf>;
  /** The checkout's own options (the amount the shopper saw, the installment plan). */
  checkoutOptions: Json;
}

const cardGone = () => new ApiError(400, 'INVALID_ARGUMENT', 'The card is gone', [{ reason: 'CARD_NOT_FOUND' }]);

/** A merchant card kept at an earlier checkout (card on file): never authenticated now. */
async function merchantCardSource(
  db: SandboxDatabase,
  body: Json,
  data: Json,
  srcDpaId: string,
): Promise<PayloadSource> {
  const merchantCardId = nonEmptyString(data.merchantCardId);
  if (!merchantCardId || !/^[0-9a-f-]{36}$/i.test(merchantCardId)) {
    throw invalidArgument('checkoutReference.data.merchantCardId', 'checkoutReference.data.merchantCardId is required');
  }
  const merchantCard = await findMerchantCard(db, merchantCardId, srcDpaId);
  if (!merchantCard) {
    throw new ApiError(400, 'INVALID_ARGUMENT', 'No such merchant card', [
      { reason: 'CARD_NOT_FOUND', source: 'checkoutReference.data.merchantCardId', sourceType: 'BODY' },
    ]);
  }
  return {
    card: await findCard(db, merchantCard.srcDigitalCardId),
    correlationId: nonEmptyString(body.correlationId) ?? newCorrelationId(),
    merchantCardId,
    assuranceData: assuranceDataOf({}, new Date(), { correlated: false }),
    checkoutOptions: {},
  };
}

/** The completed checkout of the merchant transaction id, proven by its flow id header. */
async function transactionSource(
  db: SandboxDatabase,
  request: FastifyRequest,
  body: Json,
  data: Json,
  srcDpaId: string,
  now: Date,
) {
  const merchantTransactionId = nonEmptyString(data.merchantTransactionId);
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
  const checkout = await findCheckoutByTransactionId(db, merchantTransactionId, srcDpaId);
  if (!checkout || checkout.status !== 'COMPLETE') {
    throw new ApiError(400, 'INVALID_ARGUMENT', 'No completed checkout has this merchantTransactionId for this DPA', [
      { reason: 'NOT_FOUND', source: 'checkoutReference.data.merchantTransactionId', sourceType: 'BODY' },
    ]);
  }
  if (checkout.flowId !== flowId) {
    throw invalidArgument('x-src-cx-flow-id', 'X-SRC-CX-FLOW-ID does not belong to this checkout', 'HEADER');
  }
  const given = nonEmptyString(body.correlationId);
  if (given && given !== checkout.srcCorrelationId) {
    throw invalidArgument('correlationId', 'correlationId does not belong to this checkout');
  }
  // An authenticated payload is asked for with the checkout's srcCorrelationId (else eci 06).
  const correlated = given !== undefined;
  const card = await findCard(db, checkout.srcDigitalCardId!);
  const consumer = await findConsumer(db, checkout.consumerId);
  const existing = await findMerchantCardOf(db, checkout.srcDigitalCardId!, srcDpaId);
  const checkoutOptions = asObject(checkout.request.dpaTransactionOptions);
  const plan = checkout.request.installmentPlan;
  return {
    card,
    consumer,
    correlationId: checkout.srcCorrelationId!,
    merchantTransactionId,
    merchantCardId: existing?.merchantCardId,
    assuranceData: assuranceDataOf(checkout.request, now, { correlated }),
    checkoutOptions: plan ? { ...checkoutOptions, installmentPlan: plan } : checkoutOptions,
  } satisfies PayloadSource;
}

/** The current API's body: every id required, and srcClientId (when given) the signer. */
function credentialsRequest(body: Json, clientId: string) {
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
  return { srcDpaId, srcCorrelationId, srcDigitalCardId };
}

/** The older API (section 9.2 b): by merchant transaction id or merchant card id. */
function checkoutPayloadRoute(app: FastifyInstance, { db, origins }: NetworkContext): void {
  const dcf = () => ({ uri: `${origins.publicBaseUrl()}/sandbox/dcf` });

  const route = mounted(networkApi.checkoutPayload);
  app.withTypeProvider<ZodTypeProvider>().post(route.url, { schema: route.schema }, async (request) => {
    const clientId = signedClientOf(request);
    const body = asObject(request.body);
    const srcDpaId = nonEmptyString(body.srcDpaId);
    if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
    const reference = asObject(body.checkoutReference);
    const data = asObject(reference.data);
    const type = String(reference.type ?? 'MERCHANT_TRANSACTION_ID');
    const dpa = await callersDpa(db, srcDpaId, clientId);
    const now = new Date();
    const optionsProblem = transactionOptionsProblem(body.dpaTransactionOptions, 'dpaTransactionOptions');
    if (optionsProblem) throw invalidArgument(optionsProblem.field, optionsProblem.message);
    let source: PayloadSource;
    if (type === 'MERCHANT_CARD_ID') source = await merchantCardSource(db, body, data, srcDpaId);
    else if (type === 'MERCHANT_TRANSACTION_ID')
      source = await transactionSource(db, request, body, data, srcDpaId, now);
    else {
      throw invalidArgument(
        'checkoutReference.type',
        'checkoutReference.type must be MERCHANT_TRANSACTION_ID or MERCHANT_CARD_ID',
      );
    }
    const { card, consumer, correlationId, merchantTransactionId, merchantCardId, checkoutOptions } = source;
    if (!card) throw cardGone();
    const payload = buildPayload(card, consumer, { ...checkoutOptions, ...asObject(body.dpaTransactionOptions) }, now);
    if (isObject(checkoutOptions.installmentPlan)) payload.installmentData = checkoutOptions.installmentPlan;
    // The amount the shopper saw in the DCF, whatever this request says (our addition, see the README).
    if (isObject(checkoutOptions.transactionAmount)) payload.transactionAmount = checkoutOptions.transactionAmount;
    // The network puts the assurance data inside the payload too (reference section 17).
    payload.assuranceData = source.assuranceData;
    const encryptedPayload = await encryptToMerchant(payload, dpa.publicJwk as JWK, payloadEncryption(request));
    return {
      ...(merchantTransactionId ? { merchantTransactionId } : {}),
      correlationId,
      encryptedPayload,
      ...(merchantCardId ? { merchantCardId } : {}),
      assuranceData: source.assuranceData,
      maskedCard: maskedCard(card, dcf()),
      ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
    };
  });
}

/** The current API (section 9.2 a): the payload inside a signed checkout response. */
function credentialsRoute(app: FastifyInstance, ctx: NetworkContext): void {
  const { db, keys, origins } = ctx;
  const dcf = () => ({ uri: `${origins.publicBaseUrl()}/sandbox/dcf` });
  const route = mounted(networkApi.credentials);
  app.withTypeProvider<ZodTypeProvider>().post(route.url, { schema: route.schema }, async (request) => {
    const clientId = signedClientOf(request);
    const body = asObject(request.body);
    const { srcDpaId, srcCorrelationId, srcDigitalCardId } = credentialsRequest(body, clientId);
    // A card on file (Secure Card on File): credentials per payment, no checkout behind them.
    const scof = await findScofCard(db, srcDigitalCardId, clientId);
    if (scof) return scofCredentials(scofContextOf(ctx), clientId, scof, body, payloadEncryption(request));
    if (!srcCorrelationId) throw invalidArgument('srcCorrelationId', 'srcCorrelationId is required');
    const dpa = await callersDpa(db, srcDpaId, clientId);
    const checkout = await findCheckoutByCorrelationId(db, srcCorrelationId, srcDpaId, srcDigitalCardId);
    if (!checkout) {
      // None with this card: a second read only chooses the error.
      if (!(await findCheckoutByCorrelationId(db, srcCorrelationId, srcDpaId))) {
        throw new ApiError(400, 'INVALID_ARGUMENT', 'No completed checkout has this srcCorrelationId for this DPA', [
          { reason: 'NOT_FOUND', source: 'srcCorrelationId', sourceType: 'BODY' },
        ]);
      }
      throw new ApiError(400, 'INVALID_ARGUMENT', 'srcDigitalCardId is not the card of this checkout', [
        { reason: 'CARD_NOT_FOUND', source: 'srcDigitalCardId', sourceType: 'BODY' },
      ]);
    }
    const card = await findCard(db, srcDigitalCardId);
    if (!card) throw cardGone();
    const consumer = await findConsumer(db, checkout.consumerId);
    const now = new Date();
    const options = asObject(checkout.request.dpaTransactionOptions);
    const payload = buildPayload(card, consumer, options, now);
    if (isObject(options.transactionAmount)) payload.transactionAmount = options.transactionAmount;
    const assuranceData = assuranceDataOf(checkout.request, now, { correlated: true });
    payload.assuranceData = assuranceData;
    const checkoutResponseJWS = await keys.signCheckoutResponse({
      srcCorrelationId,
      srciTransactionId: checkout.merchantTransactionId,
      encryptedPayload: await encryptToMerchant(payload, dpa.publicJwk as JWK, payloadEncryption(request)),
      maskedCard: maskedCard(card, dcf()),
      ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
      assuranceData,
    });
    return { checkoutResponseJWS };
  });
}

export function payloadRoutes(app: FastifyInstance, ctx: NetworkContext): void {
  checkoutPayloadRoute(app, ctx);
  credentialsRoute(app, ctx);
}
