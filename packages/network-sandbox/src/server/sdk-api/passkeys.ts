// Payment passkeys: the network as a WebAuthn relying party (@simplewebauthn/server), in its own
// windows only. A window asks for options (a challenge good once, for five minutes, for this window,
// its origin and one purpose) and sends the authenticator's answer back; user verification is
// required, the signature counter must grow, and a passkey is one profile's at one relying party id
// (the sandbox's host as the window saw it).
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxPasskeys, sandboxWebauthnChallenges } from '../../store/schema.ts';
import type { ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { asObject, type Json } from '../util.ts';
import { checkCode, sendCode } from './codes.ts';
import { inaccessible, typistOf, type SdkContext } from './context.ts';
import { WINDOW_ONLY } from '../route-callers.ts';
import {
  authenticationRequested,
  isAddress,
  passkeyAvailability,
  passkeysAllowed,
  passkeysOf,
  relyingPartyOf,
  type PasskeyRow,
} from './passkey-views.ts';
import { findCard, findCheckout, findConsumer, setCheckoutAuthentication, type CheckoutRow } from './repository.ts';
import { newAuthentication } from '../transaction-authentication.ts';
import { signInSession } from './sign-in.ts';
import { markSignedIn, updateWindowRequest, windowOf, type WindowRow } from './windows.ts';
import { rememberPasskeyDevice } from './passkey-device.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Click to Pay (network sandbox)';
type Purpose = 'CREATE' | 'SIGN_IN' | 'CONFIRM' | 'MANDATE';

const refused = (message: string) => new SdkError(401, 'AUTH_INVALID', message);

/** Sets the passkey-device cookie, when this browser got a new one. */
const setDeviceCookie = (reply: FastifyReply, cookie: string | undefined) => {
  if (cookie) reply.header('set-cookie', cookie);
};

/**
 * A challenge for this window, origin and purpose (32 random bytes, unless the purpose fixes it);
 * answers it (base64url) and the relying party id.
 */
async function issueChallenge(
  ctx: SdkContext,
  request: FastifyRequest,
  window: WindowRow,
  purpose: Purpose,
  consumerId: string,
  challenge = randomBytes(32).toString('base64url'),
): Promise<{ challenge: string; rpId: string }> {
  const { origin, rpId } = relyingPartyOf(request);
  await ctx.db.insert(sandboxWebauthnChallenges).values({
    challenge,
    windowId: window.id,
    purpose,
    consumerId,
    origin,
    rpId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { challenge, rpId };
}

/** The challenge the answer signed, spent now: unknown, spent, expired or another window's is refused. */
async function spendChallenge(ctx: SdkContext, window: WindowRow, purpose: Purpose, answer: Json) {
  let challenge: unknown;
  try {
    const clientData = Buffer.from(String(asObject(answer.response).clientDataJSON), 'base64url').toString('utf8');
    challenge = asObject(JSON.parse(clientData)).challenge;
  } catch {
    throw refused('The passkey answer is not a WebAuthn answer');
  }
  if (typeof challenge !== 'string') throw refused('The passkey answer names no challenge');
  const [spent] = await ctx.db
    .update(sandboxWebauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(sandboxWebauthnChallenges.challenge, challenge),
        eq(sandboxWebauthnChallenges.windowId, window.id),
        eq(sandboxWebauthnChallenges.purpose, purpose),
        isNull(sandboxWebauthnChallenges.usedAt),
        gt(sandboxWebauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!spent) throw refused('This passkey request is unknown, already answered or expired: try again');
  return spent;
}

/** What a WebAuthn answer to the spent challenge must show: that challenge, the window's origin and rp id, a verified user. */
const answering = (spent: { challenge: string; origin: string; rpId: string }) => ({
  expectedChallenge: spent.challenge,
  expectedOrigin: spent.origin,
  expectedRPID: spent.rpId,
  requireUserVerification: true,
});

/**
 * The options of a passkey prompt for the consumer's passkeys here (as passkeyAvailability found
 * them), with a challenge of this window's (`challenge` when the purpose fixes it).
 */
export async function assertionOptions(
  ctx: SdkContext,
  request: FastifyRequest,
  window: WindowRow,
  purpose: 'SIGN_IN' | 'CONFIRM' | 'MANDATE',
  consumer: ConsumerRow,
  passkeys: PasskeyRow[],
  challenge?: string,
) {
  const issued = await issueChallenge(ctx, request, window, purpose, consumer.id, challenge);
  const { rpId } = issued;
  return generateAuthenticationOptions({
    rpID: rpId,
    challenge: new Uint8Array(Buffer.from(issued.challenge, 'base64url')),
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: 'required',
  });
}

/**
 * Verifies an assertion against the profile's passkey at that relying party; keeps its new counter.
 * Answers whose passkey it was, and the challenge it signed.
 */
export async function verifiedAssertion(
  ctx: SdkContext,
  window: WindowRow,
  purpose: Purpose,
  answer: Json,
): Promise<{ consumerId: string; credentialId: string; challenge: string }> {
  const spent = await spendChallenge(ctx, window, purpose, answer);
  const [passkey] = await ctx.db
    .select()
    .from(sandboxPasskeys)
    .where(
      and(
        eq(sandboxPasskeys.credentialId, String(answer.id)),
        eq(sandboxPasskeys.consumerId, spent.consumerId),
        eq(sandboxPasskeys.rpId, spent.rpId),
      ),
    );
  if (!passkey) throw refused('This passkey is not one of this profile here');
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: answer as unknown as AuthenticationResponseJSON,
      ...answering(spent),
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    if (!verification.verified) throw new Error('the signature does not verify');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    throw refused(`The passkey answer was refused: ${(error as Error).message}`);
  }
  // A counter that went back, or another answer counted first (two at once), is refused.
  const [kept] = await ctx.db
    .update(sandboxPasskeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(sandboxPasskeys.credentialId, passkey.credentialId), eq(sandboxPasskeys.counter, passkey.counter)))
    .returning({ id: sandboxPasskeys.credentialId });
  if (!kept) throw refused('The passkey answer was refused: its counter was already used');
  return { consumerId: spent.consumerId, credentialId: passkey.credentialId, challenge: spent.challenge };
}

/**
 * The checkout a CHECKOUT window confirms (transaction authentication), and its consumer: only a
 * payment with one of that profile's own cards (a card typed as new is nobody's to confirm yet).
 */
async function checkoutToConfirm(
  ctx: SdkContext,
  window: WindowRow,
): Promise<{ checkout: CheckoutRow; consumer: ConsumerRow }> {
  const checkout = await findCheckout(ctx.db, window.checkoutId ?? '');
  if (!checkout || checkout.status !== 'PENDING') throw new SdkError(409, 'INVALID_REQUEST', 'The checkout is over');
  if (!authenticationRequested(checkout)) {
    throw new SdkError(400, 'INVALID_REQUEST', 'The merchant asked for no authenticated payment');
  }
  const consumer = await findConsumer(ctx.db, checkout.consumerId);
  const card = checkout.srcDigitalCardId ? await findCard(ctx.db, checkout.srcDigitalCardId) : undefined;
  if (!consumer || checkout.kind === 'NEW_CARD' || card?.consumerId !== consumer.id) {
    throw new SdkError(400, 'INVALID_REQUEST', 'Only a payment with one of the profile’s own cards is confirmed');
  }
  if (consumer.locked) throw inaccessible();
  return { checkout, consumer };
}

/** Creating a passkey: for the profile this window proved (the code) or enrolled a card into. */
function creationRoutes(app: FastifyInstance, ctx: SdkContext): void {
  app.post('/api/window/passkey/create-options', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CODE', 'CHECKOUT']);
    const consumer = await findConsumer(ctx.db, offeredTo(window));
    if (!consumer) throw new SdkError(409, 'INVALID_REQUEST', 'Prove the profile first (the code), or save a card');
    if (!passkeysAllowed(session)) return { offer: false, reason: 'DPA_NAME_MISSING' };
    if (isAddress(relyingPartyOf(request).rpId)) return { offer: false, reason: 'ADDRESS_HOST' };
    const { challenge, rpId } = await issueChallenge(ctx, request, window, 'CREATE', consumer.id);
    const existing = await passkeysOf(ctx.db, consumer.id, rpId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userName: consumer.email,
      userID: new Uint8Array(Buffer.from(consumer.id.replaceAll('-', ''), 'hex')),
      challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    return { offer: true, options };
  });

  app.post('/api/window/passkey/create', WINDOW_ONLY, async (request, reply) => {
    const { window } = windowOf(request, ['CODE', 'CHECKOUT']);
    const answer = asObject(asObject(request.body).response);
    const spent = await spendChallenge(ctx, window, 'CREATE', answer);
    let info;
    try {
      const verification = await verifyRegistrationResponse({
        response: answer as unknown as RegistrationResponseJSON,
        ...answering(spent),
      });
      if (!verification.verified) throw new Error('the attestation does not verify');
      info = verification.registrationInfo;
    } catch (error) {
      throw refused(`The new passkey was refused: ${(error as Error).message}`);
    }
    const created = await ctx.db
      .insert(sandboxPasskeys)
      .values({
        credentialId: info.credential.id,
        consumerId: spent.consumerId,
        rpId: spent.rpId,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
      })
      .onConflictDoNothing()
      .returning({ id: sandboxPasskeys.credentialId });
    if (created.length === 0) throw new SdkError(409, 'INVALID_REQUEST', 'This passkey is kept already');
    setDeviceCookie(reply, await rememberPasskeyDevice(ctx.db, ctx.origins, request, info.credential.id));
    return { created: true };
  });
}

/** The consumer a window may offer a passkey: the one it proved, or the new card's profile. */
const offeredTo = (window: WindowRow): string | null => {
  const { signedInConsumerId, passkeyFor } = window.request;
  return typeof signedInConsumerId === 'string'
    ? signedInConsumerId
    : typeof passkeyFor === 'string'
      ? passkeyFor
      : null;
};

/** authenticate(): the passkey prompt before the code, when the profile has one here. */
function signInRoutes(app: FastifyInstance, ctx: SdkContext): void {
  app.post('/api/window/passkey/sign-in-options', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CODE']);
    const consumer = await findConsumer(ctx.db, session.lookupConsumerId);
    const availability = await passkeyAvailability(ctx.db, request, session, consumer);
    if (!availability.available || !consumer) return availability;
    if (consumer.locked) throw inaccessible();
    const options = await assertionOptions(ctx, request, window, 'SIGN_IN', consumer, availability.passkeys);
    return { available: true, options };
  });

  app.post('/api/window/passkey/sign-in', WINDOW_ONLY, async (request, reply) => {
    const { window, session } = windowOf(request, ['CODE']);
    const body = asObject(request.body);
    const { consumerId, credentialId } = await verifiedAssertion(ctx, window, 'SIGN_IN', asObject(body.response));
    const consumer = await findConsumer(ctx.db, consumerId);
    if (!consumer || consumer.locked) throw inaccessible();
    const { answer, setCookies } = await signInSession(ctx, request, session, consumer, {
      rememberMe: body.rememberMe === true,
      recognitionTokenRequested: window.request.requestRecognitionToken === true,
      method: 'PASSKEY',
    });
    await markSignedIn(ctx, window, consumer.id);
    const device = await rememberPasskeyDevice(ctx.db, ctx.origins, request, credentialId);
    reply.header('set-cookie', device ? [...setCookies, device] : setCookies);
    return answer.recognitionToken ? { recognitionToken: answer.recognitionToken } : {};
  });
}

/** Transaction authentication: the shopper confirms the payment with the passkey, else the code. */
function confirmationRoutes(app: FastifyInstance, ctx: SdkContext): void {
  app.post('/api/window/passkey/confirm-options', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CHECKOUT']);
    const { consumer } = await checkoutToConfirm(ctx, window);
    const availability = await passkeyAvailability(ctx.db, request, session, consumer);
    if (!availability.available) return availability;
    const options = await assertionOptions(ctx, request, window, 'CONFIRM', consumer, availability.passkeys);
    return { available: true, options };
  });

  app.post('/api/window/passkey/confirm', WINDOW_ONLY, async (request, reply) => {
    const { window } = windowOf(request, ['CHECKOUT']);
    const { checkout, consumer } = await checkoutToConfirm(ctx, window);
    const answer = asObject(asObject(request.body).response);
    const { consumerId, credentialId } = await verifiedAssertion(ctx, window, 'CONFIRM', answer);
    if (consumerId !== consumer.id) throw refused('This passkey is not the paying profile’s');
    await setCheckoutAuthentication(ctx.db, checkout.id, newAuthentication('PASSKEY'));
    setDeviceCookie(reply, await rememberPasskeyDevice(ctx.db, ctx.origins, request, credentialId));
    return { confirmed: true, method: 'PASSKEY' };
  });

  app.post('/api/window/confirm-code/send', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CHECKOUT']);
    const { consumer } = await checkoutToConfirm(ctx, window);
    await sendCode(ctx.db, session.tokenHash, consumer.id, 'EMAIL_ADDRESS');
    return { sent: true };
  });

  app.post('/api/window/confirm-code', WINDOW_ONLY, async (request) => {
    const { window, session } = windowOf(request, ['CHECKOUT']);
    const { checkout, consumer } = await checkoutToConfirm(ctx, window);
    const value = asObject(request.body).value;
    const proved = await checkCode(ctx.db, typistOf(request, session), typeof value === 'string' ? value.trim() : '');
    if (proved.id !== consumer.id) throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent for this payment');
    await setCheckoutAuthentication(ctx.db, checkout.id, newAuthentication('OTP'));
    // As the network shows it: after the challenge, the offer to create a passkey.
    await updateWindowRequest(ctx, window, { passkeyFor: consumer.id });
    return { confirmed: true, method: 'OTP' };
  });
}

export function passkeyRoutes(app: FastifyInstance, ctx: SdkContext): void {
  creationRoutes(app, ctx);
  signInRoutes(app, ctx);
  confirmationRoutes(app, ctx);
}
