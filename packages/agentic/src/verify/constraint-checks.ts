import { isPlainObject } from '../encoding.ts';
import { CONSTRAINT } from '../vi/constants.ts';
import { sameParty } from '../vi/constraints.ts';
import { fail, isAmount, type ConstraintOutcome } from './constraint-outcome.ts';
import { checkLineItems } from './line-items-check.ts';
import type { Comparison } from './report.ts';

/** The final values a mandate's constraints are checked against. */
export interface Fulfillment {
  readonly paymentAmount?: unknown;
  readonly payee?: unknown;
  readonly merchant?: unknown;
  readonly lineItems?: unknown;
}

export interface ConstraintCheckOptions {
  /** An open (autonomous) mandate: a constraint we do not enforce fails instead of being skipped. */
  readonly open: boolean;
  /** Fail unknown constraints in closed mandates too. */
  readonly strict?: boolean;
  /** Fail `allowed_merchants` when none of its merchants is disclosed, rather than skip it. Default true. */
  readonly requireMerchantDisclosure?: boolean;
}

/**
 * Checks final values against a mandate's constraints (constraints.md, as the reference SDK reads
 * it). `payment.reference` is a binding checked with the mandate pair, and `payment.budget` spans
 * purchases, so the network's spend rule enforces it; both are left out or skipped here.
 */
export function checkConstraints(
  constraints: readonly unknown[],
  fulfillment: Fulfillment,
  options: ConstraintCheckOptions,
): ConstraintOutcome[] {
  return constraints.flatMap((constraint): ConstraintOutcome[] => {
    if (!isPlainObject(constraint)) return [fail('?', 'MANDATE_INVALID', 'not_an_object')];
    switch (constraint.type) {
      case CONSTRAINT.amountRange:
        return [checkAmountRange(constraint, fulfillment.paymentAmount)];
      case CONSTRAINT.allowedPayees:
        return [checkAllowedParty(constraint, fulfillment.payee, true)];
      case CONSTRAINT.allowedMerchants:
        return [checkAllowedParty(constraint, fulfillment.merchant, options.requireMerchantDisclosure ?? true)];
      case CONSTRAINT.lineItems:
        return [checkLineItems(constraint, fulfillment.lineItems)];
      case CONSTRAINT.reference:
        return [];
      case CONSTRAINT.budget:
        return [{ type: CONSTRAINT.budget, outcome: 'skip', note: 'network_spend_rule' }];
      default: {
        const type = String(constraint.type);
        if (options.open || options.strict) return [fail(type, 'UNKNOWN_CONSTRAINT', 'not_enforced')];
        return [{ type, outcome: 'skip', note: 'unknown_type' }];
      }
    }
  });
}

export function checkAmountRange(constraint: object, paymentAmount: unknown): ConstraintOutcome {
  const type = CONSTRAINT.amountRange;
  const { currency, min, max } = constraint as Record<string, unknown>;
  const minimum = min ?? 0;
  if (typeof currency !== 'string' || !isAmount(max) || !isAmount(minimum) || minimum > max) {
    return fail(type, 'MANDATE_INVALID', 'malformed_constraint');
  }
  if (!isPlainObject(paymentAmount) || !isAmount(paymentAmount.amount))
    return fail(type, 'MANDATE_INVALID', 'no_amount');
  const actual = paymentAmount.amount;
  if (paymentAmount.currency !== currency) {
    return fail(type, 'CURRENCY_MISMATCH', undefined, {
      relation: 'equals',
      expected: currency,
      actual: paymentAmount.currency,
    });
  }
  if (actual > max) return fail(type, 'THRESHOLD_EXCEEDED', undefined, { relation: 'at_most', expected: max, actual });
  if (actual < minimum)
    return fail(type, 'AMOUNT_BELOW_MINIMUM', undefined, { relation: 'at_least', expected: minimum, actual });
  return { type, outcome: 'pass', compared: { relation: 'between', expected: [minimum, max], actual } };
}

/** `allowed_payees` or `allowed_merchants`: the party must be one of the disclosed allowed merchants. */
export function checkAllowedParty(constraint: object, party: unknown, requireDisclosed: boolean): ConstraintOutcome {
  const { type: named, allowed } = constraint as Record<string, unknown>;
  const type = String(named);
  if (!Array.isArray(allowed) || allowed.length === 0) return fail(type, 'MANDATE_INVALID', 'malformed_constraint');
  if (!isPlainObject(party)) return fail(type, 'MANDATE_INVALID', 'no_party');
  const disclosed = allowed.filter((entry) => isPlainObject(entry) && !('...' in entry));
  if (disclosed.length === 0) {
    if (requireDisclosed) return fail(type, 'MERCHANT_NOT_ALLOWED', 'no_allowed_merchant_disclosed');
    return { type, outcome: 'skip', note: 'no_allowed_merchant_disclosed' };
  }
  const compared: Comparison = { relation: 'one_of', expected: disclosed, actual: party };
  if (!disclosed.some((entry) => sameParty(entry, party)))
    return fail(type, 'MERCHANT_NOT_ALLOWED', undefined, compared);
  return { type, outcome: 'pass', compared };
}
