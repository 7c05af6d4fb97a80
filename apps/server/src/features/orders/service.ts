import { createHash, randomBytes } from 'node:crypto';
import {
  CURRENCY,
  fromCents,
  orderTotals,
  type Address,
  type Contact,
  type LocaleCode,
  type Order,
  type OrderPayment,
} from '@c2p/domain';
import type { StoredOrderPayment } from '../../db/schema.ts';
import type { FieldErrors } from '../../lib/http-errors.ts';
import type { OrderRequest } from '@c2p/domain/api';
import { localized } from '../products/service.ts';
import type { ProductRow } from '../products/repository.ts';
import type { NewOrder, NewOrderLine, OrderWithLines } from './repository.ts';

/** What an order keeps of its Click to Pay payment (from the payload the server fetched). */
export type ClickToPayStoredPayment = Extract<StoredOrderPayment, { method: 'click-to-pay' }>;

/** Fields that would carry card data the shop must never receive (PCI DSS): refused wherever they appear. */
const FORBIDDEN_FIELDS = new Set([
  'cardnumber',
  'card_number',
  'pan',
  'securitycode',
  'security_code',
  'cvv',
  'cvc',
  'cvv2',
]);

/**
 * The dotted path of the first field named like a card number or security code, searched
 * without recursion so that a deeply nested body cannot exhaust the stack.
 */
export function forbiddenCardField(body: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_FIELDS.has(key.toLowerCase())) return childPath;
      stack.push({ value: child, path: childPath });
    }
  }
  return undefined;
}

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_COUNT,
  MAX_ORDER_LINES,
  ORDER_NUMBER_PATTERN,
  orderRequestSchema,
} from '@c2p/domain/api';
export type { OrderRequest };

