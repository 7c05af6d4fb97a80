// Card-on-file merchant cards (section 12, the older UCS API).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mounted, networkApi } from '../../api/network-api.ts';
import { ApiError, invalidArgument } from '../errors.ts';
import { asObject, nonEmptyString } from '../util.ts';
import { assertOwnDpa, type NetworkContext } from './context.ts';
import { deleteMerchantCard, findCompletedCheckout, insertMerchantCard } from './repository.ts';
import { signedClientOf } from '../network-api-setup.ts';

export function merchantCardRoutes(app: FastifyInstance, { db }: NetworkContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keep = mounted(networkApi.keepMerchantCard);
  api.post(keep.url, { schema: keep.schema }, async (request) => {
    const clientId = signedClientOf(request);
    const body = asObject(request.body);
    const srcDpaId = nonEmptyString(body.srcDpaId);
    if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
    await assertOwnDpa(db, srcDpaId, clientId);
    const mtid = nonEmptyString(body.merchantTransactionId);
    const correlationId = nonEmptyString(body.correlationId);
    if (!mtid && !correlationId) {
      throw invalidArgument(
        'merchantTransactionId',
        'merchantTransactionId or correlationId of a completed checkout is required',
      );
    }
    const checkout = await findCompletedCheckout(db, srcDpaId, mtid, correlationId);
    if (!checkout?.srcDigitalCardId) {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'No completed checkout matches for this DPA', [
        { reason: 'NOT_FOUND', source: mtid ? 'merchantTransactionId' : 'correlationId', sourceType: 'BODY' },
      ]);
    }
    const merchantCardId = await insertMerchantCard(db, {
      srcDpaId,
      srcDigitalCardId: checkout.srcDigitalCardId,
      merchantAccountId: nonEmptyString(body.merchantAccountId) ?? null,
    });
    return { merchantCardId };
  });

  const forget = mounted(networkApi.deleteMerchantCard);
  api.delete(forget.url, { schema: forget.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const id = request.params.merchantCardId;
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw invalidArgument('merchantCardId', 'merchantCardId is not valid', 'PATH');
    if (!(await deleteMerchantCard(db, id, clientId))) {
      throw new ApiError(404, 'NOT_FOUND', 'No such merchant card', [
        { reason: 'CARD_NOT_FOUND', source: 'merchantCardId', sourceType: 'PATH' },
      ]);
    }
    return reply.status(204).send(null);
  });
}
