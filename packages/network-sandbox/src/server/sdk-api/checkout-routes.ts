// Checkouts (checkoutWithCard, checkoutWithNewCard, checkoutWithInstallments): opening one, what
// the DCF shows of it, the code a new card's existing profile needs, and the result the SDK reads.
// The DCF's answer is in checkout-action.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskEmail, type ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { CHECKOUT_SESSION_TTL_MS } from '../expiry.ts';
import { consumerProblem, sdkAmountProblem, storableJson, transactionOptionsProblem } from '../input.ts';
import { assertOriginAllowed } from '../origins.ts';
import { MERCHANT_PAGE, PAGE_OR_HOSTED_WINDOW, WINDOW_ONLY } from '../route-callers.ts';
import { asObject, isObject, nonEmptyString, type Json } from '../util.ts';
import { checkCode, sendCode } from './codes.ts';
import { inaccessible, invalidParameter, typistOf, type SdkContext } from './context.ts';
import { installmentOffer } from './installments.ts';
import { storeNewCard } from './new-card.ts';
import { rememberMeConsent } from '../consent.ts';
import { validationConsumerOf } from './checkout-view.ts';
import { bindHostedCheckout, callerOf, needsStepUp, windowOf } from './windows.ts';
import {
  countCheckouts,
  findCheckout,
  findConsumer,
  findConsumerByEmail,
  findConsumersCard,
  insertCheckout,
  setPendingCheckoutConsumer,
  updateSession,
  type CheckoutRow,
  type SessionRow,
} from './repository.ts';

/** Checkouts one SDK session may open. */
const MAX_CHECKOUTS_PER_SESSION = 50;

type CheckoutKind = 'CARD' | 'NEW_CARD' | 'INSTALLMENTS';

/** What the checkout keeps of the SDK's call (the session's init options with the call's on top). */
function checkoutRequestOf(body: Json, session: SessionRow): Json {
  const rememberMe = rememberMeConsent(body);
  const request: Json = {
    dpaTransactionOptions: {
      ...asObject(session.init.dpaTransactionOptions),
      ...asObject(body.dpaTransactionOptions),
    },
    rememberMe: rememberMe.given,
    // The merchant's page asked the shopper already (true or false): the DCF does not ask again.
    rememberMeAsked: rememberMe.asked,
    recognitionTokenRequested: body.recognitionTokenRequested === true || body.requestRecognitionToken === true,
    ...(isObject(body.consumer) ? { consumer: body.consumer } : {}),
    ...(isObject(body.complianceSettings) ? { complianceSettings: body.complianceSettings } : {}),
  };
  invalidParameter(
    transactionOptionsProblem(request.dpaTransactionOptions, 'dpaTransactionOptions') ??
      sdkAmountProblem(body.dpaTransactionOptions, 'dpaTransactionOptions') ??
      (isObject(body.consumer) ? consumerProblem(body.consumer) : undefined) ??
      storableJson(request.complianceSettings, 'complianceSettings', 1024),
  );
  return request;
}

/** The installment plan the body picks, when the checkout's amount is eligible. */
function chosenPlan(body: Json, checkoutRequest: Json, session: SessionRow) {
  const offer = installmentOffer(asObject(checkoutRequest.dpaTransactionOptions), session);
  const planId = nonEmptyString(asObject(body.installmentPlan).planId) ?? nonEmptyString(body.planId);
  const plan = offer.plans.find((p) => p.planId === planId);
  if (!offer.eligible) throw new SdkError(400, 'INVALID_REQUEST', 'This transaction is not eligible for installments');
  if (!plan) throw new SdkError(400, 'INVALID_PARAMETER', `Unknown installment planId: ${planId ?? '(none)'}`);
  return plan;
}

async function checkoutById({ db }: SdkContext, id: string): Promise<CheckoutRow> {
  const row = await findCheckout(db, id);
  if (!row) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
  return row;
}

