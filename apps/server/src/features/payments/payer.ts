// Whose a Click to Pay or card-on-file payment is: the signed-in shopper whose checkout fetched it,
// or, for a guest, the browser that did (an HttpOnly checkout cookie, which no script, log or
// export ever sees). Only an order from the same shopper or browser may name the payment.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CHECKOUT_COOKIE = 'c2p_checkout';
const CHECKOUT_COOKIE_MAX_AGE_S = 24 * 60 * 60;

export interface Payer {
  userId: string | null;
  checkoutHash: string | null;
}

const hashOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/** The payer of this request: its shopper, and its browser's checkout cookie (none yet: null). */
export function payerOf(request: FastifyRequest, userId: string | null): Payer {
  const cookie = request.cookies[CHECKOUT_COOKIE];
  return { userId, checkoutHash: cookie ? hashOf(cookie) : null };
}

/** The payer of a checkout that makes a payment: a browser without a checkout cookie is given one. */
export function payerMakingPayment(request: FastifyRequest, reply: FastifyReply, userId: string | null): Payer {
  const payer = payerOf(request, userId);
  if (payer.checkoutHash) return payer;
  const cookie = randomBytes(32).toString('base64url');
  reply.setCookie(CHECKOUT_COOKIE, cookie, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: CHECKOUT_COOKIE_MAX_AGE_S,
  });
  return { userId, checkoutHash: hashOf(cookie) };
}

/** Whether the payment (its stored payer) may pay an order of this payer. */
export function paysFor(
  payment: { payerUserId: string | null; payerCheckoutHash: string | null },
  payer: Payer,
): boolean {
  return (
    (payment.payerUserId !== null && payment.payerUserId === payer.userId) ||
    (payment.payerCheckoutHash !== null && payment.payerCheckoutHash === payer.checkoutHash)
  );
}
