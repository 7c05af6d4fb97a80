import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Party } from '@c2p/agentic';
import { defaultCheckoutConfiguration } from '@c2p/domain';
import { agentCheckoutApi } from '@c2p/domain/api';
import type { OwnOrigins } from '@c2p/network-sandbox';
import type { Database } from '../../db/client.ts';
import { HttpError, type FieldErrors } from '../../lib/http-errors.ts';
import { localeOf, t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { orderWriter } from '../orders/order-writer.ts';
import { loadPayloadKey } from '../payments/merchant-keys.ts';
import { NetworkError, type NetworkSettings } from '../payments/network-client.ts';
import type { SigningKey } from '../payments/network-signing.ts';
import { paymentsService } from '../payments/service.ts';
import type { Catalogue } from '../products/repository.ts';
import { agentRefusal, keepRawBodies } from './agent-guard.ts';
import { checkoutKeySet, loadCheckoutKey } from './checkout-key.ts';
import { createCheckout, merchantIdentity, priceLines } from './checkouts.ts';
import { completeCheckout } from './completion.ts';
import { networkIssuerKeys } from './issuer-keys.ts';
import { findCheckout } from './repository.ts';

/** Checkouts and completions per client and minute: a purchase makes one of each. */
const AGENT_CALLS_PER_IP = 60;

export interface AgentCheckoutOptions {
  db: Database;
  catalogue: Catalogue;
  origins: OwnOrigins;
  network: NetworkSettings;
  signingKey: SigningKey;
  /** The shop's DPA at the network (its default one): the merchant's id in mandates, and the payee. */
  dpaId: string;
}

/**
 * The shop's agent-facing checkout (issue 39): signed agents ask for a priced, signed checkout
 * and complete it with the shopper's mandate chain and the payment the network released.
 */
export async function agentCheckoutRoutes(app: FastifyInstance, options: AgentCheckoutOptions): Promise<void> {
  const { db, catalogue, origins, dpaId } = options;
  keepRawBodies(app);
  const checkoutKey = await loadCheckoutKey(db);
  const payloadKey = await loadPayloadKey(db);
  const payments = paymentsService(db, options.network, payloadKey, options.signingKey);
  const writer = orderWriter(db);
  // The shop as mandates name it to the shopper: its DPA, its name there and its public address.
  const name = defaultCheckoutConfiguration().dpaData.dpaName;
  const merchant = (): Party => ({ id: dpaId, name, website: origins.publicBaseUrl() });
  const issuerKey = networkIssuerKeys(options.network.baseUrl);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = perIpLimit(AGENT_CALLS_PER_IP, 'API.ORDER.TOO_MANY_REQUESTS');
  const { keys, create, complete } = agentCheckoutApi;

  api.get(keys.url, { schema: keys.schema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return checkoutKeySet(checkoutKey);
  });

  api.post(create.url, { schema: create.schema, config: { rateLimit } }, async (request, reply) => {
    const priced = priceLines(request.body, catalogue);
    if ('errors' in priced) throw translatedRefusal(request, priced.errors);
    try {
      // The payment the network releases for this checkout is encrypted to our payload key.
      await payments.registerPayloadKey(dpaId);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      request.log.warn(`agent checkout: ${error.message}`);
      throw new HttpError(502, t(request, 'API.PAYMENTS.FETCH_PAYLOAD_ERROR'));
    }
    const answer = await createCheckout(db, {
      lines: priced.lines,
      agentKeyid: request.signedAgent!.keyid,
      merchant: merchant(),
      key: checkoutKey,
    });
    return reply.status(201).send({ data: answer });
  });

  const completeConfig = { rateLimit, agentTags: ['agent-payer-auth'] as const };
  api.post(complete.url, { schema: complete.schema, config: completeConfig }, async (request, reply) => {
    const agent = request.signedAgent!;
    const checkout = await findCheckout(db, request.params.id);
    // Another agent's checkout is none of this one's business: it is not found.
    if (!checkout || checkout.agentKeyid !== agent.keyid) {
      const message = t(request, 'API.AGENT.CHECKOUT_NOT_FOUND');
      throw new HttpError(404, message, { id: [message] }, { reason: 'CHECKOUT_INVALID' });
    }
    if (checkout.orderId) throw agentRefusal(request, 409, 'CREDENTIAL_REPLAYED', { field: 'id' });
    const outcome = await completeCheckout(
      {
        db,
        catalogue,
        writer,
        payloadKey,
        merchant: merchantIdentity(merchant(), checkoutKey),
        dpaId,
        issuerKey,
      },
      { agent, checkout, body: request.body, locale: localeOf(request) },
    );
    if (!outcome.ok) {
      const { status, reason, field, checks } = outcome;
      throw agentRefusal(request, status, reason, { field, ...(checks && { checks }) });
    }
    return reply.status(201).send({ data: outcome.order });
  });
}

function translatedRefusal(request: FastifyRequest, errors: FieldErrors): HttpError {
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => t(request, key))]),
  );
  const [field, messages] = Object.entries(translated)[0]!;
  return new HttpError(422, `${field}: ${messages[0]}`, translated);
}
