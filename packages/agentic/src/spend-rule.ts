import type { AgenticErrorCode } from './errors.ts';
import { isPlainObject } from './encoding.ts';
import { CONSTRAINT } from './vi/constants.ts';

/**
 * What one autonomous mandate allows the agent to spend, in minor units. The network keeps the
 * spends; the rule stays a pure function of them (credential-format §5.7: one L3 pair per mandate
 * pair, cumulative L3 spend within the L2's limits).
 */
export interface SpendRule {
  /** Absent when the mandate limits no amount: any currency then. */
  readonly currency?: string;
  readonly perPurchaseMin?: number;
  readonly perPurchaseMax?: number;
  /** The mandate's `payment.budget`: the most all its purchases may add up to. */
  readonly cumulativeMax?: number;
  /** How many purchases the mandate allows: 1 in Verifiable Intent v0.1. */
  readonly maxPurchases: number;
}

export interface Spend {
  /** The L3a's identity (its hash), so the same credential cannot be spent twice. */
  readonly credentialId: string;
  readonly currency: string;
  readonly amount: number;
}

export type SpendDecision =
  | { readonly accepted: true; readonly spentBefore: number; readonly spentAfter: number; readonly remaining?: number }
  | {
      readonly accepted: false;
      readonly code: AgenticErrorCode;
      readonly spentBefore: number;
      readonly remaining?: number;
    };

/** Accepts `attempt` when it is new, in the rule's currency, within each purchase's limits and the budget left. */
export function decideSpend(rule: SpendRule, history: readonly Spend[], attempt: Spend): SpendDecision {
  const spentBefore = history.reduce((sum, spend) => sum + spend.amount, 0);
  const remaining = rule.cumulativeMax === undefined ? undefined : Math.max(0, rule.cumulativeMax - spentBefore);
  const refuse = (code: AgenticErrorCode): SpendDecision => ({
    accepted: false,
    code,
    spentBefore,
    ...(remaining !== undefined && { remaining }),
  });
  if (!Number.isSafeInteger(attempt.amount) || attempt.amount < 0) return refuse('MANDATE_INVALID');
  if (rule.currency !== undefined && attempt.currency !== rule.currency) return refuse('CURRENCY_MISMATCH');
  if (history.some((spend) => spend.credentialId === attempt.credentialId)) return refuse('CREDENTIAL_REPLAYED');
  if (history.length >= rule.maxPurchases) return refuse('CREDENTIAL_REPLAYED');
  if (rule.perPurchaseMin !== undefined && attempt.amount < rule.perPurchaseMin) return refuse('AMOUNT_BELOW_MINIMUM');
  if (rule.perPurchaseMax !== undefined && attempt.amount > rule.perPurchaseMax) return refuse('THRESHOLD_EXCEEDED');
  if (remaining !== undefined && attempt.amount > remaining) return refuse('THRESHOLD_EXCEEDED');
  const spentAfter = spentBefore + attempt.amount;
  return {
    accepted: true,
    spentBefore,
    spentAfter,
    ...(rule.cumulativeMax !== undefined && { remaining: rule.cumulativeMax - spentAfter }),
  };
}

/** The spend rule of an open payment mandate's constraints (amount range and budget). */
export function spendRuleOf(constraints: readonly unknown[], maxPurchases = 1): SpendRule {
  const find = (type: string) =>
    constraints.find((c) => isPlainObject(c) && c.type === type) as
      { currency?: string; min?: number; max?: number } | undefined;
  const range = find(CONSTRAINT.amountRange);
  const budget = find(CONSTRAINT.budget);
  const currency = range?.currency ?? budget?.currency;
  if (range !== undefined && budget !== undefined && budget.currency !== currency) {
    throw new Error('The amount range and the budget name different currencies');
  }
  return {
    maxPurchases,
    ...(currency !== undefined && { currency }),
    ...(range?.min !== undefined && { perPurchaseMin: range.min }),
    ...(range?.max !== undefined && { perPurchaseMax: range.max }),
    ...(budget?.max !== undefined && { cumulativeMax: budget.max }),
  };
}
