import { sameParty } from '../vi/constraints.ts';
import type { CheckoutFacts } from '../vi/checkout-jwt.ts';
import { VCT } from '../vi/constants.ts';
import type { AgentKey, Party } from '../vi/types.ts';
import type { ConstraintOutcome } from './constraint-outcome.ts';
import type { DisclosedMandate } from './mandates.ts';
import type { Checks, Layer } from './report.ts';
import { verifyCardLayer, type ChainOptions } from './verify-l1.ts';
import { verifyMandateLayer, type MandateExpectations, type VerifiedMandate } from './verify-l2.ts';
import { verifyAgentLayer, type AgentCredentialExpectations } from './verify-l3.ts';

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

/**
 * An autonomous purchase's chain: L1, the autonomous L2, and the agent's L3 (`layer`) whose final
 * mandate is the L2's `kind` one (L3a the payment, L3b the checkout), which the L2 must delegate.
 */
export async function verifyAutonomousChain(
  checks: Checks,
  input: { readonly l1: string; readonly l2: string },
  agentLayer: { readonly layer: 'L3a' | 'L3b'; readonly serialized: string; readonly kind: 'checkout' | 'payment' },
  options: ChainOptions & MandateExpectations & AgentCredentialExpectations,
) {
  const mandate = await verifyCardAndMandate(checks, input, options);
  checks.equal('L2', 'mode', 'autonomous', mandate.mode, 'MANDATE_INVALID');
  const { layer, serialized, kind } = agentLayer;
  const l3 = await verifyAgentLayer(checks, layer, serialized, mandate, {
    ...options,
    now: mandate.now,
    finalVct: VCT[kind],
  });
  const approved: DisclosedMandate | undefined = mandate[kind];
  const agent: AgentKey | undefined = mandate.agent;
  checks.require('L2', `${kind}_mandate`, approved !== undefined && agent !== undefined, 'MANDATE_INVALID');
  return { mandate, l3, approved, agent };
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
