// The network's HTTP API as the merchant's server calls it: each route's method, URL (under the
// sandbox's /sandbox prefix) and zod schemas, registered as the Fastify route schemas and
// published as OpenAPI 3.1 at /sandbox/api/openapi.json (docs/decisions/020).
import { z } from 'zod';
import { defineRoute, type ApiRoute, type HttpMethod, type RouteSchema } from '@c2p/domain/api';
import { agentPayApi } from './agent-pay-api.ts';
import {
  assuranceDataSchema,
  body,
  jwksSchema,
  maskedCardSchema,
  maskedConsumerSchema,
  noContent,
  publicJwkSchema,
  refusals,
  rsaPublicJwkSchema,
  srcDpaIdParams,
  text,
  transactionAmountSchema,
} from './schemas.ts';

/** Signed with the client's key, OAuth 1.0a RSA-SHA256 (see the README): merchant servers only. */
const signed = [{ oauthRsaSha256: [] }];
/** Open to anyone (OpenAPI's empty security requirement): public keys, onboarding. */
const open: [] = [];

/** A route the merchant's server calls signed (see `signed`), filed under `tags` in the reference. */
const signedRoute = <const S extends RouteSchema>(
  method: HttpMethod,
  url: string,
  tags: readonly string[],
  { summary, ...schema }: S,
) => defineRoute(method, url, { summary, tags, security: signed, ...schema });

export const NETWORK_SECURITY_SCHEMES = {
  agentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description:
      'An AI agent’s RFC 9421 signature (`Signature-Input` and `Signature`, Ed25519) over `@authority`, `@path`, `@method` and, with a body, `content-digest`; with `created`, `expires` (at most 600 s later), `keyid` (from POST /sandbox/agents), `alg="ed25519"`, a `nonce` used once and `tag="agent-payer-auth"`, as the Trusted Agent Protocol signs.',
  },
  networkWindow: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Sandbox-Window',
    description:
      'The network window’s own token, which only the network’s window holds (from its opener’s grant), sent from the sandbox’s own origin.',
  },
  oauthRsaSha256: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'OAuth 1.0a, Mastercard’s flavour: `OAuth oauth_consumer_key="<SRC client id>", oauth_signature_method="RSA-SHA256", oauth_body_hash, oauth_timestamp, oauth_nonce, oauth_signature`, signed with the client’s onboarded key.',
  },
};

export const DPA_KEY_MESSAGE = 'The body must be an RSA public key as a JWK ({ kty: "RSA", n, e, kid? })';
export const CLIENT_ID_MESSAGE = 'clientId is 3 to 64 letters, digits, ".", "_" or "-"';
export const CLIENT_KEY_MESSAGE = 'publicJwk must be an RSA public key as a JWK ({ kty: "RSA", n, e })';
export const AGENT_NAME_MESSAGE = 'name is 1 to 80 characters of text';
export const SIGNING_KEY_MESSAGE =
  'signingKey must be an Ed25519 public key as a JWK ({ kty: "OKP", crv: "Ed25519", x })';
export const CREDENTIAL_KEY_MESSAGE =
  'credentialKey must be a P-256 public key as a JWK ({ kty: "EC", crv: "P-256", x, y })';
export const ORIGINS_MESSAGE = 'Send { origins: ["https://shop.example", ...] } ([] restores the default)';

const keys = ['Keys and onboarding'];
const payloads = ['Payloads'];
const confirmations = ['Confirmations'];
const cardsOnFile = ['Cards on file'];

const dpaTransactionOptions = z
  .looseObject({}, { error: 'dpaTransactionOptions must be an object' })
  .optional()
  .describe('Payload options (section 9.2), e.g. paymentOptions.dpaDynamicDataTtlMinutes from 1 to 1,440');

const eventCode = (field: string) => text(`confirmationData.${field} is required (two digits, see the reference)`);
const confirmationData = z
  .looseObject(
    {
      checkoutEventType: eventCode('checkoutEventType').optional().describe('01 to 07'),
      checkoutEventStatus: eventCode('checkoutEventStatus').optional().describe('Two digits'),
      confirmationStatus: text('confirmationData.confirmationStatus must be 01, 02 or 03')
        .optional()
        .describe('01, 02 or 03'),
      confirmationTimestamp: text('confirmationData.confirmationTimestamp must be an ISO date').optional(),
      networkTransactionIdentifier: z.string().optional().describe('Required for event type 01 (UNAVLB when unknown)'),
      transactionAmount: z
        .looseObject({}, { error: 'transactionAmount needs transactionAmount and a 3-letter transactionCurrencyCode' })
        .optional()
        .describe('{ transactionAmount, transactionCurrencyCode }'),
    },
    { error: 'confirmationData is required' },
  )
  .optional();

