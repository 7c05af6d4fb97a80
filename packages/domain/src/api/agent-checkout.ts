import { z } from 'zod';
import { shippingSchema } from '../forms.ts';
import { dataOf, errors, errorSchema } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';
import { MAX_COUNT, MAX_ORDER_LINES, orderSchema } from './orders.ts';

const route = areaRoutes('Agent checkout');

/** An SD-JWT presentation (`<jws>~<disclosure>~…~`) or a compact JWE, as the agent received it. */
const credential = (what: string) =>
  z
    .string({ error: 'API.AGENT.CREDENTIAL' })
    .max(32_768, 'API.AGENT.CREDENTIAL')
    .regex(/^[A-Za-z0-9_.~-]+$/, 'API.AGENT.CREDENTIAL')
    .describe(what);

export const agentCheckoutRequestSchema = z
  .object({
    items: z
      .array(
        z.object({
          productId: z
            .number({ error: 'API.ORDER.UNKNOWN_PRODUCT' })
            .int('API.ORDER.UNKNOWN_PRODUCT')
            .positive('API.ORDER.UNKNOWN_PRODUCT'),
          quantity: z
            .number({ error: 'VALIDATION.QUANTITY' })
            .int('VALIDATION.QUANTITY')
            .min(1, 'VALIDATION.QUANTITY')
            .max(MAX_COUNT, 'VALIDATION.QUANTITY'),
        }),
        { error: 'API.ORDER.ITEMS' },
      )
      .min(1, 'API.ORDER.ITEMS')
      .max(MAX_ORDER_LINES, 'API.ORDER.ITEMS'),
  })
  .superRefine((body, context) => {
    const seen = new Set<number>();
    body.items.forEach((item, index) => {
      if (seen.has(item.productId))
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'productId'],
          message: 'API.ORDER.DUPLICATE_PRODUCT',
        });
      seen.add(item.productId);
    });
  });

const partySchema = z.object({ id: z.string(), name: z.string(), website: z.string() });

export const agentCheckoutSchema = z.object({
  checkoutId: z.string(),
  checkoutJwt: z
    .string()
    .describe('The cart as the shop signed it (ES256, a key of GET /api/agent/keys): what the shopper approves'),
  total: z.number().int().describe('In minor units (cents)'),
  currency: z.string(),
  merchant: partySchema.describe('The shop as mandates name it; its id is the shop’s DPA'),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      quantity: z.number().int(),
      unitAmount: z.number().int(),
    }),
  ),
  expiresAt: z.string(),
});

export const agentCompletionSchema = z.object({
  l1: credential('The card credential the network issued at enrolment'),
  l2: credential(
    'The shopper’s mandate, as the merchant’s presentation: the whole immediate L2, or the open checkout mandate with the items and this shop disclosed',
  ),
  l3b: credential('Autonomous mode: the agent’s checkout credential for this shop').optional(),
  encryptedPayload: credential(
    'The payment payload the network released to the agent, encrypted to the shop’s payload key',
  ),
  srcCorrelationId: z
    .string({ error: 'API.PAYMENTS.CHECKOUT_VALUE' })
    .regex(/^[\x21-\x7e]{1,200}$/, 'API.PAYMENTS.CHECKOUT_VALUE')
    .describe('The network’s id of the payment, as its credential release answered it'),
  shipping: shippingSchema,
});

export const agentCheckoutParamsSchema = z.object({ id: z.uuid({ error: 'API.AGENT.CHECKOUT_ID' }) });

/** A refusal of the agent-facing checkout: the agentic reason code, the field it concerns and, for the credentials, every check made. */
export const agentRefusalSchema = errorSchema.extend({
  reason: z.string().describe('An AGENTIC_ERRORS code (REQUEST_UNSIGNED, CHECKOUT_HASH_MISMATCH…)').optional(),
  checks: z.array(z.unknown()).optional(),
});

const refusals = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, agentRefusalSchema]));

export const agentCheckoutApi = {
  keys: route.anyone('GET', '/api/agent/keys', {
    summary: 'The shop’s checkout-signing keys (JWKS)',
    description: 'The ES256 public keys the shop signs its checkout JWTs with; agents and the network check them here.',
    response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
  }),
  create: route.agent('POST', '/api/agent/checkouts', {
    summary: 'Price and sign an agent’s cart (a checkout the shopper approves)',
    description:
      'For agents that sign their requests (RFC 9421, Web Bot Auth, tag `agent-browser-auth` or `agent-payer-auth`, keyid in the network’s agent key directory). Priced from the catalogue; the answer’s checkout JWT is what the shopper’s mandate binds to (its SHA-256 is the checkout hash). An unsigned request is 401 `REQUEST_UNSIGNED`.',
    body: agentCheckoutRequestSchema,
    response: { 201: dataOf(agentCheckoutSchema), ...refusals(401, 422, 429) },
  }),
  complete: route.agent('POST', '/api/agent/checkouts/:id/complete', {
    summary: 'Complete an agent’s checkout: check the mandate chain and the payment, place the order',
    description:
      'Signed with the tag `agent-payer-auth`. The shop checks the credential chain (Verifiable Intent: L1 and the immediate L2, or L1, the open L2 and L3b), that it binds this checkout, decrypts the payload and checks its amount against the checkout’s total, then places the order once, marked agent-initiated with the evidence of every check. Refusals name the reason (`reason`) and list the checks made.',
    params: agentCheckoutParamsSchema,
    body: agentCompletionSchema,
    response: { 201: dataOf(orderSchema), ...refusals(401, 404, 409, 422, 429), ...errors(502) },
  }),
};
