import { z } from 'zod';
import { SUPPORTED_CARD_BRANDS } from '../card.ts';
import { addressSchema, shippingSchema } from '../forms.ts';
import type { Order } from '../order.ts';
import { normalisePromoCode } from '../promo.ts';
import { dataOf, errors, type Same } from './contract.ts';
import { areaRoutes, SHOPPER_ONLY } from './merchant-routes.ts';
import { plainAddressSchema } from './accounts.ts';

const route = areaRoutes('Orders');

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const MAX_ORDER_LINES = 50;
export const MAX_COUNT = 99;
const MAX_PRODUCT_ID = 2_147_483_647;

/** `C2P-` and 8 base32 characters (40 random bits), e.g. C2P-7KQ2MZ4D. */
export const ORDER_NUMBER_PATTERN = /^C2P-[A-Z2-7]{8}$/;

/** The plan the shopper chose on the merchant's page, as the order request names it. */
export const chosenPlanSchema = z.object(
  {
    planId: z.string({ error: 'INSTALLMENTS.API.PLAN_ID' }).regex(/^[A-Za-z0-9_-]{1,40}$/, 'INSTALLMENTS.API.PLAN_ID'),
    numberOfInstallments: z
      .number({ error: 'INSTALLMENTS.API.COUNT' })
      .int('INSTALLMENTS.API.COUNT')
      .min(2, 'INSTALLMENTS.API.COUNT')
      .max(120, 'INSTALLMENTS.API.COUNT'),
  },
  { error: 'INSTALLMENTS.API.PLAN_ID' },
);
export type ChosenPlan = z.infer<typeof chosenPlanSchema>;

/** Catalogue ids arrive as numbers; a string of digits (an id copied from a URL) is accepted too. */
const productId = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'API.ORDER.UNKNOWN_PRODUCT' })
    .int('API.ORDER.UNKNOWN_PRODUCT')
    .min(1, 'API.ORDER.UNKNOWN_PRODUCT')
    .max(MAX_PRODUCT_ID, 'API.ORDER.UNKNOWN_PRODUCT'),
);

const quantity = z
  .number({ error: 'VALIDATION.QUANTITY' })
  .int('VALIDATION.QUANTITY')
  .min(1, 'VALIDATION.QUANTITY')
  .max(MAX_COUNT, 'VALIDATION.QUANTITY');

/** The card's expiry as MM/YY, not in the past (a card is valid to the end of its month). */
function notExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const fullYear = 2000 + year;
  return fullYear > now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

const cardPaymentSchema = z.object(
  {
    method: z.literal('card', { error: 'API.ORDER.PAYMENT' }),
    brand: z.enum(SUPPORTED_CARD_BRANDS, { error: 'VALIDATION.CARD_UNSUPPORTED' }),
    lastFour: z.string({ error: 'API.ORDER.LAST_FOUR' }).regex(/^[0-9]{4}$/, 'API.ORDER.LAST_FOUR'),
    expiry: z
      .string({ error: 'VALIDATION.EXPIRY_REQUIRED' })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/, 'VALIDATION.EXPIRY_INVALID')
      .refine((value) => notExpired(value), 'VALIDATION.EXPIRY_INVALID'),
  },
  { error: 'API.ORDER.PAYMENT' },
);

/** A Click to Pay payment: the server takes brand, last four and credential from the stored payload. */
const clickToPayPaymentSchema = z.object(
  {
    method: z.literal('click-to-pay', { error: 'API.ORDER.PAYMENT' }),
    paymentId: z.uuid({ error: 'API.PAYMENTS.PAYMENT_ID' }),
    /** The installment plan the shopper chose (issue 14), checked against the payload's. */
    installments: chosenPlanSchema.optional(),
  },
  { error: 'API.ORDER.PAYMENT' },
);

const paymentSchema = z.discriminatedUnion('method', [cardPaymentSchema, clickToPayPaymentSchema], {
  error: 'API.ORDER.PAYMENT',
});

/** The body of POST /api/orders. Unknown fields (a client's prices, say) are dropped. */
export const orderRequestSchema = z
  .object({
    items: z
      .array(z.object({ id: productId, count: quantity }), { error: 'API.ORDER.ITEMS' })
      .min(1, 'API.ORDER.ITEMS')
      .max(MAX_ORDER_LINES, 'API.ORDER.ITEMS'),
    shipping: shippingSchema,
    billingAddress: addressSchema.optional(),
    payment: paymentSchema,
    promoCode: z
      .string({ error: 'VALIDATION.PROMO_CODE_INVALID' })
      .max(40, 'VALIDATION.PROMO_CODE_INVALID')
      .transform((code) => normalisePromoCode(code) || undefined)
      .optional(),
  })
  .superRefine((order, context) => {
    const seen = new Set<number>();
    order.items.forEach((item, index) => {
      if (seen.has(item.id))
        context.addIssue({ code: 'custom', path: ['items', index, 'id'], message: 'API.ORDER.DUPLICATE_PRODUCT' });
      seen.add(item.id);
    });
    if (!order.shipping.saveAsBillingAddress && !order.billingAddress) {
      context.addIssue({ code: 'custom', path: ['billingAddress'], message: 'API.ORDER.BILLING_ADDRESS_REQUIRED' });
    }
  });
