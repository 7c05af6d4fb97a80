import { sameParty } from '../vi/constraints.ts';
import type { CheckoutFacts } from '../vi/checkout-jwt.ts';
import type { AgentKey } from '../vi/types.ts';
import { spendRuleOf, type SpendRule } from '../spend-rule.ts';
import { requireOwnCheckout, verifyCardAndMandate, type MerchantIdentity } from './chain.ts';
import { constraintsOf } from './mandate-rules.ts';
import { runVerification, type Checks, type VerificationReport } from './report.ts';
import type { ChainOptions } from './verify-l1.ts';
import type { MandateExpectations, VerifiedMandate } from './verify-l2.ts';

export interface MandateCheckOptions extends ChainOptions, MandateExpectations {
  /** The instrument the verifier holds for this shopper's card: another one in the mandate is TOKEN_MISMATCH. */
  readonly paymentInstrumentId?: string;
  /** Immediate mode at the merchant: the checkout must be its own and it the payee, for the checkout's total. */
  readonly merchant?: MerchantIdentity;
}

export interface MandateFacts {
  readonly mode: 'immediate' | 'autonomous';
  /** The disclosure digest of the payment mandate (else the checkout mandate): the mandate's identity. */
  readonly mandateId: string;
  readonly expiresAt: number;
  readonly checkout?: Record<string, unknown>;
  readonly payment?: Record<string, unknown>;
  /** Autonomous mode: the agent the shopper delegated to. */
  readonly agent?: AgentKey;
  /** Autonomous mode, payment mandate disclosed: what the network lets the agent spend. */
  readonly spendRule?: SpendRule;
  /** Immediate mode at the merchant: its checkout, read back. */
  readonly ownCheckout?: CheckoutFacts;
}

/**
 * L1 and L2: what the network checks when the shopper approves a mandate, and what both parties
 * check for an immediate purchase (which has no L3).
 */
export function verifyMandate(
  input: { readonly l1: string; readonly l2: string },
  options: MandateCheckOptions,
): Promise<VerificationReport<MandateFacts>> {
  return runVerification(async (checks: Checks) => {
    const mandate = await verifyCardAndMandate(checks, input, options);
    const { checkout, payment } = mandate;
    const instrument = payment?.value.payment_instrument as { id?: unknown } | undefined;
    if (options.paymentInstrumentId === undefined || instrument === undefined) {
      checks.skip('L2', 'payment_instrument', 'no_expected_value');
    } else {
      checks.equal('L2', 'payment_instrument', options.paymentInstrumentId, instrument.id, 'TOKEN_MISMATCH');
    }
    const ownCheckout = options.merchant && (await requireImmediateMerchant(checks, mandate, options.merchant));
    return {
      mode: mandate.mode,
      mandateId: (payment ?? checkout)?.disclosure.digest ?? '',
      expiresAt: mandate.exp,
      ...(checkout && { checkout: checkout.value }),
      ...(payment && { payment: payment.value }),
      ...(mandate.agent && { agent: mandate.agent }),
      ...(mandate.mode === 'autonomous' && payment && { spendRule: spendRuleOf(constraintsOf(payment)) }),
      ...(ownCheckout && { ownCheckout }),
    };
  });
}

async function requireImmediateMerchant(
  checks: Checks,
  mandate: VerifiedMandate,
  merchant: MerchantIdentity,
): Promise<CheckoutFacts> {
  checks.equal('L2', 'mode', 'immediate', mandate.mode, 'MANDATE_INVALID');
  const checkout = mandate.checkout?.value ?? {};
  const payment = mandate.payment?.value ?? {};
  const facts = await requireOwnCheckout(checks, 'L2', String(checkout.checkout_jwt), merchant);
  checks.require('L2', 'payee', sameParty(payment.payee, merchant.party), 'MERCHANT_NOT_ALLOWED', {
    compared: { relation: 'equals', expected: merchant.party, actual: payment.payee },
  });
  const amount = payment.payment_amount as { currency?: unknown; amount?: unknown };
  checks.equal(
    'L2',
    'amount',
    `${facts.total.amount} ${facts.total.currency}`,
    `${amount.amount} ${amount.currency}`,
    'TRANSACTION_MISMATCH',
  );
  return facts;
}
