import { z } from 'zod';
import { SUPPORTED_CARD_BRANDS } from '../card.ts';
import type { ConfirmationResponse, GetPayloadResponse } from '../payments.ts';
import { errors, errorSchema, type Same } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';
import { ORDER_NUMBER_PATTERN, orderInstallmentsSchema, paymentAuthenticationSchema } from './orders.ts';

const route = areaRoutes('Click to Pay');

/** An identifier from the checkout result: printable ASCII (it may travel in a header), at most 200. */
const checkoutValue = z
  .string({ error: 'API.PAYMENTS.CHECKOUT_VALUE' })
  .trim()
  .regex(/^[\x21-\x7e]{1,200}$/, 'API.PAYMENTS.CHECKOUT_VALUE');

/** The body of POST /api/getPayload (GetPayloadRequest). */
export const getPayloadSchema = z.object(
  {
    srcDpaId: checkoutValue,
    srcCorrelationId: checkoutValue,
    merchantTransactionId: checkoutValue,
    flowId: checkoutValue,
    transactionAmount: z.object(
      {
        transactionAmount: z
          .number({ error: 'API.PAYMENTS.AMOUNT' })
          .positive('API.PAYMENTS.AMOUNT')
          .max(1_000_000_000, 'API.PAYMENTS.AMOUNT'),
        transactionCurrencyCode: z
          .string({ error: 'API.PAYMENTS.CURRENCY' })
          .regex(/^[A-Z]{3}$/, 'API.PAYMENTS.CURRENCY'),
      },
      { error: 'API.PAYMENTS.AMOUNT' },
    ),
  },
  { error: 'API.PAYMENTS.CHECKOUT_VALUE' },
);
export type GetPayloadInput = z.infer<typeof getPayloadSchema>;

/** The body of POST /api/confirmation (ConfirmationRequest). */
export const confirmationSchema = z.object(
  {
    orderNumber: z
      .string({ error: 'API.PAYMENTS.ORDER_NUMBER' })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => ORDER_NUMBER_PATTERN.test(value), 'API.PAYMENTS.ORDER_NUMBER'),
    paymentId: z.uuid({ error: 'API.PAYMENTS.PAYMENT_ID' }),
  },
  { error: 'API.PAYMENTS.ORDER_NUMBER' },
);
export type ConfirmationInput = z.infer<typeof confirmationSchema>;

// ---- answers ------------------------------------------------------------------------------------

/** The server's own call to the network, for the API log (credentials masked). */
export const networkCallSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  // Absent from the JSON when the call had no body (a DELETE).
  body: z.unknown().optional(),
  status: z.number().int().nullable(),
  response: z.unknown(),
});

export const clickToPayPaymentSchema = z.object({
  paymentId: z.string().describe('Our id of the stored payload; an order placed with it takes it over'),
  brand: z.enum(SUPPORTED_CARD_BRANDS),
  lastFour: z.string(),
  expiry: z.string().describe('MM/YY'),
  credential: z.enum(['TOKEN', 'CARD']),
  dynamicDataType: z.string().nullable(),
  eci: z.string().nullable(),
  installments: orderInstallmentsSchema.optional(),
  authentication: paymentAuthenticationSchema.optional(),
});

export const getPayloadAnswerSchema = z.object({ data: clickToPayPaymentSchema, network: networkCallSchema });
export const confirmationAnswerSchema = z.object({
  data: z.object({ confirmed: z.literal(true), confirmedAt: z.string() }),
  network: networkCallSchema,
});
/** 502: the network call failed; `network` is the call as made. */
export const badGatewaySchema = errorSchema.extend({ network: networkCallSchema });

export const getPayloadTypeCheck: Same<z.output<typeof getPayloadAnswerSchema>, GetPayloadResponse> = true;
export const confirmationTypeCheck: Same<z.output<typeof confirmationAnswerSchema>, ConfirmationResponse> = true;

export const paymentsApi = {
  getPayload: route.anyone('POST', '/api/getPayload', {
    summary: 'Fetch and decrypt the payload of a COMPLETE checkout from the card network',
    description:
      'The body is what checkoutWithCard or checkoutWithNewCard answered. The server fetches the payload, decrypts and keeps it, and answers what a receipt shows (never the token, the card number or the cryptogram), with the network call for the API log; 502 when the network fails. The payment is the checkout’s: the signed-in shopper’s, or for a guest the browser’s (an HttpOnly `c2p_checkout` cookie, set here); the same transaction fetched for anyone else is 409.',
    body: getPayloadSchema,
    response: { 200: getPayloadAnswerSchema, ...errors(401, 409, 422, 429), 502: badGatewaySchema },
  }),
  confirmation: route.anyone('POST', '/api/confirmation', {
    summary: 'Tell the card network the order was placed (post-transaction confirmation, sent once)',
    body: confirmationSchema,
    response: { 200: confirmationAnswerSchema, ...errors(404, 422, 429), 502: badGatewaySchema },
  }),
};