const correlationRequired = 'correlationId (srcCorrelationId) is required';

const checkoutResponseJws = z.object({
  checkoutResponseJWS: z.string().describe('RS256 JWS (payload-verification key) holding the encryptedPayload'),
});

/** A public, unsigned GET of network keys as a JWKS. */
const keySet = (url: string, summary: string) =>
  defineRoute('GET', url, { summary, tags: keys, security: open, response: { 200: jwksSchema } });

/** A public, unsigned GET of what the DPA `:srcDpaId` registered. */
const dpaRegistration = <const S extends RouteSchema>(url: string, { summary, ...schema }: S) =>
  defineRoute('GET', url, { summary, tags: keys, security: open, params: srcDpaIdParams, ...schema });

export const networkApi = {
  keys: keySet('/sandbox/keys', 'The network’s public keys (section 8.3)'),
  fpanEncryptionKey: keySet('/sandbox/keys/mcs/fpanEncryption', 'The key cards are encrypted to (encryptCard)'),
  payloadVerificationKey: keySet('/sandbox/keys/mcs/payloadVerification', 'The key checkout responses are signed with'),
  putDpaKey: signedRoute('PUT', '/sandbox/dpas/:srcDpaId/key', keys, {
    summary: 'Registers the DPA’s payload-encryption public key (our onboarding shortcut)',
    params: srcDpaIdParams,
    body: rsaPublicJwkSchema(DPA_KEY_MESSAGE),
    response: { 204: noContent, ...refusals(400, 401, 403) },
  }),
  getDpaKey: dpaRegistration('/sandbox/dpas/:srcDpaId/key', {
    summary: 'The DPA’s registered payload-encryption key',
    response: { 200: publicJwkSchema, ...refusals(404) },
  }),
  putDpaOrigins: signedRoute('PUT', '/sandbox/dpas/:srcDpaId/origins', keys, {
    summary: 'The pages allowed to use the SDK for the DPA ([] restores the default)',
    params: srcDpaIdParams,
    body: body({
      origins: z
        .array(text('Each origin is scheme://host[:port], http or https, with no path and no wildcard'), {
          error: ORIGINS_MESSAGE,
        })
        .optional()
        .describe('scheme://host[:port], http or https, at most 20'),
    }),
    response: { 204: noContent, ...refusals(400, 401, 403) },
  }),
  getDpaOrigins: dpaRegistration('/sandbox/dpas/:srcDpaId/origins', {
    summary: 'The pages allowed to use the SDK for the DPA',
    response: {
      200: z.object({
        origins: z.array(z.string()),
        sandboxDefault: z.boolean().describe('True when none is registered: the sandbox’s own pages'),
      }),
    },
  }),
  onboardClient: defineRoute('POST', '/sandbox/clients', {
    summary: 'Onboards a merchant client: its id and the public half of its signing key (never replaced)',
    description:
      'At most 10 clients per address and hour, 1,000 in all; a client owns at most 20 DPAs. A client that registers no DPA key within a day, or names none of its DPAs in a signed call for 30 days, is removed with its DPAs.',
    tags: keys,
    security: open,
    body: body({
      clientId: text(CLIENT_ID_MESSAGE).optional(),
      publicJwk: rsaPublicJwkSchema(CLIENT_KEY_MESSAGE).optional(),
    }),
    response: { 201: z.object({ clientId: z.string() }), ...refusals(400, 409, 429) },
  }),
  checkoutPayload: signedRoute('POST', '/sandbox/srci/api/checkout', payloads, {
    summary: 'The payload of a checkout, by merchant transaction id or merchant card id (section 9.2 b)',
    headers: z.looseObject({
      'x-src-cx-flow-id': z.string().optional().describe('The checkout’s headers["x-src-cx-flow-id"]'),
      'x-sandbox-payload-enc': z.string().optional().describe('A128GCM for A128GCM (A128CBC-HS256 by default)'),
    }),
    body: body({
      srcDpaId: text('srcDpaId is required').optional(),
      correlationId: z.string().optional(),
      checkoutType: z.string().optional(),
      checkoutReference: z
        .looseObject({
          type: text('checkoutReference.type must be MERCHANT_TRANSACTION_ID or MERCHANT_CARD_ID')
            .optional()
            .describe('MERCHANT_TRANSACTION_ID (default) or MERCHANT_CARD_ID'),
          data: z
            .looseObject({
              merchantTransactionId: text('checkoutReference.data.merchantTransactionId is required').optional(),
              merchantCardId: text('checkoutReference.data.merchantCardId is required').optional(),
            })
            .optional(),
        })
        .optional(),
      dpaTransactionOptions,
    }),
    response: {
      200: z.object({
        merchantTransactionId: z.string().optional(),
        correlationId: z.string(),
        encryptedPayload: z.string().describe('Compact JWE to the DPA’s key (section 9.3 inside)'),
        merchantCardId: z.string().optional(),
        assuranceData: assuranceDataSchema,
        maskedCard: maskedCardSchema,
        maskedConsumer: maskedConsumerSchema.optional(),
      }),
      ...refusals(400, 401, 403),
    },
  }),
  credentials: signedRoute('POST', '/sandbox/src/api/digital/payments/transaction/credentials', payloads, {
    summary: 'The payload of a checkout, or of a card on file, in a signed checkout response (section 9.2 a)',
    body: body({
      srcClientId: z.string().optional().describe('When given, the client that signed'),
      srcDpaId: text('srcDpaId is required').optional(),
      srcCorrelationId: z.string().optional().describe('Required unless the card is on file'),
      srcDigitalCardId: text('srcDigitalCardId is required').optional(),
      transactionAmount: transactionAmountSchema.optional().describe('Required for a card on file'),
    }),
    response: { 200: checkoutResponseJws, ...refusals(400, 401, 403, 404) },
  }),
  checkoutConfirmation: signedRoute('POST', '/sandbox/srci/api/checkout/confirmations', confirmations, {
    summary: 'How the payment went (section 10)',
    body: body({
      correlationId: text(correlationRequired).optional(),
      merchantTransactionId: z.string().optional(),
      confirmationData,
    }),
    response: { 204: noContent, ...refusals(400, 401, 403) },
  }),
  confirmation: signedRoute('POST', '/sandbox/src/api/confirmations', confirmations, {
    summary: 'How the payment went, current API (section 10)',
    body: body({ srcCorrelationId: text(correlationRequired).optional(), confirmationData }),
    response: { 204: noContent, ...refusals(400, 401, 403) },
  }),
  keepMerchantCard: signedRoute('POST', '/sandbox/srci/api/merchantCards', cardsOnFile, {
    summary: 'Keeps the card of a completed checkout for later payments (section 12)',
    body: body({
      srcDpaId: text('srcDpaId is required').optional(),
      merchantTransactionId: z.string().optional(),
      correlationId: z.string().optional(),
      merchantAccountId: z.string().optional(),
    }),
    response: { 200: z.object({ merchantCardId: z.string() }), ...refusals(400, 401, 403) },
  }),
  deleteMerchantCard: signedRoute('DELETE', '/sandbox/srci/api/merchantCards/:merchantCardId', cardsOnFile, {
    summary: 'Forgets a merchant card',
    params: z.object({ merchantCardId: z.string() }),
    response: { 204: noContent, ...refusals(400, 401, 404) },
  }),
  enrolCard: signedRoute('POST', '/sandbox/src/api/digital/payments/cards', cardsOnFile, {
    summary: 'Enrols a card on file for one of the merchant’s accounts (Secure Card on File)',
    body: body({
      serviceId: z.string().optional(),
      srcClientId: z.string().optional(),
      srcDpaId: text('srcDpaId is required').optional(),
      srcCorrelationId: z.string().optional(),
      cardSource: z.string().optional(),
      encryptedCard: text('encryptedCard (a JWE to the src-fpan-encryption key) is required')
        .optional()
        .describe('JWE to the src-fpan-encryption key, as encryptCard makes it'),
      consumer: z
        .looseObject({
          consumerIdentity: z
            .looseObject({
              identityType: text('consumer.consumerIdentity.identityType must be EXTERNAL_ACCOUNT_ID')
                .optional()
                .describe('EXTERNAL_ACCOUNT_ID'),
              identityValue: text(
                'consumer.consumerIdentity.identityValue must be printable text of at most 128 characters',
              )
                .optional()
                .describe('The merchant’s account id'),
            })
            .optional(),
        })
        .optional(),
    }),
    response: {
      200: z.object({
        srcCorrelationId: z.string(),
        srcDigitalCardId: z.string(),
        maskedCard: maskedCardSchema,
        authenticationMethods: z.array(z.unknown()),
      }),
      ...refusals(400, 401, 403, 409),
    },
  }),
  deleteCard: signedRoute('DELETE', '/sandbox/src/api/digital/payments/cards/:srcDigitalCardId', cardsOnFile, {
    summary: 'Deletes a card on file (the path is the sandbox’s own)',
    params: z.object({ srcDigitalCardId: z.string() }),
    response: { 204: noContent, ...refusals(400, 401, 404) },
  }),
  ...agentPayApi,
};

/** A contract route's URL and schema as the sandbox plugin registers it, under its /sandbox prefix. */
export const mounted = <R extends ApiRoute>(route: R): { method: R['method']; url: string; schema: R['schema'] } => ({
  method: route.method,
  url: route.url.replace(/^\/sandbox(?=\/)/, ''),
  schema: route.schema,
});
