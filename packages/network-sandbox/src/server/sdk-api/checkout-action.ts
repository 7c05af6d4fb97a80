// The DCF's answer to a checkout (or the SDK's CANCEL when the shopper closed the popup). Claiming
// the checkout and writing its result are one transaction: a failure leaves it PENDING, never
// half-answered (so /result never answers 409 for a checkout nobody can answer any more).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskedCard, maskedConsumer, type CardRow, type ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { MERCHANT_PAGE, WINDOW_ONLY } from '../route-callers.ts';
import {
  asObject,
  newCorrelationId,
  newFlowId,
  newMerchantTransactionId,
  nonEmptyString,
  readCookie,
  type Json,
} from '../util.ts';
import { DEVICE_COOKIE, inaccessible, type SdkContext } from './context.ts';
import {
  claimCheckout,
  enrolCard,
  findCard,
  findCheckout,
  findConsumer,
  findConsumerByEmail,
  findSession,
  insertConsumerIfAbsent,
  revokeDeviceByCookie,
  touchCard,
  touchConsumer,
  updateCheckout,
  updateSession,
  type CheckoutRow,
  type SessionRow,
} from './repository.ts';
import { assuranceDataOf, authenticationOf } from '../transaction-authentication.ts';
import { authenticationOutcome } from './authentication-outcome.ts';
import { confirmationRequired } from './passkey-views.ts';
import { needsStepUp, updateWindowRequest, windowOf } from './windows.ts';
import { signInBrowser } from './sign-in.ts';

const ACTIONS = ['COMPLETE', 'CANCEL', 'CHANGE_CARD', 'ADD_CARD', 'SWITCH_CONSUMER', 'ERROR'] as const;

/** The remembered device that recognised the checkout's consumer, when its browser's cookie did. */
const cookieDeviceOf = (checkout: CheckoutRow) =>
  typeof checkout.request.cookieDeviceId === 'string' ? checkout.request.cookieDeviceId : null;
type Action = (typeof ACTIONS)[number];
/** The answer, its cookies, and (COMPLETE) the consumer the checkout is now for. */
type Answer = { result: Json; setCookies?: string[]; consumerId?: string };

/**
 * A new profile for the email the merchant passed (or looked up). An existing profile never takes a
 * card, nor signs anyone in, without its code.
 */
async function newProfile(tx: SandboxDatabase, checkout: CheckoutRow, email: string): Promise<ConsumerRow> {
  const existing = await findConsumerByEmail(tx, email);
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
  const consumer = await insertConsumerIfAbsent(tx, {
    email,
    firstName: nonEmptyString(given.firstName) ?? null,
    lastName: nonEmptyString(given.lastName) ?? null,
    mobileCountryCode: nonEmptyString(mobile.countryCode)?.replace(/^\+/, '') ?? null,
    mobileNumber: nonEmptyString(mobile.phoneNumber)?.replace(/[\s-]/g, '') ?? null,
  });
  // Another checkout made the profile a moment ago: it is an existing profile now.
  if (!consumer) throw new SdkError(401, 'AUTH_INVALID', 'This email has a Click to Pay profile now: try again');
  return consumer;
}

/**
 * Enrols a new card into the profile: the signed-in or validated consumer, or a new profile for
 * the checkout's email. Answers the consumer (if any) and the card as it is now.
 */
async function enrolNewCard(
  tx: SandboxDatabase,
  checkout: CheckoutRow,
  consumer: ConsumerRow | undefined,
  card: CardRow,
): Promise<{ consumer: ConsumerRow | undefined; enrolled: CardRow }> {
  const email = typeof checkout.request.enrolEmail === 'string' ? checkout.request.enrolEmail : undefined;
  const owner = !consumer && email ? await newProfile(tx, checkout, email) : consumer;
  if (!owner) return { consumer: owner, enrolled: card };
  return { consumer: owner, enrolled: (await enrolCard(tx, card.srcDigitalCardId, owner.id)) ?? card };
}

/** The checkout's signed result (reference section 5) and the ids the merchant's server needs. */
function checkoutResponseDataOf(
  checkout: CheckoutRow,
  session: SessionRow,
  consumer: ConsumerRow | undefined,
  masked: Json,
  enrolled: CardRow,
) {
  return {
    srcCorrelationId: session.correlationId ?? newCorrelationId(),
    srciTransactionId: crypto.randomUUID(),
    maskedCard: masked,
    ...(consumer ? { maskedConsumer: maskedConsumer(consumer) } : {}),
    ...(enrolled.billingAddress?.zip ? { shippingAddressZip: enrolled.billingAddress.zip } : {}),
    ...(enrolled.billingAddress?.countryCode
      ? { shippingAddressCountryCode: enrolled.billingAddress.countryCode }
      : {}),
    ...(checkout.request.installmentPlan ? { installmentPlan: checkout.request.installmentPlan } : {}),
    assuranceData: assuranceDataOf(checkout.request, new Date(), { correlated: true }),
    ...authenticationOutcome(checkout, session),
  };
}

