import { CONSTRAINT } from './constants.ts';
import type {
  AcceptableItem,
  AllowedMerchantsConstraint,
  AllowedPayeesConstraint,
  AmountRangeConstraint,
  BudgetConstraint,
  LineItemsConstraint,
  Party,
  ReferenceConstraint,
} from './types.ts';

// Builders fix each constraint's key order, which its disclosure's bytes (and so its digest) depend on.

export function amountRange(limits: { currency: string; min?: number; max: number }): AmountRangeConstraint {
  const { currency, min, max } = limits;
  return min === undefined
    ? { type: CONSTRAINT.amountRange, currency, max }
    : { type: CONSTRAINT.amountRange, currency, min, max };
}

/** Cumulative spend across the mandate's purchases; the network enforces it (see decideSpend). */
export function budget(limits: { currency: string; max: number; min?: number }): BudgetConstraint {
  const { currency, max, min } = limits;
  return min === undefined
    ? { type: CONSTRAINT.budget, currency, max }
    : { type: CONSTRAINT.budget, currency, max, min };
}

export function allowedPayees(allowed: readonly Party[]): AllowedPayeesConstraint {
  return { type: CONSTRAINT.allowedPayees, allowed };
}

export function allowedMerchants(allowed: readonly Party[]): AllowedMerchantsConstraint {
  return { type: CONSTRAINT.allowedMerchants, allowed };
}

export function lineItems(
  items: readonly { id: string; acceptableItems: readonly AcceptableItem[]; quantity: number }[],
  matchMode: 'minimum' | 'exact' = 'minimum',
): LineItemsConstraint {
  return {
    type: CONSTRAINT.lineItems,
    items: items.map(({ id, acceptableItems, quantity }) => ({ id, acceptable_items: acceptableItems, quantity })),
    match_mode: matchMode,
  };
}

export function paymentReference(conditionalTransactionId: string): ReferenceConstraint {
  return { type: CONSTRAINT.reference, conditional_transaction_id: conditionalTransactionId };
}

/** Whether two parties are the same merchant: by `id` when both have one, else by name and website. */
export function sameParty(a: unknown, b: unknown): boolean {
  if (!isParty(a) || !isParty(b)) return false;
  if (a.id && b.id) return a.id === b.id;
  return Boolean(a.name) && a.name === b.name && Boolean(a.website) && a.website === b.website;
}

function isParty(value: unknown): value is Party {
  return typeof value === 'object' && value !== null && !('...' in value);
}