/** A new card, and the profile it would join (an existing one must prove it is theirs, the code, first). */
async function newCardCheckout(
  { db, keys }: SdkContext,
  body: Json,
  session: SessionRow,
  consumer: ConsumerRow | undefined,
  request: Json,
) {
  const cardId = await storeNewCard(db, keys, body);
  if (consumer) return cardId;
  const given = asObject(body.consumer);
  const email =
    (typeof given.emailAddress === 'string' ? given.emailAddress.toLowerCase() : undefined) ??
    (session.lookupIdentity?.identityType === 'EMAIL_ADDRESS'
      ? String(session.lookupIdentity.identityValue)
      : undefined);
  if (email) {
    request.enrolEmail = email;
    const existing = await findConsumerByEmail(db, email);
    if (existing) request.validationConsumerId = existing.id;
  }
  return cardId;
}

/** One of the signed-in consumer's cards (and, for installments, the plan chosen). */
async function savedCardCheckout(
  { db }: SdkContext,
  kind: CheckoutKind,
  body: Json,
  session: SessionRow,
  consumer: ConsumerRow | undefined,
  request: Json,
) {
  const srcDigitalCardId = nonEmptyString(body.srcDigitalCardId);
  if (!srcDigitalCardId) throw new SdkError(400, 'CARDID_MISSING', 'Pass the srcDigitalCardId of one of getCards');
  if (!consumer) {
    throw new SdkError(
      401,
      'AUTH_INVALID',
      'The consumer is not recognised: validate them (idLookup, initiateValidation, validate) first',
    );
  }
  const card = await findConsumersCard(db, srcDigitalCardId, consumer.id);
  if (!card) throw new SdkError(404, 'CARD_NOT_RECOGNIZED', 'The card is not one of this consumer');
  if (kind === 'INSTALLMENTS') request.installmentPlan = chosenPlan(body, request, session);
  return card.srcDigitalCardId;
}

/** The origin the DCF answers, and is framed by: the page that initialised the SDK, never one the body names. */
async function merchantOriginOf({ db, origins }: SdkContext, session: SessionRow): Promise<string> {
  const merchantOrigin = session.origin;
  if (!merchantOrigin) {
    throw new SdkError(403, 'AUTH_ERROR', 'A checkout answers the page that called init: call init from that page');
  }
  // That page must (still) be one the DPA allows.
  if (!origins.isOwn(merchantOrigin)) await assertOriginAllowed(db, session.srcDpaId, merchantOrigin);
  return merchantOrigin;
}

/**
 * A pending checkout whose window asks for a code, and the profile it proves: the existing profile
 * a new card would join, or the recognised consumer this browser does not prove (needsStepUp).
 */
async function checkoutToValidate(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  id: string,
): Promise<{ checkout: CheckoutRow; consumer: ConsumerRow }> {
  const checkout = await checkoutById(ctx, id);
  if (checkout.status !== 'PENDING') {
    throw new SdkError(409, 'INVALID_REQUEST', `The checkout is already ${checkout.status}`);
  }
  const stepUp = await needsStepUp(ctx, request, session, checkout);
  const consumer = await findConsumer(ctx.db, stepUp ? checkout.consumerId : (validationConsumerOf(checkout) ?? null));
  if (!consumer || (checkout.consumerId && !stepUp)) {
    throw new SdkError(400, 'INVALID_REQUEST', 'This checkout needs no code');
  }
  if (consumer.locked) throw inaccessible();
  return { checkout, consumer };
}

