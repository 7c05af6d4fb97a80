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

/** `assuranceData.verificationData[0]` of a confirmed payment (the network's documented shape). */
export const verificationOf = ({ method, at }: ShopperAuthentication) => ({
  verificationType: 'CARDHOLDER',
  verificationEntity: '02',
  verificationMethod: VERIFICATION_METHOD[method],
  verificationResults: '01',
  verificationTimestamp: at,
  verificationEvents: ['01'],
});

/** What the encrypted payload carries of it, for the merchant's authorisation (ours, after 3-D Secure). */
export const authenticationPayload = (authentication: ShopperAuthentication) => ({
  authenticationMethod: authentication.method,
  authenticationResult: 'AUTHENTICATED',
  authenticationValue: authentication.value,
  eci: '02',
  authenticatedAt: authentication.at,
});
