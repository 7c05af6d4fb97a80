// Confirmations (section 10): the merchant tells the network how the payment went.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mounted, networkApi } from '../../api/network-api.ts';
import { ApiError, invalidArgument } from '../errors.ts';
import { asObject, isObject, nonEmptyString, type Json } from '../util.ts';
import { assertOwnDpa, type NetworkContext } from './context.ts';
import { findConfirmedCheckout, insertConfirmation } from './repository.ts';
import { findScofPayment } from '../scof-api.ts';
import { signedClientOf } from '../network-api-setup.ts';

const EVENT_CODES: [string, RegExp][] = [
  ['checkoutEventType', /^0[1-7]$/],
  ['checkoutEventStatus', /^(0[1-5]|[0-9]{2})$/],
];

/** 400 INVALID_ARGUMENT naming the first field of confirmationData that is missing or wrong. */
function assertConfirmationData(data: unknown): void {
  if (!isObject(data)) throw invalidArgument('confirmationData', 'confirmationData is required');
  for (const [field, pattern] of EVENT_CODES) {
    if (typeof data[field] !== 'string' || !pattern.test(data[field])) {
      throw invalidArgument(
        `confirmationData.${field}`,
        `confirmationData.${field} is required (two digits, see the reference)`,
      );
    }
  }
  if (data.confirmationStatus !== undefined && !/^0[1-3]$/.test(String(data.confirmationStatus))) {
    throw invalidArgument(
      'confirmationData.confirmationStatus',
      'confirmationData.confirmationStatus must be 01, 02 or 03',
    );
  }
  if (typeof data.confirmationTimestamp !== 'string' || Number.isNaN(Date.parse(data.confirmationTimestamp))) {
    throw invalidArgument(
      'confirmationData.confirmationTimestamp',
      'confirmationData.confirmationTimestamp must be an ISO date',
    );
  }
  if (data.checkoutEventType === '01' && !nonEmptyString(data.networkTransactionIdentifier)) {
    throw invalidArgument(
      'confirmationData.networkTransactionIdentifier',
      'networkTransactionIdentifier is required for checkoutEventType 01 (send UNAVLB when unknown)',
    );
  }
  if (data.transactionAmount !== undefined) {
    const amount = asObject(data.transactionAmount);
    if (
      !Number.isFinite(Number(amount.transactionAmount)) ||
      !/^[A-Z]{3}$/.test(String(amount.transactionCurrencyCode ?? ''))
    ) {
      throw invalidArgument(
        'confirmationData.transactionAmount',
        'transactionAmount needs transactionAmount and a 3-letter transactionCurrencyCode',
      );
    }
  }
}

export function confirmationRoutes(app: FastifyInstance, { db }: NetworkContext): void {
  async function confirm(
    clientId: string,
    correlationId: string | undefined,
    merchantTransactionId: string | undefined,
    body: Json,
  ) {
    if (!correlationId) throw invalidArgument('correlationId', 'correlationId (srcCorrelationId) is required');
    assertConfirmationData(body.confirmationData);
    const checkout = await findConfirmedCheckout(db, correlationId, merchantTransactionId);
    if (!checkout && (await findScofPayment(db, correlationId, clientId))) {
      // A payment by a card on file: credentials, no checkout behind them.
      return insertConfirmation(db, { checkoutId: null, srcCorrelationId: correlationId, body });
    }
    if (!checkout) {
      throw new ApiError(400, 'INVALID_ARGUMENT', 'No checkout has this correlationId', [
        { reason: 'NOT_FOUND', source: 'correlationId', sourceType: 'BODY' },
      ]);
    }
    await assertOwnDpa(db, checkout.srcDpaId, clientId);
    await insertConfirmation(db, { checkoutId: checkout.id, srcCorrelationId: correlationId, body });
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  const older = mounted(networkApi.checkoutConfirmation);
  api.post(older.url, { schema: older.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const body = asObject(request.body);
    await confirm(clientId, nonEmptyString(body.correlationId), nonEmptyString(body.merchantTransactionId), body);
    return reply.status(204).send(null);
  });
  const current = mounted(networkApi.confirmation);
  api.post(current.url, { schema: current.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const body = asObject(request.body);
    await confirm(clientId, nonEmptyString(body.srcCorrelationId), undefined, body);
    return reply.status(204).send(null);
  });
}
