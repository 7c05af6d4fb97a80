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

/** The network window says it has loaded and waits for its grant (its opener's alone to give). */
export const WINDOW_READY = 'c2p-sandbox:window-ready';
export const WINDOW_GRANT = 'c2p-sandbox:window-grant';
/**
 * A step the network's window took that the page cannot see (a passkey's options, the
 * authenticator's answer, the network's verification), masked: the SDK dispatches it on `window` as
 * a CustomEvent of this name, for the merchant's API log (ours: the sandbox teaches what happens).
 */
export const WINDOW_STEP = 'c2p-sandbox:window-step';

/** What the page asks a network window to do (POST /windows). */
export type WindowRequest =
  | { kind: 'CHECKOUT'; checkoutId: string }
  | { kind: 'CODE'; requestRecognitionToken?: boolean }
  | { kind: 'HOSTED'; dpaTransactionOptions?: Json }
  | { kind: 'AGENT_ENROL'; agentId: string }
  | { kind: 'MANDATE'; mandateRequestId: string }
  | { kind: 'AGENT_MANAGE' };

/**
 * Opens a network window (DCF, code screen, hosted form) in `windowRef` and waits for its answer.
 * The window's URL names it only; its grant goes to it by postMessage from this page, so that it
 * acts for this page's session alone. A window the consumer closes answers what `onClosed` resolves to.
 */
export async function openWindow(
  origin: string,
  session: string,
  windowRef: Window,
  request: WindowRequest,
  locale: string,
  onClosed: () => Promise<Json>,
): Promise<Json> {
  const { windowId, grant } = await callSandbox(origin, session, { method: 'POST', path: '/windows', body: request });
  const url = new URL(`${origin}/sandbox/dcf`);
  url.searchParams.set('window', String(windowId));
  url.searchParams.set('locale', locale);
  return new Promise<Json>((resolve, reject) => {
    let granted = false;
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== windowRef) return;
      const data = event.data as Json;
      if (!isObject(data) || data.windowId !== windowId) return;
      if (data.type === WINDOW_READY && !granted) {
        granted = true;
        windowRef.postMessage({ type: WINDOW_GRANT, windowId, grant }, origin);
      } else if (data.type === WINDOW_STEP) {
        window.dispatchEvent(new CustomEvent(WINDOW_STEP, { detail: data }));
      } else if (data.type === DCF_MESSAGE) {
        done();
        resolve(data);
      }
    };
    window.addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (!windowRef.closed) return;
      done();
      onClosed().then(resolve, reject);
    }, POPUP_POLL_MS);
    try {
      windowRef.location.replace(url.toString());
    } catch {
      done();
      reject(fail('INVALID_PARAMETER', 'The windowRef cannot be navigated'));
    }
  });
}
