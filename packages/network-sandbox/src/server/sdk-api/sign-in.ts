// Signing an SDK session in as a consumer who proved it (a code, a passkey): what the browser and
// the merchant keep of it.
import type { FastifyRequest } from 'fastify';
import type { ConsumerRow } from '../cards.ts';
import type { Json } from '../util.ts';
import { DEVICE_TTL_S, type SdkContext } from './context.ts';
import { insertDevice, touchConsumer, updateSession, type SessionRow } from './repository.ts';

/**
 * Signs the session in. The browser is remembered (the cookie) only when the consumer consented
 * (Remember me); a recognition token the merchant asked for is handed to the merchant, tied to a
 * device of its own, and remembers nothing in the browser. Answers validate's answer.
 */
export async function signInSession(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  consumer: ConsumerRow,
  asked: { rememberMe: boolean; recognitionTokenRequested: boolean },
): Promise<{ answer: Json & { recognitionToken?: string }; setCookie?: string }> {
  const { db } = ctx;
  let deviceId: string | null = null;
  let setCookie: string | undefined;
  if (asked.rememberMe) ({ deviceId, setCookie } = await ctx.rememberDevice(db, request, consumer.id));
  if (asked.recognitionTokenRequested) {
    deviceId ??= await insertDevice(db, {
      consumerId: consumer.id,
      expiresAt: new Date(Date.now() + DEVICE_TTL_S * 1000),
    });
  }
  await updateSession(db, session.tokenHash, { consumerId: consumer.id, deviceId });
  await touchConsumer(db, consumer.id, new Date());
  return {
    answer: {
      cards: await ctx.cardsOf(consumer.id, { ...session, consumerId: consumer.id }),
      idToken: await ctx.idToken(consumer, session.srcDpaId),
      ...(asked.recognitionTokenRequested && deviceId
        ? { recognitionToken: await ctx.recognitionToken(consumer.id, deviceId, session.srcDpaId) }
        : {}),
    },
    setCookie,
  };
}
