import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LocaleCode } from '@c2p/domain';
import { ordersApi } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { fieldError, HttpError, type FieldErrors } from '../../lib/http-errors.ts';
import { localeOf, t } from '../../lib/i18n.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import type { ZodApi } from '../../plugins/route-schemas.ts';
import { findInstallmentData } from '../installments/repository.ts';
import { orderPlanCheck } from '../installments/service.ts';
import { payerOf, paysFor, type Payer } from '../payments/payer.ts';
import { findPayment } from '../payments/repository.ts';
import { authenticationPart } from '../payments/authentication.ts';
import { PAYMENT_TTL_MS } from '../payments/service.ts';
import { shopperIdOrGuest } from '../sessions/shopper-auth.ts';
import type { Catalogue } from '../products/repository.ts';
import { OrderQueueFullError, orderWriter, type OrderWriter } from './order-writer.ts';
import type { InsertOutcome } from './insert-orders.ts';
import { findOrderByIdempotencyKey, findUserOrder, listUserOrders, type OrderWithLines } from './repository.ts';
import {
  forbiddenCardField,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  newOrderNumber,
  ORDER_NUMBER_PATTERN,
  priceOrder,
  requestHashOf,
  toOrder,
  checkoutAmountRefusal,
  type CheckoutAmount,
  type ClickToPayStoredPayment,
  type OrderRequest,
  type PricedOrder,
} from './service.ts';

const ORDER_HISTORY_LIMIT = 100;
/** Order attempts per client and minute: plenty for a shopper, a brake on scripted floods. */
const ORDERS_PER_IP = 60;
const ORDER_NUMBER_ATTEMPTS = 5;
/** When an overloaded server (503) asks the client to try again. */
const BUSY_RETRY_AFTER_S = 1;

/** The header's name as clients write it, for messages and `errors`. */
const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';
const PAYMENT_ID_FIELD = 'payment.paymentId';

/**
 * Orders: placed by guests or signed-in shoppers, priced on the server, stored once per
 * Idempotency-Key; a shopper's order history.
 */
export async function orderRoutes(
  app: FastifyInstance,
  { db, catalogue }: { db: Database; catalogue: Catalogue },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  placeOrderRoute(api, db, catalogue, orderWriter(db));
  orderHistoryRoutes(api, db);
}

/** Before the body's schema: the key (named as clients write it), then card data anywhere in the body. */
async function screenOrder(request: FastifyRequest): Promise<void> {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw fieldError(422, IDEMPOTENCY_KEY_FIELD, t(request, 'API.ORDER.IDEMPOTENCY_KEY'));
  }
  const cardField = forbiddenCardField(request.body);
  if (cardField) throw fieldError(422, cardField, t(request, 'API.ORDER.CARD_NUMBER_FORBIDDEN'));
}

/** The order one request places: who places it, under which key, and what it asks for. */
interface Placement {
  request: FastifyRequest;
  reply: FastifyReply;
  key: string;
  input: OrderRequest;
  userId: string | null;
  requestHash: string;
  locale: LocaleCode;
}

function placeOrderRoute(api: ZodApi, db: Database, catalogue: Catalogue, writer: OrderWriter): void {
  const { place } = ordersApi;
  const options = {
    schema: place.schema,
    preValidation: screenOrder,
    config: { rateLimit: perIpLimit(ORDERS_PER_IP, 'API.ORDER.TOO_MANY_REQUESTS') },
  };
  api.post(place.url, options, async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string;
    const input = request.body;
    // A stale or foreign token must not quietly turn a shopper's order into a guest order.
    const userId = await shopperIdOrGuest(db, request);
    const placement = {
      request,
      reply,
      key,
      input,
      userId,
      requestHash: requestHashOf(input, userId),
      locale: localeOf(request),
    };
    let priced: PricedOrder;
    try {
      priced = await pricedOrder(db, catalogue, placement);
    } catch (error) {
      // The key is looked up only when it matters: a retry of a stored order is answered as that
      // order (or 409) even when it would no longer price, as when its payment is now the order's.
      const earlier = error instanceof HttpError ? await findOrderByIdempotencyKey(db, key) : null;
      if (earlier) return replay(placement, earlier);
      throw error;
    }
    return storeOrder(db, writer, placement, priced);
  });
}

/** The order stored earlier under this key: answered again when this is the same request, else 409. */
function replay({ request, reply, requestHash, locale }: Placement, existing: OrderWithLines) {
  if (existing.order.requestHash !== requestHash) {
    throw fieldError(409, IDEMPOTENCY_KEY_FIELD, t(request, 'API.ORDER.IDEMPOTENCY_CONFLICT'));
  }
  return reply.status(200).send({ data: toOrder(existing, locale) });
}

/**
 * The order priced from the catalogue, or a 422: an unknown item or promo code, a Click to Pay
 * payment that is unknown, expired, for another amount, or for another installment plan.
 */
