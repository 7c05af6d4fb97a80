// Signing an SDK session in as a consumer who proved it (a code, a passkey): what the browser and
// the merchant keep of it.
import type { FastifyRequest } from 'fastify';
import type { ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import type { Json } from '../util.ts';
import { DEVICE_TTL_S, type SdkContext } from './context.ts';
import { insertDevice, touchConsumer, updateSession, type SessionRow } from './repository.ts';

/** How the consumer proved the profile: the assurance data names it (`verificationMethod`). */
export type VerificationMethod = 'OTP' | 'PASSKEY';

/**
 * Signs the session in, for this browser alone (its sign-in cookie, consumer-proof.ts). The browser
 * is also remembered (the remember-me cookie) only when the consumer consented (Remember me); a
 * recognition token the merchant asked for is handed to the merchant, tied to a device of its own,
 * and remembers nothing in the browser. Answers validate's answer and the cookies to set.
 */
export async function signInSession(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  consumer: ConsumerRow,
  asked: { rememberMe: boolean; recognitionTokenRequested: boolean; method: VerificationMethod },
): Promise<{ answer: Json & { recognitionToken?: string }; setCookies: string[] }> {
  const { db } = ctx;
  const { deviceId, setCookies } = await signInBrowser(ctx, db, request, session, consumer, {
    rememberMe: asked.rememberMe,
    recognitionRequested: asked.recognitionTokenRequested,
    deviceId: null,
    verification: { method: asked.method, at: new Date().toISOString() },
  });
  await touchConsumer(db, consumer.id, new Date());
  return {
    answer: {
      cards: await ctx.cardsOf(consumer.id, { ...session, consumerId: consumer.id }),
      idToken: await ctx.idToken(consumer, session.srcDpaId),
      ...(asked.recognitionTokenRequested && deviceId
        ? { recognitionToken: await ctx.recognitionToken(consumer.id, deviceId, session.srcDpaId) }
        : {}),
    },
    setCookies,
  };
}

/**
 * The session signed in as the consumer, for this browser alone: the browser remembered when the
 * consumer consented (rememberMe), a device for the recognition token the merchant asked for (the
 * session's `deviceId` when it has one), the sign-in cookie; `verification` is how the session proved it.
 */
export async function signInBrowser(
  ctx: SdkContext,
  db: SandboxDatabase,
  request: FastifyRequest,
  session: SessionRow,
  consumer: ConsumerRow,
  asked: {
    rememberMe: boolean;
    recognitionRequested: boolean;
    deviceId: string | null;
    verification: SessionRow['verification'];
  },
): Promise<{ deviceId: string | null; setCookies: string[] }> {
  let { deviceId } = asked;
  const setCookies: string[] = [];
  if (asked.rememberMe) {
    const remembered = await ctx.rememberDevice(db, request, consumer.id);
    deviceId = remembered.deviceId;
    setCookies.push(remembered.setCookie);
  }
  if (asked.recognitionRequested) {
    deviceId ??= await insertDevice(db, {
      consumerId: consumer.id,
      expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000),
    });
  }
  const signIn = ctx.newSignIn(request, session);
  setCookies.push(signIn.setCookie);
  await updateSession(db, session.tokenHash, {
    consumerId: consumer.id,
    deviceId,
    consumerBrowserHash: signIn.consumerBrowserHash,
    verification: asked.verification,
  });
  return { deviceId, setCookies };
}
