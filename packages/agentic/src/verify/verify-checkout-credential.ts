import { sha256Base64url } from '../sha256.ts';
import type { AgentKey, PaymentAmount, PurchasedItem } from '../vi/types.ts';
import { recordConstraints, requireOwnCheckout, verifyAutonomousChain, type MerchantIdentity } from './chain.ts';
import { checkConstraints } from './constraint-checks.ts';
import { constraintsOf } from './mandate-rules.ts';
import { runVerification, type Checks, type VerificationReport } from './report.ts';
import type { ChainOptions } from './verify-l1.ts';
import type { MandateExpectations } from './verify-l2.ts';
import type { AgentCredentialExpectations } from './verify-l3.ts';

export interface CheckoutCredentialOptions extends ChainOptions, MandateExpectations, AgentCredentialExpectations {
  readonly merchant: MerchantIdentity;
  /** The L3a `transaction_id` the network released the payment for: the L3b's checkout_hash must equal it. */
  readonly transactionId?: string;
  /** Refuse when the agent discloses none of the allowed merchants (default true); false follows the reference flow. */
  readonly requireMerchantDisclosure?: boolean;
}

export interface CheckoutCredentialFacts {
  /** The checkout mandate's disclosure digest. */
  readonly mandateId: string;
  readonly credentialId: string;
  readonly checkoutHash: string;
  readonly items: readonly PurchasedItem[];
  readonly total: PaymentAmount;
  readonly agent: AgentKey;
}

/** The merchant's check of an autonomous purchase: L1, the L2 checkout presentation and L3b. */
export function verifyCheckoutCredential(
  input: { readonly l1: string; readonly l2: string; readonly l3b: string },
  options: CheckoutCredentialOptions,
): Promise<VerificationReport<CheckoutCredentialFacts>> {
  return runVerification(async (checks: Checks) => {
    const {
      l3,
      approved: checkout,
      agent,
    } = await verifyAutonomousChain(checks, input, { layer: 'L3b', serialized: input.l3b, kind: 'checkout' }, options);
    const { checkout_jwt: checkoutJwt, checkout_hash: checkoutHash } = l3.mandate;
    checks.require('L3b', 'checkout_fields', typeof checkoutJwt === 'string' && checkoutJwt !== '', 'MANDATE_INVALID');
    checks.equal('L3b', 'checkout_hash', await sha256Base64url(checkoutJwt), checkoutHash, 'CHECKOUT_HASH_MISMATCH');
    const own = await requireOwnCheckout(checks, 'L3b', checkoutJwt, options.merchant);
    if (options.transactionId === undefined) checks.skip('L3b', 'transaction_id', 'no_expected_value');
    else checks.equal('L3b', 'transaction_id', options.transactionId, checkoutHash, 'TRANSACTION_MISMATCH');
    const outcomes = checkConstraints(
      constraintsOf(checkout),
      { merchant: options.merchant.party, lineItems: own.items },
      { open: true, requireMerchantDisclosure: options.requireMerchantDisclosure ?? true },
    );
    recordConstraints(checks, 'L3b', outcomes);
    return {
      mandateId: checkout.disclosure.digest,
      credentialId: l3.credentialId,
      checkoutHash: checkoutHash as string,
      items: own.items,
      total: own.total,
      agent,
    };
  });
}
