import { CURRENCY, orderTotals } from '@c2p/domain';
import type { z } from 'zod';
import { readCheckoutJwt, signCheckoutJwt, type KeyPair, type MerchantIdentity, type Party } from '@c2p/agentic';
import type { agentCheckoutRequestSchema, agentCheckoutSchema } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import type { AgentCheckoutLine } from '../../db/schema.ts';
import type { FieldErrors } from '../../lib/http-errors.ts';
import type { Catalogue } from '../products/repository.ts';
import { insertCheckout, type AgentCheckoutRow } from './repository.ts';

/** How long an agent has to get the shopper's approval and complete a checkout. */
export const CHECKOUT_TTL_S = 30 * 60;

type CheckoutRequest = z.output<typeof agentCheckoutRequestSchema>;
export type CheckoutAnswer = z.output<typeof agentCheckoutSchema>;

/** The lines priced from the catalogue (titles in en-US, the shop's language of record), or the unknown products. */
export function priceLines(
  request: CheckoutRequest,
  catalogue: Catalogue,
): { lines: AgentCheckoutLine[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const lines = request.items.flatMap((item, index) => {
    const product = catalogue.get(item.productId);
    if (!product) {
      errors[`items.${index}.productId`] = ['API.ORDER.UNKNOWN_PRODUCT'];
      return [];
    }
    return [
      { productId: product.id, title: product.name['en-US'], quantity: item.quantity, unitCents: product.priceCents },
    ];
  });
  return Object.keys(errors).length > 0 ? { errors } : { lines };
}

/** Signs the checkout JWT the shopper's mandate will bind to, and keeps the checkout for the agent that asked. */
export async function createCheckout(
  db: Database,
  {
    lines,
    agentKeyid,
    merchant,
    key,
  }: { lines: AgentCheckoutLine[]; agentKeyid: string; merchant: Party; key: KeyPair },
): Promise<CheckoutAnswer> {
  const id = crypto.randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + CHECKOUT_TTL_S;
  const { totalCents } = orderTotals(lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0));
  const checkoutJwt = await signCheckoutJwt(
    {
      checkoutId: id,
      merchant,
      lines: lines.map((l) => ({
        id: String(l.productId),
        title: l.title,
        quantity: l.quantity,
        unitAmount: l.unitCents,
      })),
      total: { currency: CURRENCY, amount: totalCents },
      iat,
      exp,
    },
    key,
  );
  const row = await insertCheckout(db, {
    id,
    expiresAt: new Date(exp * 1000),
    agentKeyid,
    lines,
    totalCents,
    currency: CURRENCY,
    checkoutJwt,
  });
  return toCheckoutAnswer(row, merchant);
}

export function toCheckoutAnswer(row: AgentCheckoutRow, merchant: Party): CheckoutAnswer {
  return {
    checkoutId: row.id,
    checkoutJwt: row.checkoutJwt,
    total: row.totalCents,
    currency: row.currency,
    merchant: { id: merchant.id ?? '', name: merchant.name, website: merchant.website },
    lines: row.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitAmount: l.unitCents,
    })),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The shop as its own verifier knows itself: its party and the checkouts it signed. */
export function merchantIdentity(merchant: Party, key: KeyPair): MerchantIdentity {
  return { party: merchant, readCheckout: (jwt) => readCheckoutJwt(jwt, key.publicJwk, Math.floor(Date.now() / 1000)) };
}
