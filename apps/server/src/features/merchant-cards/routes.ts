import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAVED_CARD_LIMIT } from '@c2p/domain';
import { merchantCardsApi as routes } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import type { ZodApi } from '../../plugins/route-schemas.ts';
import { loadPayloadKey } from '../payments/merchant-keys.ts';
import { NetworkError, networkSettings } from '../payments/network-client.ts';
import type { SigningKey } from '../payments/network-signing.ts';
import {
  countMerchantCards,
  deleteOwnMerchantCard,
  findOwnMerchantCard,
  insertMerchantCard,
  listMerchantCards,
  type MerchantCardRow,
} from './repository.ts';
import { merchantCardsService, toSavedCard, type Enrolment, type MerchantCardsService } from './service.ts';

/** Saves, deletes and payments by a card on file per client and minute (each one network call). */
const CARD_WRITES_PER_IP = 30;

export interface MerchantCardRoutesOptions {
  db: Database;
  networkApiBaseUrl?: string | undefined;
  srcClientId: string;
  signingKey: SigningKey;
}

/** What each route of the plugin uses. */
interface CardRoutes {
  api: ZodApi;
  db: Database;
  service: MerchantCardsService;
  /** The options of a route that writes: the shopper's session first, and the per-client limit. */
  write: { config: { rateLimit: ReturnType<typeof perIpLimit> } };
}

/**
 * Card on File (issue 13): the signed-in shopper's cards, tokenized by the network.
 * GET /api/merchantCards, POST /api/merchantCards { encryptedCard }, DELETE /api/merchantCards/{id},
 * POST /api/merchantCards/{id}/credentials { transactionAmount } (a payment an order takes over).
 * Every answer that made a network call carries it as `network` for the API log.
 */
export async function merchantCardRoutes(
  app: FastifyInstance,
  { db, networkApiBaseUrl, srcClientId, signingKey }: MerchantCardRoutesOptions,
): Promise<void> {
  // The session is checked before the input (preValidation): a stranger learns nothing of the rules.
  const key = await loadPayloadKey(db);
  const cardRoutes: CardRoutes = {
    api: app.withTypeProvider<ZodTypeProvider>(),
    db,
    service: merchantCardsService(db, networkSettings(app, networkApiBaseUrl, srcClientId), key, signingKey),
    write: {
      config: { rateLimit: perIpLimit(CARD_WRITES_PER_IP, 'CARD_ON_FILE.API.TOO_MANY_REQUESTS') },
    },
  };
  listCardsRoute(cardRoutes);
  saveCardRoute(cardRoutes);
  deleteCardRoute(cardRoutes);
  cardCredentialsRoute(cardRoutes);
}

function listCardsRoute({ api, db }: CardRoutes): void {
  api.get(routes.list.url, { schema: routes.list.schema }, async (request) => {
    const rows = await listMerchantCards(db, request.shopper!.id);
    return { data: rows.map(toSavedCard) };
  });
}

function saveCardRoute({ api, db, service, write }: CardRoutes): void {
  api.post(routes.save.url, { ...write, schema: routes.save.schema }, async (request, reply) => {
    const { encryptedCard } = request.body;
    const userId = request.shopper!.id;
    if ((await countMerchantCards(db, userId)) >= SAVED_CARD_LIMIT) {
      throw fieldError(422, 'encryptedCard', t(request, 'CARD_ON_FILE.API.LIMIT', { max: SAVED_CARD_LIMIT }));
    }
    const enrolled = await service.enrol(userId, encryptedCard);
    if (!enrolled.ok) return refuseEnrolment(request, reply, enrolled);
    const row = await insertMerchantCard(db, { userId, ...enrolled.card });
    return reply.status(201).send({ data: toSavedCard(row), network: enrolled.record });
  });
}

function deleteCardRoute({ api, db, service, write }: CardRoutes): void {
  api.delete(routes.remove.url, { ...write, schema: routes.remove.schema }, async (request, reply) => {
    const { id } = request.params;
    const userId = request.shopper!.id;
    const card = await ownCard(db, request, id);
    let network;
    try {
      network = await service.remove(card.srcDigitalCardId);
    } catch (error) {
      return answerNetworkFailure(request, reply, error, 'CARD_ON_FILE.API.DELETE_ERROR');
    }
    if (!(await deleteOwnMerchantCard(db, userId, id))) throw cardNotFound(request);
    return { data: { id }, network };
  });
}

function cardCredentialsRoute({ api, db, service, write }: CardRoutes): void {
  api.post(routes.credentials.url, { ...write, schema: routes.credentials.schema }, async (request, reply) => {
    const card = await ownCard(db, request, request.params.id);
    try {
      return await service.credentials(card, request.body);
    } catch (error) {
      return answerNetworkFailure(request, reply, error, 'CARD_ON_FILE.API.PAYMENT_ERROR');
    }
  });
}

const cardNotFound = (request: FastifyRequest) => fieldError(404, 'id', t(request, 'CARD_ON_FILE.API.NOT_FOUND'));

/** The signed-in shopper's card with this id; 404 naming `id` for anyone else's or none. */
async function ownCard(db: Database, request: FastifyRequest, id: string): Promise<MerchantCardRow> {
  const card = await findOwnMerchantCard(db, request.shopper!.id, id);
  if (!card) throw cardNotFound(request);
  return card;
}

/** The network's refusal of a card: 409 when the shopper already saved it, 422 for a card it cannot use, else 502. */
function refuseEnrolment(request: FastifyRequest, reply: FastifyReply, enrolled: Enrolment & { ok: false }) {
  if (!enrolled.duplicate && !enrolled.invalid) {
    const error = new NetworkError(enrolled.reason, enrolled.record);
    return sendBadGateway(request, reply, error, 'CARD_ON_FILE.API.SAVE_ERROR');
  }
  // Invalid: the network could not use the card it decrypted (number, expiry, code), the shopper's input.
  const [statusCode, messageKey] = enrolled.duplicate
    ? ([409, 'CARD_ON_FILE.API.ALREADY_EXISTS'] as const)
    : ([422, 'CARD_ON_FILE.API.CARD_REFUSED'] as const);
  const message = t(request, messageKey);
  return reply
    .status(statusCode)
    .send({ statusCode, message, errors: { encryptedCard: [message] }, network: enrolled.record });
}

/** A failed network call answers 502 with the call for the API log, and is logged without its bodies. */
function sendBadGateway(request: FastifyRequest, reply: FastifyReply, error: NetworkError, messageKey: string) {
  request.log.warn(
    { network: { method: error.record.method, url: error.record.url, status: error.record.status } },
    `card on file: ${error.message}`,
  );
  return reply.status(502).send({ statusCode: 502, message: t(request, messageKey), network: error.record });
}

/** A failed network call (NetworkError) answers 502; anything else is thrown on. */
function answerNetworkFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, messageKey: string) {
  if (error instanceof NetworkError) return sendBadGateway(request, reply, error, messageKey);
  throw error;
}
