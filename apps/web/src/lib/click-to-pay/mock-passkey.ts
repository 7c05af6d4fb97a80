import type { PaymentAuthentication } from '@c2p/domain';
import type { CheckoutResponse } from './types';
import { devicePasskeyAvailable, devicePasskeyCeremony, hasDevicePasskey } from './device-passkey';
import { WINDOW_STEP_EVENT, type PasskeyPurpose } from './window-steps';

// The guided tour's payment passkey (issue 31): the device's own where the browser can make and use
// one (issue 38 item 6, device-passkey.ts), else a virtual one, so that the tour runs on any browser
// by the hint alone. The mock window asks as the network's does, and reports the steps the network's
// window would (a virtual passkey's marked so), for the API log.

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

/** Which passkey the tour uses here: the device's, still to be made or made already, or a virtual one. */
export type TourPasskey = 'device-to-make' | 'device' | 'virtual';

export async function tourPasskey(): Promise<TourPasskey> {
  if (!(await devicePasskeyAvailable())) return 'virtual';
  return hasDevicePasskey() ? 'device' : 'device-to-make';
}

const reportStep = (purpose: PasskeyPurpose, virtual: boolean) => (detail: Record<string, unknown>) =>
  window.dispatchEvent(new CustomEvent(WINDOW_STEP_EVENT, { detail: { purpose, ...detail, virtual } }));

let virtualSignCount = 0;

/** The WebAuthn ceremony's steps, as the network's window reports them, for a virtual passkey. */
function virtualPasskeyCeremony(purpose: PasskeyPurpose): void {
  const step = reportStep(purpose, true);
  const challenge = crypto.randomUUID().replaceAll('-', '');
  step({
    step: 'PASSKEY_OPTIONS',
    rpId: window.location.hostname,
    challenge: `${challenge.slice(0, 12)}…`,
    userVerification: 'required',
    allowCredentials: 1,
  });
  virtualSignCount += 1;
  step({
    step: 'PASSKEY_RESULT',
    credentialId: 'virtual-pass…',
    userPresent: true,
    userVerified: true,
    signCount: virtualSignCount,
  });
  step({ step: 'PASSKEY_VERIFICATION', verified: true });
}

/** The tour's passkey ceremony for `purpose`, on the device (which may make the passkey first) or virtual. */
export async function tourPasskeyCeremony(kind: TourPasskey, purpose: PasskeyPurpose, userName: string): Promise<void> {
  if (kind === 'virtual') virtualPasskeyCeremony(purpose);
  else await devicePasskeyCeremony(purpose, userName, (detail) => reportStep(purpose, false)(detail));
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
