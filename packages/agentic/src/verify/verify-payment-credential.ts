import type { AgentKey, Party, PaymentAmount, PaymentInstrument } from '../vi/types.ts';
import { spendRuleOf, type SpendRule } from '../spend-rule.ts';
import { recordConstraints, verifyAutonomousChain } from './chain.ts';
import { checkConstraints } from './constraint-checks.ts';
import { constraintsOf, requirePaymentFields } from './mandate-rules.ts';
import { runVerification, type Checks, type VerificationReport } from './report.ts';
import type { ChainOptions } from './verify-l1.ts';
import type { MandateExpectations } from './verify-l2.ts';
import type { AgentCredentialExpectations } from './verify-l3.ts';

export interface PaymentCredentialOptions extends ChainOptions, MandateExpectations, AgentCredentialExpectations {
  /** The instrument the network holds for this agent token: another one is TOKEN_MISMATCH. */
  readonly paymentInstrumentId?: string;
}

export interface PaymentFacts {
  /** The payment mandate's disclosure digest: what spends and the one-use rule are kept against. */
  readonly mandateId: string;
  readonly mandateExpiresAt: number;
  /** The L3a's hash: one spend per credential. */
  readonly credentialId: string;
  /** The checkout hash the merchant's L3b must carry. */
  readonly transactionId: string;
  readonly paymentAmount: PaymentAmount;
  readonly payee: Party;
  readonly paymentInstrument: PaymentInstrument;
  readonly agent: AgentKey;
  readonly spendRule: SpendRule;
}

/**
 * The network's check of an autonomous purchase: L1, the L2 payment presentation (payment mandate and
 * chosen merchant) and L3a. Budget and one-use are then the network's to decide with decideSpend.
 */
export function verifyPaymentCredential(
  input: { readonly l1: string; readonly l2: string; readonly l3a: string },
  options: PaymentCredentialOptions,
): Promise<VerificationReport<PaymentFacts>> {
  return runVerification(async (checks: Checks) => {
    const {
      mandate,
      l3,
      approved: payment,
      agent,
    } = await verifyAutonomousChain(checks, input, { layer: 'L3a', serialized: input.l3a, kind: 'payment' }, options);
    requirePaymentFields(checks, 'L3a', l3.mandate);
    const final = l3.mandate as unknown as {
      transaction_id: string;
      payee: Party;
      payment_amount: PaymentAmount;
      payment_instrument: PaymentInstrument;
    };
    const approved = payment.value.payment_instrument as PaymentInstrument;
    const instrumentKey = (i: PaymentInstrument) => `${i.type} ${i.id}`;
    checks.equal(
      'L3a',
      'payment_instrument',
      instrumentKey(approved),
      instrumentKey(final.payment_instrument),
      'TOKEN_MISMATCH',
    );
    if (options.paymentInstrumentId === undefined) checks.skip('L3a', 'token', 'no_expected_value');
    else checks.equal('L3a', 'token', options.paymentInstrumentId, final.payment_instrument.id, 'TOKEN_MISMATCH');
    const constraints = constraintsOf(payment);
    const fulfillment = { paymentAmount: final.payment_amount, payee: final.payee };
    recordConstraints(checks, 'L3a', checkConstraints(constraints, fulfillment, { open: true }));
    return {
      mandateId: payment.disclosure.digest,
      mandateExpiresAt: mandate.exp,
      credentialId: l3.credentialId,
      transactionId: final.transaction_id,
      paymentAmount: final.payment_amount,
      payee: final.payee,
      paymentInstrument: final.payment_instrument,
      agent,
      spendRule: spendRuleOf(constraints),
    };
  });
}
