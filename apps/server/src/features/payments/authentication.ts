// Transaction authentication on the merchant's side (issues 31, 37): what the assurance data inside
// the decrypted payload says of how the shopper confirmed the payment, checked against the answer's
// before the shop counts the payment as authenticated. The network names every way the shopper
// proved it (a sign-in with a code or a passkey too); the payment's own confirmation is the entry
// whose additionalData says it proves the payment ("Proof of Passkey Payment Authentication").
import type { AuthenticationMethod, PaymentAuthentication } from '@c2p/domain';
import { asObject, textOf, type Json } from '../../lib/json-values.ts';
import type { PaymentRow } from './repository.ts';

/** The way of confirming each verification method names (reference section 9.1: 07 FIDO2, 04 a code). */
const METHOD_OF: Record<string, AuthenticationMethod> = { '07': 'PASSKEY', '04': 'OTP' };

/** The ECI of a fully authenticated payment, which the payload and the answer must both name. */
const AUTHENTICATED_ECI = '02';

/** A two-digit code as the network writes them (ECI, verification method), else null. */
const code = (value: unknown): string | null => {
  const text = textOf(value);
  return text && /^[0-9]{2}$/.test(text) ? text : null;
};

const entriesOf = (assurance: Json): Json[] =>
  Array.isArray(assurance.verificationData) ? assurance.verificationData.map(asObject) : [];

/** The entry that proves the payment itself (its additionalData says so), not a sign-in. */
const paymentProofOf = (entries: Json[]) =>
  entries.find(
    (entry) => typeof entry.additionalData === 'string' && / Payment Authentication$/.test(entry.additionalData),
  );

export interface CheckedAuthentication {
  authentication: PaymentAuthentication;
  /** Why it did not check out (for the server log). */
  problem?: string;
}

/**
 * The payment's authentication, when the payload's assurance data proves the payment:
 * AUTHENTICATED when its method is one we know, its result 01 and the ECI 02, in the payload and
 * in the answer alike; else UNVERIFIED and the first problem found (a confirmation fetched too late
 * or without its srcCorrelationId answers eci 06). Undefined when nothing proves the payment
 * (nothing was asked for, or only a sign-in happened: nothing new to say).
 */
export function checkAuthentication(payload: Json, answer: Json): CheckedAuthentication | undefined {
  const assurance = asObject(payload.assuranceData);
  const proof = paymentProofOf(entriesOf(assurance));
  if (!proof) return undefined;
  const verificationMethod = code(proof.verificationMethod);
  const authentication = {
    method: METHOD_OF[verificationMethod ?? ''] ?? null,
    eci: code(assurance.eci),
    verificationMethod,
  };
  const problem = problemOf(authentication, proof, asObject(answer.assuranceData));
  return problem
    ? { authentication: { ...authentication, result: 'UNVERIFIED' }, problem }
    : { authentication: { ...authentication, result: 'AUTHENTICATED' } };
}

function problemOf(
  found: { method: AuthenticationMethod | null; eci: string | null; verificationMethod: string | null },
  proof: Json,
  answered: Json,
): string | undefined {
  if (!found.method) return `assuranceData's payment proof names verification method ${found.verificationMethod}`;
  if (proof.verificationResults !== '01') return "assuranceData's payment proof is not verified (result 01)";
  if (found.eci !== AUTHENTICATED_ECI) {
    return `assuranceData.eci is ${found.eci}: fetched over 5 minutes after the confirmation, or without its srcCorrelationId`;
  }
  if (code(answered.eci) !== found.eci) return 'the answer’s assuranceData.eci differs from the payload’s';
  if (!paymentProofOf(entriesOf(answered))) return 'the answer’s assuranceData does not prove the payment';
  return undefined;
}

/** The columns a payment keeps of its authentication (none when the payload carried no authentication data). */
export function authenticationColumns(checked: CheckedAuthentication | undefined) {
  const found = checked?.authentication;
  return {
    authenticationMethod: found?.method ?? null,
    authenticationResult: found?.result ?? null,
    authenticationEci: found?.eci ?? null,
    verificationMethod: found?.verificationMethod ?? null,
  };
}

/** The payment's authentication as an order and the UI show it, when the payload carried one. */
export function authenticationOf(row: PaymentRow): PaymentAuthentication | undefined {
  if (!row.authenticationResult) return undefined;
  return {
    method: row.authenticationMethod,
    result: row.authenticationResult,
    eci: row.authenticationEci,
    verificationMethod: row.verificationMethod,
  };
}

/** The payment's authentication as a field to spread into an order's or the API's payment: none without one. */
export function authenticationPart(row: PaymentRow) {
  const authentication = authenticationOf(row);
  return authentication ? { authentication } : {};
}
