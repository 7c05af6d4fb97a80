// What the merchant learns of how the shopper proved it in a checkout: the network's assurance data
// (`assuranceData.verificationData`, reference sections 9.1 and 17, the shape its Secure Card on File
// pages publish), the same in the signed answer and inside the decrypted payload. Only what
// happened is named: the payment's confirmation (transaction authentication: a passkey, or the code
// standing in for the network's other methods) and the consumer's sign-in with a code or a passkey
// in this checkout's session. eci 02 only for a confirmation fetched within 5 minutes with its
// srcCorrelationId (docs/decisions/024, 025).
import { asObject } from './util.ts';

export type AuthenticationMethod = 'PASSKEY' | 'OTP';

/** How and when the shopper proved it: the payment's confirmation, or the session's sign-in. */
export interface Verification {
  method: AuthenticationMethod;
  at: string;
}

/** Reference section 9.1's verification methods: FIDO2 (a passkey) and a one-time code. */
const VERIFICATION_METHOD: Record<AuthenticationMethod, string> = { PASSKEY: '07', OTP: '04' };

/**
 * What a confirmation entry says it proves (the network's SCOF example writes "Proof of Passkey
 * Payment Authentication"; the code's is ours, by analogy): how an entry for the payment differs
 * from one for the sign-in.
 */
const PAYMENT_PROOF: Record<AuthenticationMethod, string> = {
  PASSKEY: 'Proof of Passkey Payment Authentication',
  OTP: 'Proof of OTP Payment Authentication',
};

export const newAuthentication = (method: AuthenticationMethod): Verification => ({
  method,
  at: new Date().toISOString(),
});

const verificationIn = (value: unknown): Verification | undefined => {
  const found = asObject(value);
  return (found.method === 'PASSKEY' || found.method === 'OTP') && typeof found.at === 'string'
    ? (found as unknown as Verification)
    : undefined;
};

/** The payment's confirmation, when the shopper confirmed one. */
export const authenticationOf = (request: Record<string, unknown>) => verificationIn(request.authentication);

/** The checkout's sign-in verification, as its completion kept it. */
export const identityVerificationOf = (request: Record<string, unknown>) =>
  verificationIn(request.identityVerification);

/** An entry of `assuranceData.verificationData`: one way the shopper proved it. */
const verificationEntry = ({ method, at }: Verification, proof?: string) => ({
  verificationType: 'CARDHOLDER',
  verificationEntity: '02',
  verificationMethod: VERIFICATION_METHOD[method],
  verificationResults: '01',
  verificationTimestamp: at,
  verificationEvents: ['01'],
  ...(proof ? { additionalData: proof } : {}),
});

/** An authenticated payload is fetched within 5 minutes of the payment's confirmation, else eci 06. */
export const AUTHENTICATED_WINDOW_MS = 5 * 60 * 1000;

/**
 * The assurance data of a checkout: the payment's confirmation first, then the sign-in, nothing for
 * a payment nobody confirmed; eci 02 only for a confirmation fetched within 5 minutes with its
 * srcCorrelationId, else 06.
 */
export function assuranceDataOf(request: Record<string, unknown>, now: Date, { correlated }: { correlated: boolean }) {
  const confirmation = authenticationOf(request);
  const signIn = identityVerificationOf(request);
  const entries = [
    ...(confirmation ? [verificationEntry(confirmation, PAYMENT_PROOF[confirmation.method])] : []),
    ...(signIn ? [verificationEntry(signIn)] : []),
  ];
  const authenticated =
    confirmation !== undefined && correlated && now.getTime() - Date.parse(confirmation.at) <= AUTHENTICATED_WINDOW_MS;
  return { ...(entries.length > 0 ? { verificationData: entries } : {}), eci: authenticated ? '02' : '06' };
}
