// How a network window (this page) learns whom it acts for, and talks to the sandbox after.
// The URL names the window only. Its grant comes from its opener by postMessage, and the server
// opens the window only when the browser says that opener is the page that asked for it (the
// message's origin). Every call after carries the window's own token, which no page ever sees.
import { DCF_MESSAGE, isObject, WINDOW_GRANT, WINDOW_READY, WINDOW_STEP, type Json } from '../sdk/sandbox-client.ts';

/** How long the window waits for its opener's grant. */
const GRANT_WAIT_MS = 15_000;

/** The page that opened this window: the popup's opener, or the frame's parent. */
export const opener: Window | null = window.opener ?? (window.parent !== window ? window.parent : null);

export interface OpenedWindow extends Json {
  windowId: string;
  kind: 'CHECKOUT' | 'CODE' | 'HOSTED' | 'AGENT_ENROL' | 'MANDATE' | 'AGENT_MANAGE';
  merchantOrigin: string;
}

export type Answer = { ok: boolean; status: number; data: Json };

export interface WindowApi {
  /** One call of the sandbox's API (its path under /sandbox/api, or a full /sandbox/ path), as this window. */
  call: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Answer>;
  /** Tells the merchant's page (its origin only) how the window ended. */
  post: (message: Json) => void;
  /** Tells the merchant's page a step it cannot see, masked (for its API log). */
  step: (step: Json) => void;
  view: OpenedWindow;
}

/** The grant the opener hands this window, and the origin the browser says it came from. */
function receiveGrant(windowId: string): Promise<{ grant: string; origin: string } | undefined> {
  return new Promise((resolve) => {
    const finish = (value?: { grant: string; origin: string }) => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Json;
      if (event.source !== opener || !isObject(data) || data.type !== WINDOW_GRANT) return;
      if (data.windowId !== windowId || typeof data.grant !== 'string') return;
      finish({ grant: data.grant, origin: event.origin });
    };
    const timer = setTimeout(() => finish(), GRANT_WAIT_MS);
    addEventListener('message', onMessage);
    // Nothing secret here: the window's id is in its URL already.
    opener?.postMessage({ type: WINDOW_READY, windowId }, '*');
  });
}

const answerOf = async (response: Response): Promise<Answer> => ({
  ok: response.ok,
  status: response.status,
  data: (await response.json().catch(() => ({}))) as Json,
});

/** Opens this window with its opener's grant; undefined when it has none or the server refuses it. */
export async function openThisWindow(windowId: string | null): Promise<WindowApi | undefined> {
  if (!windowId || !opener) return undefined;
  const granted = await receiveGrant(windowId);
  if (!granted) return undefined;
  const opened = await fetch(`/sandbox/api/windows/${encodeURIComponent(windowId)}/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant: granted.grant, openerOrigin: granted.origin }),
  })
    .then(answerOf)
    .catch(() => undefined);
  if (!opened?.ok) return undefined;
  const { windowToken, ...view } = opened.data;
  const call: WindowApi['call'] = (method, path, body) =>
    fetch(path.startsWith('/sandbox/') ? path : `/sandbox/api${path}`, {
      method,
      credentials: 'include',
      headers: {
        'x-sandbox-window': String(windowToken),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
      .then(answerOf)
      .catch(() => ({ ok: false, status: 0, data: {} }));
  const merchantOrigin = String(view.merchantOrigin);
  const post = (message: Json) => opener?.postMessage({ type: DCF_MESSAGE, windowId, ...message }, merchantOrigin);
  const step = (detail: Json) => opener?.postMessage({ type: WINDOW_STEP, windowId, ...detail }, merchantOrigin);
  return { call, post, step, view: view as OpenedWindow };
}
