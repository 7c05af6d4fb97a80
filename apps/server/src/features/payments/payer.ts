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

/** A payer making a payment: a new checkout cookie's, and the one the browser held before (its own earlier fetch's, or planted). */
export interface PayerMakingPayment extends Payer {
  heldCheckoutHash: string | null;
}

const hashOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/** The payer of this request: its shopper, and its browser's checkout cookie (none yet: null). */
export function payerOf(request: FastifyRequest, userId: string | null): Payer {
  const cookie = request.cookies[CHECKOUT_COOKIE];
  return { userId, checkoutHash: cookie ? hashOf(cookie) : null };
}

/**
 * The payer of a checkout that makes a payment: the browser gets a new checkout cookie each time,
 * never keeping one it already had, which a page of a sibling origin (another port, a subdomain)
 * could have planted to pay its own order with the shopper's payment.
 */
export function payerMakingPayment(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string | null,
): PayerMakingPayment {
  const held = payerOf(request, userId).checkoutHash;
  const cookie = randomBytes(32).toString('base64url');
  reply.setCookie(CHECKOUT_COOKIE, cookie, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: CHECKOUT_COOKIE_MAX_AGE_S,
  });
  return { userId, checkoutHash: hashOf(cookie), heldCheckoutHash: held };
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
