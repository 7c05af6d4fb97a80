import { sameParty } from '../vi/constraints.ts';
import type { CheckoutFacts } from '../vi/checkout-jwt.ts';
import type { Party } from '../vi/types.ts';
import type { ConstraintOutcome } from './constraint-outcome.ts';
import type { Checks, Layer } from './report.ts';
import { verifyCardLayer, type ChainOptions } from './verify-l1.ts';
import { verifyMandateLayer, type MandateExpectations, type VerifiedMandate } from './verify-l2.ts';

/** L1 then L2: the start of every verification. */
export async function verifyCardAndMandate(
  checks: Checks,
  input: { readonly l1: string; readonly l2: string },
  options: ChainOptions & MandateExpectations,
): Promise<VerifiedMandate & { now: number }> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const card = await verifyCardLayer(checks, input.l1, { ...options, now });
  const mandate = await verifyMandateLayer(checks, input.l2, card, { ...options, now });
  return { ...mandate, now };
}

/** A merchant as its own verifier knows itself. */
export interface MerchantIdentity {
  readonly party: Party;
  /** Reads back a checkout this merchant signed (e.g. readCheckoutJwt with its own key); undefined if it did not. */
  readonly readCheckout: (checkoutJwt: string) => CheckoutFacts | undefined | Promise<CheckoutFacts | undefined>;
}

export async function requireOwnCheckout(
  checks: Checks,
  layer: Layer,
  checkoutJwt: string,
  merchant: MerchantIdentity,
): Promise<CheckoutFacts> {
  const facts = await merchant.readCheckout(checkoutJwt);
  checks.require(layer, 'own_checkout', facts !== undefined, 'CHECKOUT_INVALID');
  checks.require(layer, 'checkout_merchant', sameParty(facts.merchant, merchant.party), 'CHECKOUT_INVALID', {
    compared: { relation: 'equals', expected: merchant.party, actual: facts.merchant },
  });
  return facts;
}

/** Records constraint outcomes as checks named after the constraint (`amount_range`, …); the first failure ends it. */
export function recordConstraints(checks: Checks, layer: Layer, outcomes: readonly ConstraintOutcome[]): void {
  for (const { type, outcome, code, compared, note } of outcomes) {
    const name = type.replace(/^mandate\.(payment|checkout)\./, '');
    const detail = { ...(compared && { compared }), ...(note !== undefined && { note }) };
    if (outcome === 'skip') checks.skip(layer, name, note ?? '');
    else checks.require(layer, name, outcome === 'pass', code ?? 'MANDATE_INVALID', detail);
  }
}