/** "Not you?": forget this browser for the consumer (the SDK's signOut does the same). */
async function switchConsumer(
  ctx: SdkContext,
  tx: SandboxDatabase,
  session: SessionRow,
  request: FastifyRequest,
): Promise<Answer> {
  const cookie = readCookie(request, DEVICE_COOKIE);
  if (cookie) await revokeDeviceByCookie(tx, cookie, new Date());
  await updateSession(tx, session.tokenHash, {
    consumerId: null,
    deviceId: null,
    consumerBrowserHash: null,
    verification: null,
  });
  return {
    result: { checkoutActionCode: 'SWITCH_CONSUMER' },
    setCookies: [ctx.forgetDeviceCookie(request), ctx.forgetSignIn(request, session)],
  };
}

/**
 * Remembers the browser (rememberMe) and makes a recognition token when the merchant asked for
 * one; signs the session in as the consumer, for this browser (the window's) alone.
 */
async function signIn(
  ctx: SdkContext,
  tx: SandboxDatabase,
  request: FastifyRequest,
  session: SessionRow,
  checkout: CheckoutRow,
  consumer: ConsumerRow,
  { rememberMe, recognitionRequested }: { rememberMe: boolean; recognitionRequested: boolean },
): Promise<{ setCookies: string[]; recognition?: string }> {
  const { deviceId, setCookies } = await signInBrowser(ctx, tx, request, session, consumer, {
    rememberMe,
    recognitionRequested,
    deviceId: session.deviceId ?? cookieDeviceOf(checkout),
    // A checkout proves nothing new: the session keeps how this consumer proved the profile, if it did.
    verification: session.consumerId === consumer.id ? session.verification : null,
  });
  const recognition =
    recognitionRequested && deviceId ? await ctx.recognitionToken(consumer.id, deviceId, session.srcDpaId) : undefined;
  return { setCookies, recognition };
}

/**
 * How the paying consumer proved the profile in this checkout, for its assurance data: the code
 * typed in its window, else the session's sign-in (a code or a passkey) when it was this consumer's.
 * A remembered browser or a recognition token proves nothing now.
 */
function identityVerificationOf(checkout: CheckoutRow, session: SessionRow, consumer: ConsumerRow | undefined) {
  if (checkout.request.identityVerification !== undefined) return {};
  return consumer && session.consumerId === consumer.id && session.verification
    ? { identityVerification: session.verification }
    : {};
}

/** COMPLETE: enrols a new card, signs the consumer in, and makes the signed checkout response. */
async function complete(
  ctx: SdkContext,
  tx: SandboxDatabase,
  checkout: CheckoutRow,
  body: Json,
  request: FastifyRequest,
): Promise<Answer> {
  const session = await findSession(tx, checkout.sessionTokenHash);
  const card = await findCard(tx, checkout.srcDigitalCardId!);
  if (!session || !card) throw new SdkError(404, 'NOT_FOUND', 'The checkout lost its session or card');
  // The signed-in consumer, or the profile whose code was typed in this checkout's DCF.
  let consumer = await findConsumer(tx, checkout.consumerId);
  if (consumer?.locked) throw inaccessible();
  const rememberMe =
    body.rememberMe === true || (body.rememberMe === undefined && checkout.request.rememberMe === true);
  let enrolled: CardRow = card;
  if (checkout.kind === 'NEW_CARD' && body.enrol !== false) {
    ({ consumer, enrolled } = await enrolNewCard(tx, checkout, consumer, card));
  }
  const now = new Date();
  await touchCard(tx, card.srcDigitalCardId, now);
  if (consumer) await touchConsumer(tx, consumer.id, now);
  const { setCookies, recognition } = consumer
    ? await signIn(ctx, tx, request, session, checkout, consumer, {
        rememberMe,
        recognitionRequested: checkout.request.recognitionTokenRequested === true,
      })
    : { setCookies: [] };
  const masked = maskedCard({ ...enrolled, lastUsedAt: now }, { uri: ctx.dcfUri() });
  const verified = {
    ...checkout,
    request: { ...checkout.request, ...identityVerificationOf(checkout, session, consumer) },
  };
  const checkoutResponseData = checkoutResponseDataOf(verified, session, consumer, masked, enrolled);
  const { srcCorrelationId } = checkoutResponseData;
  const merchantTransactionId = newMerchantTransactionId();
  const flowId = newFlowId(now);
  await updateCheckout(tx, checkout.id, {
    srcCorrelationId,
    merchantTransactionId,
    flowId,
    consumerId: consumer?.id ?? null,
    request: verified.request,
  });
  return {
    result: {
      checkoutActionCode: 'COMPLETE',
      checkoutResponse: await ctx.keys.signCheckoutResponse(checkoutResponseData),
      checkoutResponseData,
      network: card.brand,
      headers: { 'merchant-transaction-id': merchantTransactionId, 'x-src-cx-flow-id': flowId },
      ...(consumer ? { idToken: await ctx.idToken(consumer, session.srcDpaId) } : {}),
      ...(recognition ? { recognitionToken: recognition } : {}),
    },
    setCookies,
    consumerId: consumer?.id,
  };
}