async function pricedOrder(
  db: Database,
  catalogue: Catalogue,
  { request, input, userId }: Placement,
): Promise<PricedOrder> {
  const payment = await clickToPayPaymentOf(db, request, input.payment, payerOf(request, userId));
  const priced = priceOrder(input, catalogue, payment?.stored);
  if (!priced.ok) {
    const errors = translated(request, priced.errors);
    const [field, messages] = Object.entries(errors)[0]!;
    throw new HttpError(422, `${field}: ${messages[0]}`, errors);
  }
  // The order must be for what the shopper agreed to at the network (its checkout's amount).
  const refusal = payment && checkoutAmountRefusal(payment.paidFor, priced.order.totalCents, priced.order.currency);
  if (refusal) throw fieldError(422, PAYMENT_ID_FIELD, t(request, refusal.key, refusal.params));
  // Installments: the payload's plan must be the order's (plan, amount, currency), to the cent.
  if (input.payment.method === 'click-to-pay' && priced.order.payment.method === 'click-to-pay') {
    const plan = orderPlanCheck(
      await findInstallmentData(db, input.payment.paymentId),
      input.payment.installments,
      priced.order.totalCents,
      priced.order.currency,
    );
    if (plan.refusal) throw fieldError(422, plan.refusal.field, t(request, plan.refusal.key));
    if (plan.installments) priced.order.payment = { ...priced.order.payment, installments: plan.installments };
  }
  return priced;
}

/**
 * Click to Pay: what the order keeps comes from the payload the server fetched, not from the
 * client. A payment another order already has is refused when the order is stored.
 */
async function clickToPayPaymentOf(
  db: Database,
  request: FastifyRequest,
  payment: OrderRequest['payment'],
  payer: Payer,
): Promise<{ stored: ClickToPayStoredPayment; paidFor: CheckoutAmount } | undefined> {
  if (payment.method !== 'click-to-pay') return undefined;
  const found = await findPayment(db, payment.paymentId);
  if (!found || (!found.orderId && found.createdAt.getTime() < Date.now() - PAYMENT_TTL_MS)) {
    throw fieldError(422, PAYMENT_ID_FIELD, t(request, 'API.PAYMENTS.PAYMENT_UNKNOWN'));
  }
  // A payment id seen elsewhere (the API log, an export) pays nothing: it is its checkout's alone.
  if (!paysFor(found, payer)) throw fieldError(403, PAYMENT_ID_FIELD, t(request, 'API.PAYMENTS.PAYMENT_NOT_YOURS'));
  return {
    stored: {
      method: 'click-to-pay',
      paymentId: found.id,
      brand: found.brand,
      lastFour: found.lastFour,
      credential: found.credential,
      dynamicDataType: found.dynamicDataType,
      // How the shopper confirmed the payment, when the payload said so: the order keeps it.
      ...authenticationPart(found),
    },
    paidFor: { transactionAmount: found.transactionAmount, transactionCurrency: found.transactionCurrency },
  };
}

/**
 * Stores the order under a new order number (201), or answers the order stored under this key
 * (by another request, or by an earlier attempt of this one whose answer was lost).
 */
async function storeOrder(db: Database, writer: OrderWriter, placement: Placement, priced: PricedOrder) {
  const { request, reply, key, requestHash, userId, locale } = placement;
  for (let attempt = 1; ; attempt += 1) {
    const order = { ...priced.order, orderNumber: newOrderNumber(), idempotencyKey: key, requestHash, userId };
    let outcome: InsertOutcome;
    try {
      outcome = await writer.write(order, priced.lines);
    } catch (error) {
      if (error instanceof OrderQueueFullError) {
        reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        throw new HttpError(503, t(request, 'API.ORDER.BUSY'));
      }
      // 40 random bits rarely collide; when they do, draw another number.
      if (attempt < ORDER_NUMBER_ATTEMPTS && isUniqueViolation(error, 'orders_order_number_unique')) continue;
      throw error;
    }
    if (outcome.status === 'stored') return reply.status(201).send({ data: toOrder(outcome.stored, locale) });
    // This key's order (a payment is taken by its own order when this is a retry), or a refusal.
    const existing = await findOrderByIdempotencyKey(db, key);
    if (existing) return replay(placement, existing);
    if (outcome.status === 'payment-taken')
      throw fieldError(409, PAYMENT_ID_FIELD, t(request, 'API.PAYMENTS.PAYMENT_TAKEN'));
    throw new Error(`order for idempotency key ${key} vanished`);
  }
}

const translated = (request: FastifyRequest, errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => t(request, key))]));

/** A signed-in shopper's order history. */
function orderHistoryRoutes(api: ZodApi, db: Database): void {
  const { history, one } = ordersApi;
  api.get(history.url, { schema: history.schema }, async (request) => {
    const locale = localeOf(request);
    const found = await listUserOrders(db, request.shopper!.id, ORDER_HISTORY_LIMIT);
    return { data: found.map((order) => toOrder(order, locale)) };
  });

  api.get(one.url, { schema: one.schema }, async (request) => {
    const orderNumber = request.params.orderNumber.toUpperCase();
    const found = ORDER_NUMBER_PATTERN.test(orderNumber)
      ? await findUserOrder(db, request.shopper!.id, orderNumber)
      : null;
    if (!found) throw fieldError(404, 'orderNumber', t(request, 'API.ORDER.NOT_FOUND'));
    return { data: toOrder(found, localeOf(request)) };
  });
}
