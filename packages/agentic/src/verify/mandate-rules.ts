import { isPlainObject } from '../encoding.ts';
import { sha256Base64url } from '../sha256.ts';
import { CONSTRAINT } from '../vi/constants.ts';
import type { AgentKey } from '../vi/types.ts';
import type { DisclosedMandate, MandatePair } from './mandates.ts';
import { isEcPublicJwk } from './verify-l1.ts';
import type { Checks, Layer } from './report.ts';

/** Constraint types our verifiers enforce; any other fails closed in an open mandate. */
export const ENFORCED_CONSTRAINTS: readonly string[] = [
  CONSTRAINT.amountRange,
  CONSTRAINT.allowedPayees,
  CONSTRAINT.budget,
  CONSTRAINT.reference,
  CONSTRAINT.allowedMerchants,
  CONSTRAINT.lineItems,
];

/** Immediate mode (credential-format §4.4, §6.2): final values only, bound by checkout_hash = transaction_id. */
export async function requireImmediatePair(checks: Checks, pair: MandatePair): Promise<void> {
  const { checkout, payment } = pair;
  checks.require('L2', 'mandate_pair', checkout !== undefined && payment !== undefined, 'MANDATE_INVALID');
  const final = [checkout.value, payment.value].every((m) => !('cnf' in m) && !('constraints' in m));
  checks.require('L2', 'final_values', final, 'MANDATE_INVALID', { note: 'no cnf or constraints' });
  const checkoutJwt = checkout.value.checkout_jwt;
  checks.require('L2', 'checkout_fields', typeof checkoutJwt === 'string' && checkoutJwt !== '', 'MANDATE_INVALID');
  checks.equal(
    'L2',
    'checkout_hash',
    await sha256Base64url(checkoutJwt),
    checkout.value.checkout_hash,
    'CHECKOUT_HASH_MISMATCH',
  );
  requirePaymentFields(checks, 'L2', payment.value);
  checks.equal(
    'L2',
    'transaction_id',
    checkout.value.checkout_hash,
    payment.value.transaction_id,
    'TRANSACTION_MISMATCH',
  );
}

/** Final payment values (credential-format §4.4.2, §5.6): instrument, payee, integer amount, transaction id. */
export function requirePaymentFields(checks: Checks, layer: Layer, mandate: Record<string, unknown>): void {
  const { payment_instrument: instrument, payee, payment_amount: amount, transaction_id: transactionId } = mandate;
  const missing = [
    hasStrings(instrument, ['id', 'type']) ? '' : 'payment_instrument',
    hasStrings(payee, ['name', 'website']) ? '' : 'payee',
    isPlainObject(amount) &&
    typeof amount.currency === 'string' &&
    Number.isSafeInteger(amount.amount) &&
    Number(amount.amount) >= 0
      ? ''
      : 'payment_amount',
    typeof transactionId === 'string' && transactionId !== '' ? '' : 'transaction_id',
  ].filter(Boolean);
  checks.require(layer, 'payment_fields', missing.length === 0, 'MANDATE_INVALID', {
    ...(missing.length > 0 && { note: missing.join(', ') }),
  });
}

/** Autonomous mode (credential-format §4.5, §4.6): the agent key, constraints, and the pair's reference binding. */
export function requireAutonomousMandates(checks: Checks, pair: MandatePair): AgentKey {
  const keys = [pair.checkout, pair.payment].flatMap((m) => (m === undefined ? [] : [requireOpenMandate(checks, m)]));
  const { checkout, payment } = pair;
  if (checkout !== undefined) requireConstraint(checks, checkout, CONSTRAINT.lineItems, 'checkout_line_items');
  if (payment !== undefined) {
    checks.require(
      'L2',
      'payment_instrument',
      hasStrings(payment.value.payment_instrument, ['id', 'type']),
      'MANDATE_INVALID',
    );
    requireConstraint(checks, payment, CONSTRAINT.reference, 'payment_reference');
  }
  const [first, second] = keys;
  if (first === undefined) throw new Error('A mandate pair discloses at least one mandate');
  if (checkout === undefined || payment === undefined || second === undefined) {
    checks.skip('L2', 'agent_key', 'one_mandate_disclosed');
    checks.skip('L2', 'reference', 'one_mandate_disclosed');
    return first;
  }
  const same = first.kid === second.kid && first.jwk.x === second.jwk.x && first.jwk.y === second.jwk.y;
  checks.require('L2', 'agent_key', same, 'AGENT_KEY_MISMATCH', {
    compared: { relation: 'equals', expected: first, actual: second },
  });
  const reference = constraintsOf(payment).find((c) => c.type === CONSTRAINT.reference);
  checks.equal(
    'L2',
    'reference',
    checkout.disclosure.digest,
    reference?.conditional_transaction_id,
    'REFERENCE_MISMATCH',
  );
  return first;
}

function requireOpenMandate(checks: Checks, mandate: DisclosedMandate): AgentKey {
  const kind = String(mandate.value.vct).split('.')[1];
  const cnf = mandate.value.cnf;
  const jwk = isPlainObject(cnf) ? cnf.jwk : undefined;
  const kid = isPlainObject(cnf) ? (cnf.kid ?? (isPlainObject(jwk) ? jwk.kid : undefined)) : undefined;
  checks.require('L2', `${kind}_cnf`, isEcPublicJwk(jwk) && typeof kid === 'string', 'MANDATE_INVALID', {
    note: 'cnf.jwk (P-256) and a kid',
  });
  const constraints = constraintsOf(mandate);
  checks.require('L2', `${kind}_constraints`, constraints.length > 0, 'MANDATE_INVALID');
  const unknown = constraints.map((c) => String(c.type)).filter((t) => !ENFORCED_CONSTRAINTS.includes(t));
  checks.require('L2', `${kind}_constraint_types`, unknown.length === 0, 'UNKNOWN_CONSTRAINT', {
    compared: { relation: 'one_of', expected: ENFORCED_CONSTRAINTS, actual: unknown },
  });
  const currencies = new Set(constraints.filter((c) => 'currency' in c).map((c) => c.currency));
  checks.require('L2', `${kind}_currency`, currencies.size <= 1, 'MANDATE_INVALID', {
    note: [...currencies].join(', '),
  });
  return { jwk, kid };
}

function requireConstraint(checks: Checks, mandate: DisclosedMandate, type: string, name: string): void {
  checks.require(
    'L2',
    name,
    constraintsOf(mandate).some((c) => c.type === type),
    'MANDATE_INVALID',
    { note: type },
  );
}

export function constraintsOf(mandate: DisclosedMandate): Record<string, unknown>[] {
  const { constraints } = mandate.value;
  return Array.isArray(constraints) ? constraints.filter(isPlainObject) : [];
}

function hasStrings(value: unknown, keys: readonly string[]): boolean {
  return isPlainObject(value) && keys.every((k) => typeof value[k] === 'string' && value[k] !== '');
}