/** Claims the checkout and writes its answer in one transaction. */
async function answer(
  ctx: SdkContext,
  session: SessionRow,
  checkout: CheckoutRow,
  action: Action,
  body: Json,
  request: FastifyRequest,
): Promise<Answer> {
  return ctx.db.transaction(async (tx) => {
    // Claim first, so two answers (DCF and a closed popup) cannot both win.
    const claimed = await claimCheckout(tx, checkout.id, action);
    if (!claimed) throw new SdkError(409, 'INVALID_REQUEST', 'The checkout was already answered');
    const answered: Answer =
      action === 'SWITCH_CONSUMER'
        ? await switchConsumer(ctx, tx, session, request)
        : action === 'COMPLETE'
          ? await complete(ctx, tx, claimed, body, request)
          : { result: { checkoutActionCode: action } };
    await updateCheckout(tx, checkout.id, { result: answered.result });
    return answered;
  });
}

/**
 * What COMPLETE needs from the shopper beyond Continue: a checkout for a consumer completes only
 * from a window in a browser that proves that consumer (the session's sign-in cookie, or the
 * remember-me cookie), or once the consumer typed their code in this checkout's window; when the
 * merchant asked for an authenticated payload, the shopper first confirmed with the passkey or the
 * code (unless the network authenticates nothing here). A server holding a window token, whatever
 * headers it forges, has neither cookie.
 */
async function assertShopperConfirmed(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  checkout: CheckoutRow,
): Promise<void> {
  if (await needsStepUp(ctx, request, session, checkout)) {
    throw new SdkError(401, 'AUTH_INVALID', 'The consumer must confirm in the network’s window of their own browser');
  }
  if (confirmationRequired(session, checkout) && !authenticationOf(checkout.request)) {
    throw new SdkError(401, 'AUTH_INVALID', 'The consumer must confirm the payment (passkey or code) first');
  }
}

/** The action a body names, or 400. */
function actionOf(body: Json): Action {
  const action = body.action as Action;
  if (!ACTIONS.includes(action)) {
    throw new SdkError(400, 'INVALID_PARAMETER', `action must be one of ${ACTIONS.join(', ')}`);
  }
  return action;
}

async function pendingCheckout(ctx: SdkContext, id: string | null): Promise<CheckoutRow> {
  const checkout = id ? await findCheckout(ctx.db, id) : undefined;
  if (!checkout) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
  if (checkout.status !== 'PENDING') {
    throw new SdkError(409, 'INVALID_REQUEST', `The checkout is already ${checkout.status}`);
  }
  return checkout;
}

export function checkoutActionRoutes(app: FastifyInstance, ctx: SdkContext): void {
  // The shopper's answer, from the network's window of this checkout (its token), in this browser.
  app.post('/api/window/action', WINDOW_ONLY, async (request, reply) => {
    const { window, session } = windowOf(request, ['CHECKOUT', 'HOSTED']);
    const checkout = await pendingCheckout(ctx, window.checkoutId);
    const body = asObject(request.body);
    const action = actionOf(body);
    if (action === 'COMPLETE') await assertShopperConfirmed(ctx, request, session, checkout);
    const { result, setCookies, consumerId } = await answer(ctx, session, checkout, action, body, request);
    // A card just saved to a profile: the window may offer that profile a passkey.
    if (action === 'COMPLETE' && checkout.kind === 'NEW_CARD' && consumerId) {
      await updateWindowRequest(ctx, window, { passkeyFor: consumerId });
    }
    if (setCookies?.length) reply.header('set-cookie', setCookies);
    return result;
  });

  // The merchant's page may only give up its own checkout (its popup was closed before an answer).
  app.post<{ Params: { id: string } }>('/api/checkouts/:id/action', MERCHANT_PAGE, async (request) => {
    const session = ctx.sessionOf(request);
    const checkout = await pendingCheckout(ctx, request.params.id);
    if (checkout.sessionTokenHash !== session.tokenHash) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
    if (actionOf(asObject(request.body)) !== 'CANCEL') {
      throw new SdkError(
        403,
        'AUTH_ERROR',
        'Only the network’s window answers a checkout; the page may only cancel it',
      );
    }
    return (await answer(ctx, session, checkout, 'CANCEL', {}, request)).result;
  });
}
