import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentsApi } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { loadPayloadKey } from './merchant-keys.ts';
import { NetworkError, networkSettings } from './network-client.ts';
import type { SigningKey } from './network-signing.ts';
import { findOrderPayment, orderExists } from './repository.ts';
import { paymentsService, PaymentOfAnotherPayer } from './service.ts';
import { payerMakingPayment } from './payer.ts';
import { shopperIdOrGuest } from '../sessions/shopper-auth.ts';

/** getPayload and confirmation calls per client and minute: a checkout makes one of each. */
const PAYMENT_CALLS_PER_IP = 60;

/** The spec's message for each of the network calls (section 8). */
const FAILURE_MESSAGES = {
  'fetch-payload': 'API.PAYMENTS.FETCH_PAYLOAD_ERROR',
  confirmation: 'API.PAYMENTS.CONFIRMATION_ERROR',
} as const;
type NetworkCall = keyof typeof FAILURE_MESSAGES;

export interface PaymentRoutesOptions {
  db: Database;
  /** NETWORK_API_BASE_URL; unset, our own sandbox over HTTP. */
  networkApiBaseUrl?: string | undefined;
  /** SRC_CLIENT_ID, sent as x-openapi-clientid and as the OAuth consumer key. */
  srcClientId: string;
  /** The key every network call is signed with. */
  signingKey: SigningKey;
  /** The DPAs the shop acts for (its default and SRC_DPA_IDS): a payload for any other is refused. */
  shopDpaIds: readonly string[];
}

/**
 * Click to Pay on the merchant's server: the payload of a COMPLETE checkout fetched from the card
 * network and decrypted (POST /api/getPayload), and the post-transaction confirmation once the
 * order is placed (POST /api/confirmation). Guests may call both.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  { db, networkApiBaseUrl, srcClientId, signingKey, shopDpaIds }: PaymentRoutesOptions,
): Promise<void> {
  const shopDpas = new Set(shopDpaIds);
  const key = await loadPayloadKey(db);
  const service = paymentsService(db, networkSettings(app, networkApiBaseUrl, srcClientId), key, signingKey);
  const config = { rateLimit: perIpLimit(PAYMENT_CALLS_PER_IP, 'API.PAYMENTS.TOO_MANY_REQUESTS') };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { getPayload, confirmation } = paymentsApi;

  /** 502 `{ statusCode, message, network }`: the call as made, for the API log; a line in the server log. */
  const badGateway = (request: FastifyRequest, reply: FastifyReply, error: NetworkError, call: NetworkCall) => {
    request.log.warn(
      { network: { method: error.record.method, url: error.record.url, status: error.record.status } },
      `${call} failed: ${error.message}`,
    );
    return reply
      .status(502)
      .send({ statusCode: 502, message: t(request, FAILURE_MESSAGES[call]), network: error.record });
  };

  api.post(getPayload.url, { schema: getPayload.schema, config }, async (request, reply) => {
    const input = request.body;
    // Naming a DPA must not make the shop register its key there, claiming someone else's DPA.
    if (!shopDpas.has(input.srcDpaId)) throw fieldError(422, 'srcDpaId', t(request, 'API.PAYMENTS.UNKNOWN_DPA'));
    const shopperId = await shopperIdOrGuest(db, request);
    try {
      return await service.fetchPayload(input, payerMakingPayment(request, reply, shopperId), request.log);
    } catch (error) {
      if (error instanceof NetworkError) return badGateway(request, reply, error, 'fetch-payload');
      if (error instanceof PaymentOfAnotherPayer) {
        throw fieldError(409, 'merchantTransactionId', t(request, 'API.PAYMENTS.PAYMENT_NOT_YOURS'));
      }
      throw error;
    }
  });

  api.post(confirmation.url, { schema: confirmation.schema, config }, async (request, reply) => {
    const input = request.body;
    const found = await findOrderPayment(db, input.orderNumber, input.paymentId);
    if (!found) {
      if (!(await orderExists(db, input.orderNumber))) {
        throw fieldError(404, 'orderNumber', t(request, 'API.ORDER.NOT_FOUND'));
      }
      throw fieldError(404, 'paymentId', t(request, 'API.PAYMENTS.NOT_IN_ORDER'));
    }
    try {
      return await service.confirm(found);
    } catch (error) {
      if (error instanceof NetworkError) return badGateway(request, reply, error, 'confirmation');
      throw error;
    }
  });
}
