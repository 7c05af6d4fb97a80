import { createHash } from 'node:crypto';
import { fromCents, type AgentCheck, type LocaleCode, type Order } from '@c2p/domain';
import type { IssuerKeyLookup, MerchantIdentity } from '@c2p/agentic';
import type { agentCompletionSchema, OrderRequest } from '@c2p/domain/api';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { asObject, type Json } from '../../lib/json-values.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { findUserByEmail } from '../accounts/repository.ts';
import type { OrderWriter } from '../orders/order-writer.ts';
import { newOrderNumber, priceOrder, toOrder } from '../orders/service.ts';
import { authenticationColumns } from '../payments/authentication.ts';
import type { PayloadKey } from '../payments/merchant-keys.ts';
import { checkoutAmountOf, decryptWithPayloadKey, summarisePayload, type PaymentSummary } from '../payments/service.ts';
import type { Catalogue } from '../products/repository.ts';
import type { SignedAgent } from './agent-guard.ts';
import { checkChain, type CheckedChain } from './chain.ts';
import { agentOrder, requestChecks } from './evidence.ts';
import { insertAgentPayment, markCompleted, type AgentCheckoutRow } from './repository.ts';

export type Completion = z.output<typeof agentCompletionSchema>;

export interface CompletionContext {
  readonly db: Database;
  readonly catalogue: Catalogue;
  readonly writer: OrderWriter;
  readonly payloadKey: PayloadKey;
  readonly merchant: MerchantIdentity;
  /** The DPA the shop acts for at the network: the payee, and the key the payload is encrypted to. */
  readonly dpaId: string;
  readonly issuerKey: IssuerKeyLookup;
}

export type CompletionOutcome =
  | { readonly ok: true; readonly order: Order }
  | {
      readonly ok: false;
      readonly status: number;
      readonly reason: string;
      /** The part of the request refused: the credential (`l1`, `l2`, `l3b`), the payload, or the checkout. */
      readonly field: string;
      readonly checks?: AgentCheck[];
    };

/** The field of the request a failed check read. */
const FIELD_OF_LAYER: Record<AgentCheck['layer'], string> = {
  request: 'signature',
  L1: 'l1',
  L2: 'l2',
  L3b: 'l3b',
  payload: 'encryptedPayload',
};

const ORDER_NUMBER_ATTEMPTS = 5;

/**
 * Completes an agent's checkout: the chain must hold and bind this checkout, the payload must
 * decrypt and be for the checkout's total; then the payment is stored and the order placed once,
 * marked as the agent's with every check made. Refusals carry the checks made up to the failure.
 */
export async function completeCheckout(
  context: CompletionContext,
  {
    agent,
    checkout,
    body,
    locale,
  }: { agent: SignedAgent; checkout: AgentCheckoutRow; body: Completion; locale: LocaleCode },
): Promise<CompletionOutcome> {
  const chain = await checkChain(body, {
    issuerKey: context.issuerKey,
    merchant: context.merchant,
    checkoutJwt: checkout.checkoutJwt,
  });
  const checks = [...requestChecks(agent), ...chain.checks];
  const refused = (status: number, reason: string) => {
    const field = FIELD_OF_LAYER[checks.at(-1)!.layer];
    return { ok: false, status, reason, field, checks } as const;
  };
  if (chain.refusal) return refused(422, chain.refusal);
  const paid = await readPayload(context.payloadKey, body.encryptedPayload, checkout);
  checks.push(...paid.checks);
  if (!paid.summary) return refused(422, paid.checks.at(-1)?.code ?? 'PAYLOAD_INVALID');

  const userId = await shopperOf(context.db, chain);
  const payment = await insertAgentPayment(context.db, {
    srcDpaId: context.dpaId,
    correlationId: body.srcCorrelationId,
    merchantTransactionId: checkout.id,
    flowId: 'agent-pay',
    encryptedPayload: body.encryptedPayload,
    ...paid.summary,
    ...paid.amount,
    ...authenticationColumns(undefined),
    payerUserId: userId,
    payerCheckoutHash: null,
  });
  if (!payment) return { ok: false, status: 409, reason: 'CREDENTIAL_REPLAYED', field: 'id' };
  const request: OrderRequest = {
    items: checkout.lines.map((line) => ({ id: line.productId, count: line.quantity })),
    shipping: body.shipping,
    payment: { method: 'click-to-pay', paymentId: payment.id },
  };
  const priced = priceOrder(request, context.catalogue, {
    method: 'click-to-pay',
    paymentId: payment.id,
    brand: payment.brand,
    lastFour: payment.lastFour,
    credential: payment.credential,
    dynamicDataType: payment.dynamicDataType,
  });
  if (!priced.ok || priced.order.totalCents !== checkout.totalCents) {
    throw new Error(`agent checkout ${checkout.id} no longer prices to its total`);
  }
  const order = {
    ...priced.order,
    agent: agentOrder(agent, { ...chain, checks }, checkout.id),
    idempotencyKey: `agent-checkout-${checkout.id}`,
    requestHash: createHash('sha256').update(`${checkout.id} ${agent.keyid}`).digest('hex'),
    userId,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcome = await context.writer.write({ ...order, orderNumber: newOrderNumber() }, priced.lines);
      if (outcome.status !== 'stored') return { ok: false, status: 409, reason: 'CREDENTIAL_REPLAYED', field: 'id' };
      await markCompleted(context.db, checkout.id, outcome.stored.order.id);
      return { ok: true, order: toOrder(outcome.stored, locale) };
    } catch (error) {
      if (attempt < ORDER_NUMBER_ATTEMPTS && isUniqueViolation(error, 'orders_order_number_unique')) continue;
      throw error;
    }
  }
}

/** The payload the network released, decrypted and read, and checked against the checkout's total. */
async function readPayload(
  key: PayloadKey,
  jwe: string,
  checkout: AgentCheckoutRow,
): Promise<{ checks: AgentCheck[]; summary?: PaymentSummary; amount?: ReturnType<typeof checkoutAmountOf> }> {
  let payload: Json;
  let summary: PaymentSummary;
  try {
    payload = asObject(JSON.parse(new TextDecoder().decode(await decryptWithPayloadKey(jwe, key))));
    summary = summarisePayload(payload, {});
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    return { checks: [{ layer: 'payload', name: 'readable', outcome: 'fail', code: 'PAYLOAD_INVALID', note }] };
  }
  const amount = checkoutAmountOf(payload);
  const expected = `${fromCents(checkout.totalCents).toFixed(2)} ${checkout.currency}`;
  const actual =
    amount.transactionAmount === null
      ? null
      : `${Number(amount.transactionAmount).toFixed(2)} ${amount.transactionCurrency ?? ''}`.trim();
  const same = actual === expected;
  const checks: AgentCheck[] = [
    { layer: 'payload', name: 'readable', outcome: 'pass', note: summary.credential },
    {
      layer: 'payload',
      name: 'amount',
      outcome: same ? 'pass' : 'fail',
      compared: { relation: 'equals', expected, actual },
      ...(same ? {} : { code: 'TRANSACTION_MISMATCH' }),
    },
  ];
  return same ? { checks, summary, amount } : { checks };
}

/** The shop account of the shopper the network's card credential names (its email, when disclosed); else a guest order. */
async function shopperOf(db: Database, chain: CheckedChain): Promise<string | null> {
  const email = chain.card?.email;
  if (typeof email !== 'string') return null;
  return (await findUserByEmail(db, email))?.id ?? null;
}