/** Fingerprint of a request: the same key with another body (or another shopper) is a conflict. */
export function requestHashOf(request: OrderRequest, userId: string | null): string {
  return createHash('sha256').update(JSON.stringify({ userId, request })).digest('hex');
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `C2P-` and 8 base32 characters (40 random bits), e.g. C2P-7KQ2MZ4D. */
export function newOrderNumber(): string {
  let bits = 0n;
  for (const byte of randomBytes(5)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 8; i += 1) {
    out = BASE32[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `C2P-${out}`;
}

export interface PricedOrder {
  ok: true;
  order: Omit<NewOrder, 'orderNumber' | 'idempotencyKey' | 'requestHash' | 'userId'>;
  lines: NewOrderLine[];
}

/**
 * Prices the order from the catalogue, never from the client: line totals, subtotal, the promo
 * code's discount, free shipping; a Click to Pay order takes its payment as stored (`clickToPay`).
 * Returns the field errors instead when an item is not in the catalogue or the promo code is not
 * valid (message keys, to translate).
 */
export function priceOrder(
  request: OrderRequest,
  catalogue: ReadonlyMap<number, ProductRow>,
  clickToPay?: ClickToPayStoredPayment,
): PricedOrder | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const lines: NewOrderLine[] = [];
  request.items.forEach((item, index) => {
    const product = catalogue.get(item.id);
    if (!product) {
      errors[`items.${index}.id`] = ['API.ORDER.UNKNOWN_PRODUCT'];
      return;
    }
    lines.push({
      lineNo: index + 1,
      productId: product.id,
      slug: product.slug,
      name: product.name,
      image: product.image,
      priceCents: product.priceCents,
      count: item.count,
      lineTotalCents: product.priceCents * item.count,
    });
  });
  const totals = orderTotals(
    lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    request.promoCode,
  );
  if (!totals.promoCodeValid) errors.promoCode = ['VALIDATION.PROMO_CODE_INVALID'];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const shippingAddress = request.shipping.address;
  return {
    ok: true,
    order: {
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      currency: CURRENCY,
      promoCode: request.promoCode ?? null,
      contact: request.shipping.contact,
      shippingAddress,
      billingAddress: request.shipping.saveAsBillingAddress ? shippingAddress : request.billingAddress!,
      payment: storedPayment(request.payment, clickToPay),
    },
    lines,
  };
}

/** What the network checkout of a Click to Pay payment was made for (click_to_pay_payments). */
export interface CheckoutAmount {
  transactionAmount: string | null;
  transactionCurrency: string | null;
}

/**
 * Why a Click to Pay payment cannot pay an order of this total (a message key and its values), or
 * undefined when the network checkout was made for exactly the order's amount and currency.
 */
export function checkoutAmountRefusal(
  paid: CheckoutAmount,
  totalCents: number,
  currency: string,
): { key: string; params?: Record<string, string> } | undefined {
  if (paid.transactionAmount === null || paid.transactionCurrency === null)
    return { key: 'API.PAYMENTS.AMOUNT_MISSING' };
  const paidCents = Number(paid.transactionAmount) * 100;
  if (paid.transactionCurrency === currency && Math.abs(paidCents - totalCents) < 1e-6) return undefined;
  return {
    key: 'API.PAYMENTS.AMOUNT_MISMATCH',
    params: {
      paid: `${Number(paid.transactionAmount).toFixed(2)} ${paid.transactionCurrency}`,
      total: `${fromCents(totalCents).toFixed(2)} ${currency}`,
    },
  };
}

function storedPayment(
  payment: OrderRequest['payment'],
  clickToPay: ClickToPayStoredPayment | undefined,
): StoredOrderPayment {
  if (payment.method === 'card') return { method: 'card', brand: payment.brand, lastFour: payment.lastFour };
  if (!clickToPay || clickToPay.paymentId !== payment.paymentId) {
    throw new Error('a Click to Pay order is priced with its stored payment');
  }
  return clickToPay;
}

function toPayment(payment: StoredOrderPayment, confirmedAt: Date | null | undefined): OrderPayment {
  if (payment.method === 'click-to-pay') {
    return {
      method: 'click-to-pay',
      brand: payment.brand,
      lastFour: payment.lastFour,
      credential: payment.credential,
      dynamicDataType: payment.dynamicDataType,
      confirmedAt: confirmedAt ? confirmedAt.toISOString() : null,
      ...(payment.installments ? { installments: payment.installments } : {}),
      ...(payment.authentication ? { authentication: payment.authentication } : {}),
    };
  }
  return { method: 'card', brand: payment.brand, lastFour: payment.lastFour };
}

// jsonb keeps keys in its own order; answers list them in the domain's order.
function toAddress(address: Address): Address {
  const { firstName, lastName, streetAddress1, streetAddress2, city, state, country, zipCode } = address;
  return { firstName, lastName, streetAddress1, streetAddress2, city, state, country, zipCode };
}

function toContact(contact: Contact): Contact {
  return contact.type === 'email'
    ? { type: 'email', email: contact.email }
    : { type: 'phone', phoneCountryCode: contact.phoneCountryCode, phoneNumber: contact.phoneNumber };
}

export function toOrder({ order, lines, clickToPay }: OrderWithLines, locale: LocaleCode): Order {
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    items: [...lines]
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((line) => ({
        id: line.productId,
        slug: line.slug,
        name: localized(line.name, locale),
        image: line.image,
        price: fromCents(line.priceCents),
        count: line.count,
        lineTotal: fromCents(line.lineTotalCents),
      })),
    subtotal: fromCents(order.subtotalCents),
    discount: fromCents(order.discountCents),
    shipping: fromCents(order.shippingCents),
    total: fromCents(order.totalCents),
    currency: order.currency,
    promoCode: order.promoCode,
    contact: toContact(order.contact),
    shippingAddress: toAddress(order.shippingAddress),
    billingAddress: toAddress(order.billingAddress),
    payment: toPayment(order.payment, clickToPay?.confirmedAt),
    ...(order.agent ? { agent: order.agent } : {}),
  };
}
