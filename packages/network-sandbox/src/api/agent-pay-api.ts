// The network's Agent Pay API (ours: the network's own API is not public; docs/decisions/027): the
// agent registry and key directory, mandate requests, credential release and revocation. Credentials
// and constraints are Verifiable Intent's (v0.1); amounts are integer minor units.
import { z } from 'zod';
import { defineRoute } from '@c2p/domain/api';
import { body, jwksSchema, publicJwkSchema, refusals, text } from './schemas.ts';

const open: [] = [];
const agentSigned = [{ agentSignature: [] }];
const agents = ['Agent Pay: agents (ours)'];
const agentPay = ['Agent Pay: mandates and credentials (ours)'];

export const AGENT_NAME_MESSAGE = 'name is 1 to 80 characters of text';
export const SIGNING_KEY_MESSAGE =
  'signingKey must be an Ed25519 public key as a JWK ({ kty: "OKP", crv: "Ed25519", x })';
export const CREDENTIAL_KEY_MESSAGE =
  'credentialKey must be a P-256 public key as a JWK ({ kty: "EC", crv: "P-256", x, y })';

const jwkMembers = (message: string) =>
  z
    .looseObject(
      { kty: text(message).optional(), crv: text(message).optional(), x: text(message).optional() },
      { error: message },
    )
    .optional();

const PARTY_MESSAGE = 'A merchant is { id (the srcDpaId of its DPA at the network), name, website (its origin) }';
const party = z
  .object(
    { id: text(PARTY_MESSAGE), name: text(PARTY_MESSAGE), website: text(PARTY_MESSAGE) },
    { error: PARTY_MESSAGE },
  )
  .describe('A merchant as mandates name it: `id` is its srcDpaId, the DPA its payments are encrypted to');
const currency = text('currency is 3 capital letters (ISO 4217)').regex(
  /^[A-Z]{3}$/,
  'currency is 3 capital letters (ISO 4217)',
);
const minorUnits = (name: string) =>
  z
    .number({ error: `${name} is a whole amount in minor units` })
    .int(`${name} is a whole amount in minor units`)
    .min(0, `${name} is a whole amount in minor units`)
    .max(100_000_000, `${name} is at most 100,000,000 minor units`);
const CONSTRAINT_MESSAGE =
  'Each constraint is a Verifiable Intent constraint: mandate.payment.amount_range, mandate.payment.budget, mandate.payment.allowed_payees, mandate.checkout.allowed_merchants or mandate.checkout.line_items';

/** The constraints of an open mandate, as Verifiable Intent v0.1 writes them (merchants and items inline). */
const constraintSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('mandate.payment.amount_range'),
      currency,
      min: minorUnits('min').optional(),
      max: minorUnits('max'),
    }),
    z.object({ type: z.literal('mandate.payment.budget'), currency, max: minorUnits('max') }),
    z.object({ type: z.literal('mandate.payment.allowed_payees'), allowed: z.array(party).min(1).max(10) }),
    z.object({ type: z.literal('mandate.checkout.allowed_merchants'), allowed: z.array(party).min(1).max(10) }),
    z.object({
      type: z.literal('mandate.checkout.line_items'),
      items: z
        .array(
          z.object({
            id: text('Each line item requirement has an id'),
            acceptable_items: z
              .array(
                z.object({ id: text('An acceptable item has an id'), title: text('An acceptable item has a title') }),
              )
              .max(20),
            quantity: z.number().int().min(1, 'quantity is at least 1').max(100),
          }),
        )
        .min(1)
        .max(20),
      match_mode: z.enum(['minimum', 'exact']).optional(),
    }),
  ],
  { error: CONSTRAINT_MESSAGE },
);
export type MandateConstraint = z.output<typeof constraintSchema>;

const agentCheck = z
  .looseObject({ layer: z.string(), name: z.string(), outcome: z.enum(['pass', 'fail', 'skip']) })
  .describe(
    'One check the network ran, in order: the credential layer (or `network` for its records), its name and outcome, and the values it compared',
  );

const mandateStatus = z.enum(['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED']);

