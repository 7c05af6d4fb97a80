import { z } from 'zod';
import { SUPPORTED_CARD_BRANDS } from '../card.ts';
import type {
  CardCredentialsResponse,
  DeleteCardResponse,
  SaveCardResponse,
  SavedCardsResponse,
} from '../merchant-cards.ts';
import { dataOf, defineRoute, errors, type Same } from './contract.ts';
import { badGatewaySchema, clickToPayPaymentSchema, getPayloadSchema, networkCallSchema } from './payments.ts';

/** A compact JWE (five base64url parts), as encryptCard makes it; at most 8 KB. */
export const saveCardSchema = z.object(
  {
    encryptedCard: z
      .string({ error: 'CARD_ON_FILE.API.ENCRYPTED_CARD' })
      .max(8192, 'CARD_ON_FILE.API.ENCRYPTED_CARD')
      .regex(
        /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
        'CARD_ON_FILE.API.ENCRYPTED_CARD',
      )
      .describe('The card (number, expiry, security code) encrypted in the browser to the network’s key'),
  },
  { error: 'CARD_ON_FILE.API.ENCRYPTED_CARD' },
);

export const cardParamsSchema = z.object({ id: z.uuid({ error: 'CARD_ON_FILE.API.CARD_ID' }) });

export const credentialsSchema = z.object(
  { transactionAmount: getPayloadSchema.shape.transactionAmount },
  { error: 'API.PAYMENTS.AMOUNT' },
);
export type CredentialsInput = z.infer<typeof credentialsSchema>;

export const savedCardSchema = z.object({
  id: z.string().describe('Our id of the card on file (a UUID)'),
  brand: z.enum(SUPPORTED_CARD_BRANDS),
  lastFour: z.string(),
  expiry: z.string().describe('MM/YY'),
  tokenLastFour: z.string().nullable().describe('The last four of the network token the card was replaced by'),
  tokenStatus: z.literal('ACTIVE'),
  createdAt: z.string(),
});

const savedCardsAnswer = dataOf(z.array(savedCardSchema));
const saveCardAnswer = z.object({ data: savedCardSchema, network: networkCallSchema });
const deleteCardAnswer = z.object({ data: z.object({ id: z.string() }), network: networkCallSchema });
const credentialsAnswer = z.object({
  data: clickToPayPaymentSchema.extend({ merchantCardId: z.string(), tokenLastFour: z.string() }),
  network: networkCallSchema,
});

export const savedCardsTypeCheck: Same<z.output<typeof savedCardsAnswer>, SavedCardsResponse> = true;
export const saveCardTypeCheck: Same<z.output<typeof saveCardAnswer>, SaveCardResponse> = true;
export const deleteCardTypeCheck: Same<z.output<typeof deleteCardAnswer>, DeleteCardResponse> = true;
export const credentialsTypeCheck: Same<z.output<typeof credentialsAnswer>, CardCredentialsResponse> = true;

const tags = ['Card on File'];
const security = [{ shopperToken: [] }];

export const merchantCardsApi = {
  list: defineRoute('GET', '/api/merchantCards', {
    summary: 'The signed-in shopper’s cards on file',
    tags,
    security,
    response: { 200: savedCardsAnswer, ...errors(401) },
  }),
  save: defineRoute('POST', '/api/merchantCards', {
    summary: 'Save a card on file: the network enrols it for this shopper and replaces it by a network token',
    description:
      'The server keeps only the network’s reference with brand, last four and expiry; 409 when the network already has this card for this shopper; 502 when the network fails.',
    tags,
    security,
    body: saveCardSchema,
    response: { 201: saveCardAnswer, ...errors(401, 409, 422, 429), 502: badGatewaySchema },
  }),
  remove: defineRoute('DELETE', '/api/merchantCards/:id', {
    summary: 'Delete a card on file, at the network and here',
    tags,
    security,
    params: cardParamsSchema,
    response: { 200: deleteCardAnswer, ...errors(401, 404, 422, 429), 502: badGatewaySchema },
  }),
  credentials: defineRoute('POST', '/api/merchantCards/:id/credentials', {
    summary: 'Transaction credentials for a card on file and an amount (a payment an order then takes over)',
    tags,
    security,
    params: cardParamsSchema,
    body: credentialsSchema,
    response: { 200: credentialsAnswer, ...errors(401, 404, 422, 429), 502: badGatewaySchema },
  }),
};
