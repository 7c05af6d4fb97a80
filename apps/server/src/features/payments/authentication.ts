// Transaction authentication on the merchant's side (issue 31): what the decrypted payload's
// `authenticationData` and the answer's `assuranceData` say of how the shopper confirmed the
// payment, checked against each other before the shop counts the payment as authenticated.
import type { AuthenticationMethod, PaymentAuthentication } from '@c2p/domain';
import { asObject, textOf, type Json } from '../../lib/json-values.ts';
import type { PaymentRow } from './repository.ts';

/** The network's verification method for each way of confirming (reference section 9.1). */
const VERIFICATION_METHOD: Record<AuthenticationMethod, string> = { PASSKEY: '07', OTP: '04' };

/** The ECI of a fully authenticated payment, which the payload and the answer must both name. */
const AUTHENTICATED_ECI = '02';

/** Twenty bytes in base64 (a CAVV-like value): 27 characters and one '='. */
const AUTHENTICATION_VALUE = /^[A-Za-z0-9+/]{27}=$/;

/** A two-digit code as the network writes them (ECI, verification method), else null. */
const code = (value: unknown): string | null => {
  const text = textOf(value);
  return text && /^[0-9]{2}$/.test(text) ? text : null;
};

const methodOf = (value: unknown): AuthenticationMethod | null =>
  value === 'PASSKEY' || value === 'OTP' ? value : null;

export interface CheckedAuthentication {
  authentication: PaymentAuthentication;
  /** Why it did not check out (for the server log; never holds the authentication value). */
  problem?: string;
}

/**
 * The payment's authentication, when the payload carries authentication data: AUTHENTICATED when
 * the method is one we know, the result AUTHENTICATED, the ECI '02' in the payload and in the
 * answer, the authentication value well formed and the answer's verification data of the same
 * method with the result '01'; else UNVERIFIED and the first problem found. Undefined when the
 * payload has no authentication data (nothing was asked for: nothing new to say).
 */
export function checkAuthentication(payload: Json, answer: Json): CheckedAuthentication | undefined {
  if (!('authenticationData' in payload) || payload.authenticationData === undefined) return undefined;
  const data = asObject(payload.authenticationData);
  const assurance = asObject(answer.assuranceData);
  const verification = asObject(Array.isArray(assurance.verificationData) ? assurance.verificationData[0] : undefined);
  const method = methodOf(data.authenticationMethod);
  const authentication = {
    method,
    eci: code(data.eci),
    verificationMethod: code(verification.verificationMethod),
  };
  const problem = problemOf(data, method, authentication.eci, assurance, verification);
  return problem
    ? { authentication: { ...authentication, result: 'UNVERIFIED' }, problem }
    : { authentication: { ...authentication, result: 'AUTHENTICATED' } };
}

function problemOf(
  data: Json,
  method: AuthenticationMethod | null,
  eci: string | null,
  assurance: Json,
  verification: Json,
): string | undefined {
  if (Object.keys(data).length === 0) return 'authenticationData is not an object with fields';
  if (!method) return 'authenticationData.authenticationMethod is neither PASSKEY nor OTP';
  if (data.authenticationResult !== 'AUTHENTICATED')
    return 'authenticationData.authenticationResult is not AUTHENTICATED';
  if (eci !== AUTHENTICATED_ECI) return `authenticationData.eci is not ${AUTHENTICATED_ECI}`;
  const value = data.authenticationValue;
  if (typeof value !== 'string' || !AUTHENTICATION_VALUE.test(value) || Buffer.from(value, 'base64').length !== 20) {
    return 'authenticationData.authenticationValue is not 20 bytes of base64';
  }
  if (typeof data.authenticatedAt !== 'string' || Number.isNaN(Date.parse(data.authenticatedAt))) {
    return 'authenticationData.authenticatedAt is not a time';
  }
  if (code(assurance.eci) !== eci) return 'assuranceData.eci differs from the payload’s';
  if (code(verification.verificationMethod) !== VERIFICATION_METHOD[method]) {
    return `assuranceData.verificationData[0].verificationMethod is not ${VERIFICATION_METHOD[method]} (${method})`;
  }
  if (verification.verificationResults !== '01')
    return 'assuranceData.verificationData[0].verificationResults is not 01';
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
