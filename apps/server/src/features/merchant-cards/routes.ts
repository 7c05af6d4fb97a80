import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAVED_CARD_LIMIT } from '@c2p/domain';
import { merchantCardsApi as routes } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { loadPayloadKey } from '../payments/merchant-keys.ts';
import { NetworkError, networkSettings } from '../payments/network-client.ts';
import type { SigningKey } from '../payments/network-signing.ts';
import { requireShopper } from '../sessions/shopper-auth.ts';
import {
  countMerchantCards,
  deleteOwnMerchantCard,
  findOwnMerchantCard,
  insertMerchantCard,
  listMerchantCards,
} from './repository.ts';
import { merchantCardsService, toSavedCard } from './service.ts';

/** Saves, deletes and payments by a card on file per client and minute (each one network call). */
const CARD_WRITES_PER_IP = 30;

export interface MerchantCardRoutesOptions {
  db: Database;
  networkApiBaseUrl?: string | undefined;
  srcClientId: string;
  signingKey: SigningKey;
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the input (preValidation): a stranger learns nothing of the rules.
  const shopperOnly = requireShopper(db);
  const key = await loadPayloadKey(db);
  const service = merchantCardsService(db, networkSettings(app, networkApiBaseUrl, srcClientId), key, signingKey);
  const write = {
    preValidation: shopperOnly,
    config: { rateLimit: perIpLimit(CARD_WRITES_PER_IP, 'CARD_ON_FILE.API.TOO_MANY_REQUESTS') },
  };

  const badGateway = (request: FastifyRequest, reply: FastifyReply, error: NetworkError, messageKey: string) => {
    request.log.warn(
      { network: { method: error.record.method, url: error.record.url, status: error.record.status } },
      `card on file: ${error.message}`,
    );
    return reply.status(502).send({ statusCode: 502, message: t(request, messageKey), network: error.record });
  };

  api.get(routes.list.url, { schema: routes.list.schema, preValidation: shopperOnly }, async (request) => {
    const rows = await listMerchantCards(db, request.shopper!.id);
    return { data: rows.map(toSavedCard) };
  });

  api.post(routes.save.url, { ...write, schema: routes.save.schema }, async (request, reply) => {
    const { encryptedCard } = request.body;
    const userId = request.shopper!.id;
    if ((await countMerchantCards(db, userId)) >= SAVED_CARD_LIMIT) {
      throw fieldError(422, 'encryptedCard', t(request, 'CARD_ON_FILE.API.LIMIT', { max: SAVED_CARD_LIMIT }));
    }
    const enrolled = await service.enrol(userId, encryptedCard);
    if (!enrolled.ok) {
      if (enrolled.duplicate) {
        const message = t(request, 'CARD_ON_FILE.API.ALREADY_EXISTS');
        return reply
          .status(409)
          .send({ statusCode: 409, message, errors: { encryptedCard: [message] }, network: enrolled.record });
      }
      if (enrolled.invalid) {
        // The network could not use the card it decrypted (number, expiry, code): the shopper's input.
        const message = t(request, 'CARD_ON_FILE.API.CARD_REFUSED');
        return reply
          .status(422)
          .send({ statusCode: 422, message, errors: { encryptedCard: [message] }, network: enrolled.record });
      }
      return badGateway(
        request,
        reply,
        new NetworkError(enrolled.reason, enrolled.record),
        'CARD_ON_FILE.API.SAVE_ERROR',
      );
    }
    const row = await insertMerchantCard(db, { userId, ...enrolled.card });
    return reply.status(201).send({ data: toSavedCard(row), network: enrolled.record });
  });

  api.delete(routes.remove.url, { ...write, schema: routes.remove.schema }, async (request, reply) => {
    const { id } = request.params;
    const userId = request.shopper!.id;
    const card = await findOwnMerchantCard(db, userId, id);
    if (!card) throw fieldError(404, 'id', t(request, 'CARD_ON_FILE.API.NOT_FOUND'));
    let network;
    try {
      network = await service.remove(card.srcDigitalCardId);
    } catch (error) {
      if (error instanceof NetworkError) return badGateway(request, reply, error, 'CARD_ON_FILE.API.DELETE_ERROR');
      throw error;
    }
    if (!(await deleteOwnMerchantCard(db, userId, id))) {
      throw fieldError(404, 'id', t(request, 'CARD_ON_FILE.API.NOT_FOUND'));
    }
    return { data: { id }, network };
  });

  api.post(routes.credentials.url, { ...write, schema: routes.credentials.schema }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const card = await findOwnMerchantCard(db, request.shopper!.id, id);
    if (!card) throw fieldError(404, 'id', t(request, 'CARD_ON_FILE.API.NOT_FOUND'));
    try {
      return await service.credentials(card, input);
    } catch (error) {
      if (error instanceof NetworkError) return badGateway(request, reply, error, 'CARD_ON_FILE.API.PAYMENT_ERROR');
      throw error;
    }
  });
}
