import type { LoggedCall } from './call-log';

/**
 * The steps the network's window takes that the page cannot see (issue 31: a payment passkey's
 * WebAuthn ceremony), which the sandbox's SDK dispatches on `window` as this CustomEvent, masked;
 * the guided tour's mock SRC dispatches the same for its virtual passkey.
 */
export const WINDOW_STEP_EVENT = 'c2p-sandbox:window-step';

/** The network's options (a challenge), the authenticator's answer, the network's verification; or why no passkey. */
export const PASSKEY_STEPS = [
  'PASSKEY_OPTIONS',
  'PASSKEY_RESULT',
  'PASSKEY_VERIFICATION',
  'PASSKEY_UNAVAILABLE',
] as const;
export type PasskeyStep = (typeof PASSKEY_STEPS)[number];

/** What a ceremony was for: signing in (authenticate), creating a passkey, confirming a payment, approving an agent's mandate. */
export const PASSKEY_PURPOSES = ['SIGN_IN', 'CREATE', 'CONFIRM', 'MANDATE'] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

export const isPasskeyStep = (name: string): name is PasskeyStep => (PASSKEY_STEPS as readonly string[]).includes(name);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A window step as the API log records it: named by its step, its purpose as the request, what the
 * window reported as the response; a refused prompt or a refused answer is a failed step.
 */
export function windowStepCall(detail: unknown): Omit<LoggedCall, 'source'> | undefined {
  if (!isObject(detail) || typeof detail.step !== 'string' || !isPasskeyStep(detail.step)) return undefined;
  const { type: _type, windowId: _window, step, purpose, ...reported } = detail;
  const failed = reported.refused === true || reported.verified === false;
  return {
    name: step,
    request: { purpose: typeof purpose === 'string' ? purpose : null },
    response: reported,
    ...(failed ? { failed } : {}),
  };
}

/** Hands each window step to `record` until the returned function is called. */
export function listenToWindowSteps(record: (call: Omit<LoggedCall, 'source'>) => void): () => void {
  const onStep = (event: Event) => {
    const call = windowStepCall((event as CustomEvent<unknown>).detail);
    if (call) record(call);
  };
  window.addEventListener(WINDOW_STEP_EVENT, onStep);
  return () => window.removeEventListener(WINDOW_STEP_EVENT, onStep);
}

/**
 * Runs one SDK call and logs its answer, or its rejection, once it ends; while it runs, the steps a
 * network window reports are logged through `windowSteps` (none when the call opens no window).
 */
export async function runLogged<T>(
  run: () => Promise<T>,
  log: (response: unknown, failed?: boolean) => void,
  windowSteps?: (call: Omit<LoggedCall, 'source'>) => void,
): Promise<T> {
  const stopSteps = windowSteps ? listenToWindowSteps(windowSteps) : undefined;
  try {
    const result = await run();
    log(result);
    return result;
  } catch (error) {
    log(error, true);
    throw error;
  } finally {
    stopSteps?.();
  }
}