export const agentPayApi = {
  registerAgent: defineRoute('POST', '/sandbox/agents', {
    summary: 'Registers an AI agent: the key it signs requests with and the key it signs its credentials (L3) with',
    description:
      'The answer’s `keyid` (the signing key’s RFC 7638 thumbprint) goes in each request signature’s `keyid`; `credentialKid` (the credential key’s) is the `kid` of its L3 credentials and of the mandates’ `cnf`. At most 100 agents per address and hour; an agent no shopper enrolled is removed after a day.',
    tags: agents,
    security: open,
    body: body({
      name: text(AGENT_NAME_MESSAGE).optional().describe('Shown to the shopper'),
      signingKey: jwkMembers(SIGNING_KEY_MESSAGE).describe('Ed25519 public JWK: signs its requests (RFC 9421)'),
      credentialKey: jwkMembers(CREDENTIAL_KEY_MESSAGE).describe('P-256 public JWK: signs its L3 credentials'),
    }),
    response: {
      201: z.object({ agentId: z.string(), keyid: z.string(), credentialKid: z.string() }),
      ...refusals(400, 409, 429),
    },
  }),
  agentKey: defineRoute('GET', '/sandbox/agents/keys/:keyid', {
    summary:
      'The agent key directory: a registered agent’s request-signing key (the Trusted Agent Protocol’s GET /keys/{keyId})',
    tags: agents,
    security: open,
    params: z.object({ keyid: z.string().describe('The keyid of a request signature') }),
    response: {
      200: z.object({
        keyid: z.string(),
        agentId: z.string(),
        name: z.string(),
        jwk: publicJwkSchema,
        status: z.literal('ACTIVE'),
      }),
      ...refusals(404),
    },
  }),
  issuerKeys: defineRoute('GET', '/sandbox/agent-pay/keys', {
    summary: 'The key the network signs card credentials (L1) with, as a JWKS: what verifies a Verifiable Intent chain',
    description: 'The L1 `iss` is the network’s base URL (`…/sandbox`); its header `kid` names the key.',
    tags: agentPay,
    security: open,
    response: { 200: jwksSchema },
  }),
  requestMandate: defineRoute('POST', '/sandbox/agent-pay/mandate-requests', {
    summary: 'Asks the shopper for a mandate: this checkout (IMMEDIATE), or limits the agent buys within (AUTONOMOUS)',
    description:
      'The shopper approves it in the network’s window (`approveMandate`, SDK) with their payment passkey, within 15 minutes; the network then signs the L2 with the shopper’s key it holds. IMMEDIATE takes the merchant-signed `checkoutJwt` (its merchant, lines and total); AUTONOMOUS takes Verifiable Intent constraints (the allowed merchants, the line items and an amount range at least; the allowed payees default to the merchants), `expiresAt` (at most 30 days) and `prompt_summary`.',
    tags: agentPay,
    security: agentSigned,
    body: body({
      agenticTokenId: text('agenticTokenId is required (enrolAgent’s answer)'),
      mode: z.enum(['IMMEDIATE', 'AUTONOMOUS'], { error: 'mode must be IMMEDIATE or AUTONOMOUS' }),
      checkoutJwt: text('checkoutJwt must be the merchant-signed checkout (a JWS)').optional(),
      merchant: party.optional().describe('IMMEDIATE: the checkout’s merchant, as the checkout names it'),
      constraints: z.array(constraintSchema, { error: CONSTRAINT_MESSAGE }).max(10).optional(),
      expiresAt: text('expiresAt must be an ISO 8601 date').optional().describe('AUTONOMOUS: when the mandate ends'),
      prompt_summary: z
        .string({ error: 'prompt_summary must be text' })
        .max(300, 'prompt_summary is at most 300 characters')
        .optional()
        .describe('AUTONOMOUS: what the shopper asked for, in their words'),
    }),
    response: {
      201: z.object({
        mandateRequestId: z.string(),
        mode: z.string(),
        status: z.literal('PENDING'),
        expiresAt: z.string(),
      }),
      ...refusals(400, 401, 403, 404),
    },
  }),
  mandateRequest: defineRoute('GET', '/sandbox/agent-pay/mandate-requests/:id', {
    summary: 'The mandate request: pending, approved (with the L2), declined or expired',
    tags: agentPay,
    security: agentSigned,
    params: z.object({ id: z.string() }),
    response: {
      200: z.object({
        mandateRequestId: z.string(),
        mode: z.string(),
        status: mandateStatus,
        expiresAt: z.string().describe('Until when the shopper may approve it, or when the approved mandate ends'),
        l2: z.string().optional().describe('The shopper’s mandate (L2, SD-JWT with every disclosure), once approved'),
      }),
      ...refusals(401, 404),
    },
  }),
  releaseCredentials: defineRoute('POST', '/sandbox/agent-pay/credentials', {
    summary:
      'Releases a payment credential for a purchase within the shopper’s mandate: the agentic token and a cryptogram',
    description:
      'The network checks the chain (L1, L2 and, autonomous, L3a), that the token is active and this agent’s, and that the card credential, the mandate and the card are the token’s; then the spend: one purchase per mandate, within its amount range and budget, no credential twice. The payload is a Click to Pay payload encrypted to the payee DPA’s key (the mandate’s merchant `id`).',
    tags: agentPay,
    security: agentSigned,
    body: body({
      agenticTokenId: text('agenticTokenId is required'),
      l1: text('l1 (the card credential enrolment issued) is required'),
      l2: text('l2 (the shopper’s mandate; autonomous: its payment presentation) is required'),
      l3a: text('l3a must be the agent’s payment credential (SD-JWT)').optional().describe('AUTONOMOUS only'),
    }),
    response: {
      200: z.object({
        encryptedPayload: z.string().describe('Compact JWE to the payee DPA’s key (section 9.3 inside)'),
        srcCorrelationId: z.string(),
        mandateRequestId: z.string(),
        amount: z.object({ currency: z.string(), amount: z.number() }),
        spend: z.object({ spentBefore: z.number(), spentAfter: z.number(), remaining: z.number().optional() }),
        checks: z.array(agentCheck),
      }),
      ...refusals(400, 401, 403, 404, 409),
    },
  }),
  revokeToken: defineRoute('POST', '/sandbox/agent-pay/tokens/:id/revoke', {
    summary: 'Revokes an agentic token, from the network’s window where the shopper manages their agents',
    tags: agentPay,
    security: [{ networkWindow: [] }],
    params: z.object({ id: z.string() }),
    response: {
      200: z.object({ agenticTokenId: z.string(), status: z.literal('REVOKED') }),
      ...refusals(403, 404),
    },
  }),
};