export type OrderRequest = z.infer<typeof orderRequestSchema>;

// ---- answers ------------------------------------------------------------------------------------

const brandSchema = z.enum(SUPPORTED_CARD_BRANDS);

export const orderInstallmentsSchema = z.object({
  planId: z.string(),
  numberOfInstallments: z.number().int(),
  installmentCents: z.number().int().describe('The regular payment, in cents'),
  scheduleCents: z.array(z.number().int()).describe('Every payment, in cents; they add up to the total'),
  apr: z.string(),
  currency: z.string(),
  firstPaymentDate: z.string().describe('YYYY-MM-DD'),
});

export const paymentAuthenticationSchema = z
  .object({
    method: z.enum(['PASSKEY', 'OTP']).nullable(),
    result: z.enum(['AUTHENTICATED', 'UNVERIFIED']),
    eci: z.string().nullable(),
    verificationMethod: z.string().nullable().describe("'07' a passkey (FIDO2), '04' a one-time code"),
  })
  .describe(
    'How the shopper confirmed the payment in the network’s window, as the server checked the payload’s authentication data and assurance data: UNVERIFIED when they disagree or are malformed (the payment then counts as not authenticated). Absent when no authenticated payment was asked for.',
  );

export const contactAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), email: z.string() }),
  z.object({ type: z.literal('phone'), phoneCountryCode: z.string(), phoneNumber: z.string() }),
]);

const agentCheckSchema = z.object({
  layer: z.enum(['request', 'L1', 'L2', 'L3b', 'payload']),
  name: z.string(),
  outcome: z.enum(['pass', 'fail', 'skip']),
  compared: z
    .object({
      relation: z.enum(['equals', 'at_most', 'at_least', 'between', 'one_of', 'present']),
      expected: z.unknown().optional(),
      actual: z.unknown().optional(),
    })
    .optional(),
  code: z.string().optional(),
  note: z.string().optional(),
});

const jsonObject = z.record(z.string(), z.unknown());

export const agentOrderSchema = z
  .object({
    initiatedBy: z.literal('AGENT'),
    program: z.literal('AGENT_PAY'),
    agent: z.object({ agentId: z.string(), name: z.string(), keyid: z.string() }),
    mode: z.enum(['immediate', 'autonomous']),
    checkoutId: z.string(),
    checks: z.array(agentCheckSchema).describe('Every check the shop made, in order, each with both values compared'),
    layers: z
      .array(
        z.object({
          layer: z.enum(['L1', 'L2', 'L3b']),
          header: jsonObject,
          payload: jsonObject,
          disclosures: z.array(
            z.object({ digest: z.string(), name: z.string().optional(), value: z.unknown().optional() }),
          ),
          claims: jsonObject,
        }),
      )
      .describe('The credentials as the shop decoded them (never the card number, token or cryptogram)'),
  })
  .describe('Present when an AI agent placed the order (Agent Pay), with the evidence of its checks');

export const orderSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  items: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      image: z.string(),
      price: z.number(),
      count: z.number().int(),
      lineTotal: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  contact: contactAnswerSchema,
  shippingAddress: plainAddressSchema,
  billingAddress: plainAddressSchema,
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('card'), brand: brandSchema, lastFour: z.string() }),
    z.object({
      method: z.literal('click-to-pay'),
      brand: brandSchema,
      lastFour: z.string(),
      credential: z.enum(['TOKEN', 'CARD']),
      dynamicDataType: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      installments: orderInstallmentsSchema.optional(),
      authentication: paymentAuthenticationSchema.optional(),
    }),
  ]),
  agent: agentOrderSchema.optional(),
});

export const orderTypeCheck: Same<z.output<typeof orderSchema>, Order> = true;

export const ordersApi = {
  place: route.anyone('POST', '/api/orders', {
    summary: 'Place an order (priced on the server; once per Idempotency-Key)',
    description:
      'Guests and signed-in shoppers; priced from the catalogue, never from the client. The same Idempotency-Key with the same body answers the stored order (200); with another body, 409. Fields named like card numbers or security codes are refused anywhere in the body. A Click to Pay payment (`{ method: "click-to-pay", paymentId }`, from POST /api/getPayload) is refused (422 on `payment.paymentId`, naming both amounts) unless the network checkout was made for the order’s total and currency, and (403) unless it was made by this shopper, or for a guest in this browser (the `c2p_checkout` cookie of POST /api/getPayload). When more orders wait to be stored than the server takes, 503 with Retry-After: nothing was stored, send it again.',
    security: [{}, ...SHOPPER_ONLY],
    headers: z.object({
      [IDEMPOTENCY_KEY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'API.ORDER.IDEMPOTENCY_KEY'),
    }),
    body: orderRequestSchema,
    response: { 200: dataOf(orderSchema), 201: dataOf(orderSchema), ...errors(401, 403, 409, 422, 429, 503) },
  }),
  history: route.shopper('GET', '/api/orders', {
    summary: 'The shopper’s order history, newest first',
    response: { 200: dataOf(z.array(orderSchema)) },
  }),
  one: route.shopper('GET', '/api/orders/:orderNumber', {
    summary: 'One of the shopper’s orders',
    params: z.object({ orderNumber: z.string().describe('C2P- and 8 characters, any case') }),
    response: { 200: dataOf(orderSchema), ...errors(404) },
  }),
};
