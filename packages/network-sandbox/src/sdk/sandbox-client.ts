// What lib.js and srcsdk.mastercard.js share: the error shape, the call to the sandbox's internal
// API and the wait for the network's window (DCF) to answer.
export type Json = Record<string, unknown>;

export interface SdkError {
  reason: string;
  message: string;
}

export const DCF_MESSAGE = 'c2p-sandbox:dcf';
const POPUP_POLL_MS = 250;

export const fail = (reason: string, message: string): SdkError => ({ reason, message });

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isWindow = (value: unknown): value is Window =>
  isObject(value) && typeof (value as unknown as Window).postMessage === 'function' && 'location' in value;

/** One call to the sandbox's internal API; a non-2xx answer rejects with the network's reason. */
export async function callSandbox(
  origin: string,
  session: string | undefined,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
  onAnswer?: (status: number, data: Json) => void,
): Promise<Json> {
  const { method, path, body } = request;
  let response: Response;
  try {
    response = await fetch(`${origin}/sandbox/api${path}`, {
      method,
      credentials: 'include',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { 'x-sandbox-session': session } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw fail('UNABLE_TO_CONNECT', 'The sandbox cannot be reached');
  }
  const data = (await response.json().catch(() => ({}))) as Json;
  onAnswer?.(response.status, data);
  if (!response.ok)
    throw fail(String(data.reason ?? 'SERVER_ERROR'), String(data.message ?? `HTTP ${response.status}`));
  return data;
}

/**
 * Shows the DCF in the window and waits for its message (for this checkout, when one is named);
 * a window the consumer closes answers what `onClosed` resolves to.
 */
export function awaitDcf(
  origin: string,
  windowRef: Window,
  url: string,
  checkoutId: string | undefined,
  onClosed: () => Promise<Json>,
): Promise<Json> {
  return new Promise<Json>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== windowRef) return;
      const data = event.data as Json;
      if (!isObject(data) || data.type !== DCF_MESSAGE) return;
      if (checkoutId && data.checkoutId !== checkoutId) return;
      done();
      resolve(data);
    };
    window.addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (!windowRef.closed) return;
      done();
      onClosed().then(resolve, reject);
    }, POPUP_POLL_MS);
    try {
      windowRef.location.replace(url);
    } catch {
      done();
      reject(fail('INVALID_PARAMETER', 'The windowRef cannot be navigated'));
    }
  });
}