export function checkoutRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db } = ctx;

  // The merchant's page opens a checkout (lib.js, srcsdk); the hosted form opens its own.
  app.post('/api/checkouts', PAGE_OR_HOSTED_WINDOW, async (request) => {
    const { session, window } = callerOf(request);
    const body = asObject(request.body);
    const kind: CheckoutKind =
      body.kind === 'NEW_CARD' ? 'NEW_CARD' : body.kind === 'INSTALLMENTS' ? 'INSTALLMENTS' : 'CARD';
    if (window && kind !== 'INSTALLMENTS') {
      throw new SdkError(400, 'INVALID_PARAMETER', 'The hosted form opens installment checkouts only');
    }
    // One srcCorrelationId per SDK session (getSrcProfile's): a checkout cannot name another.
    const correlationId = nonEmptyString(body.srcCorrelationId);
    if (correlationId && correlationId !== session.correlationId) {
      throw new SdkError(400, 'INVALID_PARAMETER', 'srcCorrelationId is not this SDK session’s (getSrcProfile’s)');
    }
    const merchantOrigin = await merchantOriginOf(ctx, session);
    // The consumer this browser proves (a server holding the session token alone proves none).
    const proof = await ctx.consumerOf(request, session);
    const consumer = proof?.consumer;
    if (consumer?.locked) throw inaccessible();
    const checkoutRequest = checkoutRequestOf(body, session);
    // Recognised by this browser's remember-me cookie: the recognition token, if any, names its device.
    if (proof?.by === 'DEVICE') checkoutRequest.cookieDeviceId = proof.deviceId;
    if ((await countCheckouts(db, session.tokenHash)) >= MAX_CHECKOUTS_PER_SESSION) {
      throw new SdkError(429, 'RATE_LIMIT_EXCEEDED', 'Too many checkouts in this SDK session: call init again');
    }
    const cardId =
      kind === 'NEW_CARD'
        ? await newCardCheckout(ctx, body, session, consumer, checkoutRequest)
        : await savedCardCheckout(ctx, kind, body, session, consumer, checkoutRequest);
    const id = randomBytes(18).toString('base64url');
    await insertCheckout(db, {
      id,
      sessionTokenHash: session.tokenHash,
      srcDpaId: session.srcDpaId,
      kind,
      srcDigitalCardId: cardId,
      consumerId: consumer?.id ?? null,
      merchantOrigin,
      request: checkoutRequest,
    });
    if (window) await bindHostedCheckout(ctx, window, id);
    // A session with a checkout lives long enough for the merchant's payload and confirmation.
    await updateSession(db, session.tokenHash, { expiresAt: new Date(Date.now() + CHECKOUT_SESSION_TTL_MS) });
    return { checkoutId: id };
  });

  // The checkout window sends the existing profile's owner a code (a new card's code screen).
  app.post('/api/window/profile-code/initiate', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CHECKOUT']);
    const { checkout, consumer } = await checkoutToValidate(ctx, request, session, window.checkoutId ?? '');
    await sendCode(db, checkout.sessionTokenHash, consumer.id, 'EMAIL_ADDRESS');
    return { maskedValidationChannel: maskEmail(consumer.email) };
  });

  // The right code makes the checkout the profile's: COMPLETE then enrols the card and signs the session in.
  app.post('/api/window/profile-code/complete', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CHECKOUT']);
    const { checkout, consumer } = await checkoutToValidate(ctx, request, session, window.checkoutId ?? '');
    const value = asObject(request.body).value;
    const validated = await checkCode(db, typistOf(request, session), typeof value === 'string' ? value.trim() : '');
    if (validated.id !== consumer.id) throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent for this checkout');
    await setPendingCheckoutConsumer(db, checkout.id, consumer.id);
    return { validated: true };
  });

  // The SDK reads the result from the server, not from the message: a page cannot forge it.
  app.get<{ Params: { id: string } }>('/api/checkouts/:id/result', MERCHANT_PAGE, async (request) => {
    const session = ctx.sessionOf(request);
    const checkout = await checkoutById(ctx, request.params.id);
    if (checkout.sessionTokenHash !== session.tokenHash) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
    if (checkout.status === 'PENDING' || !checkout.result) {
      throw new SdkError(409, 'INVALID_REQUEST', 'The consumer has not finished in the DCF yet');
    }
    return checkout.result;
  });
}
