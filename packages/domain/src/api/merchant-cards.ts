import { z } from 'zod';
import { SUPPORTED_CARD_BRANDS } from '../card.ts';
import type {
  CardCredentialsResponse,
  DeleteCardResponse,
  SaveCardResponse,
  SavedCardsResponse,
} from '../merchant-cards.ts';
import { dataOf, errors, type Same } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';
import { badGatewaySchema, clickToPayPaymentSchema, getPayloadSchema, networkCallSchema } from './payments.ts';

const route = areaRoutes('Card on File');

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

export const merchantCardsApi = {
  list: route.shopper('GET', '/api/merchantCards', {
    summary: 'The signed-in shopper’s cards on file',
    response: { 200: savedCardsAnswer },
  }),
  save: route.shopper('POST', '/api/merchantCards', {
    summary: 'Save a card on file: the network enrols it for this shopper and replaces it by a network token',
    description:
      'The server keeps only the network’s reference with brand, last four and expiry; 409 when the network already has this card for this shopper; 502 when the network fails.',
    body: saveCardSchema,
    response: { 201: saveCardAnswer, ...errors(409, 422, 429), 502: badGatewaySchema },
  }),
  remove: route.shopper('DELETE', '/api/merchantCards/:id', {
    summary: 'Delete a card on file, at the network and here',
    params: cardParamsSchema,
    response: { 200: deleteCardAnswer, ...errors(404, 422, 429), 502: badGatewaySchema },
  }),
  credentials: route.shopper('POST', '/api/merchantCards/:id/credentials', {
    summary: 'Transaction credentials for a card on file and an amount (a payment an order then takes over)',
    params: cardParamsSchema,
    body: credentialsSchema,
    response: { 200: credentialsAnswer, ...errors(404, 422, 429), 502: badGatewaySchema },
  }),
};
