// Payment passkeys in the network's window (WebAuthn through @simplewebauthn/browser): the prompt
// that signs a consumer in or confirms a payment, and the offer to create one after the code.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { el } from './dom.ts';
import type { DcfStrings } from './i18n.ts';
import type { Answer, WindowApi } from './window-api.ts';

/**
 * Asks the window's options route for a passkey challenge, runs the browser's prompt and sends the
 * answer to `verifyPath`. Undefined when no passkey can be used here or the shopper refused the
 * prompt (the caller falls back to the code); else the server's answer (refusals included).
 */
export async function passkeyAnswer(
  api: WindowApi,
  optionsPath: string,
  verifyPath: string,
  extra: Record<string, unknown> = {},
): Promise<Answer | undefined> {
  if (!browserSupportsWebAuthn()) return undefined;
  const asked = await api.call('POST', optionsPath, {});
  if (!asked.ok || asked.data.available !== true) return undefined;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: asked.data.options as never });
  } catch {
    return undefined;
  }
  return api.call('POST', verifyPath, { response, ...extra });
}

/**
 * The passkey screen: `text`, then the prompt at the shopper's press, or "Use another method".
 * Resolves with the server's accepting answer, or undefined to go on with the code.
 */
export function passkeyScreen(
  root: HTMLElement,
  t: DcfStrings,
  header: HTMLElement,
  text: string,
  run: () => Promise<Answer | undefined>,
  extra: HTMLElement[] = [],
): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const error = el('p', { className: 'error', role: 'alert' });
    const use = el('button', { type: 'button', className: 'primary', textContent: t.usePasskey });
    use.onclick = async () => {
      use.disabled = true;
      const answer = await run();
      if (answer?.ok) return resolve(answer);
      error.textContent = t.passkeyFailed;
      use.disabled = false;
    };
    const other = el('button', { type: 'button', textContent: t.useAnotherMethod, onclick: () => resolve(undefined) });
    root.replaceChildren(
      header,
      el('h1', { textContent: t.passkeyTitle }),
      el('p', { textContent: text }),
      ...extra,
      error,
      el('div', { className: 'actions' }, use, other),
    );
    use.focus();
  });
}

/** Offers a passkey to the profile the window just proved or enrolled a card into; skippable. */
export async function offerPasskey(
  root: HTMLElement,
  api: WindowApi,
  t: DcfStrings,
  header: () => HTMLElement,
): Promise<void> {
  if (!browserSupportsWebAuthn()) return;
  return new Promise((resolve) => void offer(root, api, t, header, resolve));
}

async function offer(root: HTMLElement, api: WindowApi, t: DcfStrings, header: () => HTMLElement, done: () => void) {
  const asked = await api.call('POST', '/window/passkey/create-options', {});
  if (!asked.ok || asked.data.offer !== true) return done();
  const error = el('p', { className: 'error', role: 'alert' });
  const create = el('button', { type: 'button', className: 'primary', textContent: t.createPasskey });
  create.onclick = async () => {
    create.disabled = true;
    try {
      const response = await startRegistration({ optionsJSON: asked.data.options as never });
      const kept = await api.call('POST', '/window/passkey/create', { response });
      if (!kept.ok) throw new Error(String(kept.data.message));
      root.replaceChildren(header(), el('p', { role: 'status', textContent: t.passkeyCreated }));
      return done();
    } catch {
      // A refused prompt, or a passkey the network refused: the shopper may try again or skip.
      error.textContent = t.passkeyFailed;
      create.disabled = false;
    }
  };
  root.replaceChildren(
    header(),
    el('h1', { textContent: t.createPasskeyTitle }),
    el('p', { textContent: t.createPasskeyText }),
    error,
    el('div', { className: 'actions' }, create, el('button', { type: 'button', textContent: t.notNow, onclick: done })),
  );
  create.focus();
}
