// Transaction authentication (the network's Token Authentication Service for Click to Pay): how the
// shopper confirmed a payment in the network's window, and what the merchant receives of it. The
// network publishes `assuranceData.verificationData` (reference section 9.1); the authentication
// value and its ECI inside the payload are modelled on 3-D Secure's, which it does not publish
// (docs/decisions/024).
import { randomBytes } from 'node:crypto';
import { asObject } from './util.ts';

export type AuthenticationMethod = 'PASSKEY' | 'OTP';

/** How and when the shopper confirmed, and the authentication value issued for the authorisation. */
export interface ShopperAuthentication {
  method: AuthenticationMethod;
  at: string;
  /** 20 random bytes, base64 (28 characters), like a 3-D Secure CAVV/AAV: inside the payload only. */
  value: string;
}

/** Reference section 9.1's verification methods: FIDO2 (a passkey) and a one-time code. */
const VERIFICATION_METHOD: Record<AuthenticationMethod, string> = { PASSKEY: '07', OTP: '04' };

export const newAuthentication = (method: AuthenticationMethod): ShopperAuthentication => ({
  method,
  at: new Date().toISOString(),
  value: randomBytes(20).toString('base64'),
});

/** The checkout's authentication, when the shopper confirmed one. */
export function authenticationOf(request: Record<string, unknown>): ShopperAuthentication | undefined {
  const found = asObject(request.authentication);
  return found.method === 'PASSKEY' || found.method === 'OTP' ? (found as unknown as ShopperAuthentication) : undefined;
}

/** How the consumer proved the profile in the checkout's session (a code or a passkey), and when. */
export interface IdentityVerification {
  method: AuthenticationMethod;
  at: string;
}

/** An entry of `assuranceData.verificationData` (the network's documented shape): one way the shopper proved it. */
export const verificationOf = ({ method, at }: IdentityVerification) => ({
  verificationType: 'CARDHOLDER',
  verificationEntity: '02',
  verificationMethod: VERIFICATION_METHOD[method],
  verificationResults: '01',
  verificationTimestamp: at,
  verificationEvents: ['01'],
});

/** The checkout's sign-in verification, as its completion kept it. */
export function identityVerificationOf(request: Record<string, unknown>): IdentityVerification | undefined {
  const found = asObject(request.identityVerification);
  return (found.method === 'PASSKEY' || found.method === 'OTP') && typeof found.at === 'string'
    ? (found as unknown as IdentityVerification)
    : undefined;
}

/** An authenticated payload is fetched within 5 minutes of the payment's confirmation, else eci 06. */
export const AUTHENTICATED_WINDOW_MS = 5 * 60 * 1000;

/**
 * The assurance data of a checkout: only what happened in it (the payment's confirmation, the
 * consumer's sign-in), nothing for a payment nobody confirmed; eci 02 only for a confirmation
 * fetched within 5 minutes with its srcCorrelationId, else 06.
 */
export function assuranceDataOf(request: Record<string, unknown>, now: Date, { correlated }: { correlated: boolean }) {
  const confirmation = authenticationOf(request);
  const verifications = [confirmation, identityVerificationOf(request)].filter((found) => found !== undefined);
  const authenticated =
    confirmation !== undefined && correlated && now.getTime() - Date.parse(confirmation.at) <= AUTHENTICATED_WINDOW_MS;
  return {
    ...(verifications.length > 0 ? { verificationData: verifications.map(verificationOf) } : {}),
    eci: authenticated ? '02' : '06',
  };
}

/** What the encrypted payload carries of it, for the merchant's authorisation (ours, after 3-D Secure). */
export const authenticationPayload = (authentication: ShopperAuthentication, eci: string) => ({
  authenticationMethod: authentication.method,
  authenticationResult: 'AUTHENTICATED',
  authenticationValue: authentication.value,
  eci,
  authenticatedAt: authentication.at,
});
