import type { PaymentAuthentication } from '@c2p/domain';
import type { CheckoutResponse } from './types';
import { WINDOW_STEP_EVENT, type PasskeyPurpose } from './window-steps';

// The guided tour's payment passkey (issue 31): its mock SRC has no relying party and the tour runs
// on any browser, by the hint alone, so its passkey is virtual. The mock window asks as the
// network's does, and reports the steps the network's window would, marked as virtual, for the API log.

const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The mock file's authenticate() answer says the consumer signs in with a passkey. */
export const signsInWithPasskey = (answer: unknown) => object(answer).authenticationMethod === 'PASSKEY';

/** The merchant asked for an authenticated payment, and the mock file's answer says a passkey confirmed it. */
export function confirmsWithPasskey(params: unknown, answer: CheckoutResponse): boolean {
  const preferences = object(object(object(params).dpaTransactionOptions).authenticationPreferences);
  const outcome = object(object(answer.checkoutResponseData).authenticationOutcome);
  return preferences.payloadRequested === 'AUTHENTICATED' && outcome.method === 'PASSKEY';
}

let signCount = 0;

/** The WebAuthn ceremony's steps, as the network's window reports them, for a virtual passkey. */
export function virtualPasskeyCeremony(purpose: PasskeyPurpose): void {
  const step = (detail: Record<string, unknown>) =>
    window.dispatchEvent(new CustomEvent(WINDOW_STEP_EVENT, { detail: { ...detail, purpose, virtual: true } }));
  const challenge = crypto.randomUUID().replaceAll('-', '');
  step({
    step: 'PASSKEY_OPTIONS',
    rpId: window.location.hostname,
    challenge: `${challenge.slice(0, 12)}…`,
    userVerification: 'required',
    allowCredentials: 1,
  });
  signCount += 1;
  step({ step: 'PASSKEY_RESULT', credentialId: 'virtual-pass…', userPresent: true, userVerified: true, signCount });
  step({ step: 'PASSKEY_VERIFICATION', verified: true });
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * How the tour's checkout was confirmed, from the mock file's answer (its assurance data and
 * authenticationOutcome): the mock has no payload for a server to check, so its answer stands for one.
 */
export function mockAuthentication(answer: CheckoutResponse): PaymentAuthentication | undefined {
  const data = object(answer.checkoutResponseData);
  const method = object(data.authenticationOutcome).method;
  if (method !== 'PASSKEY' && method !== 'OTP') return undefined;
  const assurance = object(data.assuranceData);
  const verification = object(Array.isArray(assurance.verificationData) ? assurance.verificationData[0] : undefined);
  const eci = text(assurance.eci);
  return {
    method,
    result: eci === '02' && verification.verificationResults === '01' ? 'AUTHENTICATED' : 'UNVERIFIED',
    eci,
    verificationMethod: text(verification.verificationMethod),
  };
}
