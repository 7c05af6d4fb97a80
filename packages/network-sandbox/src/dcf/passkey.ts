// Payment passkeys in the network's window (WebAuthn through @simplewebauthn/browser): the prompt
// that signs a consumer in or confirms a payment, and the offer to create one after the code.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { el } from './dom.ts';
import type { DcfStrings } from './i18n.ts';
import {
  optionsStep,
  refusedStep,
  resultStep,
  unavailableStep,
  verificationStep,
  type Purpose,
} from './passkey-steps.ts';
import type { Answer, WindowApi } from './window-api.ts';

/**
 * Asks the window's options route for a passkey challenge, runs the browser's prompt and sends the
 * answer to `verifyPath`; each step goes to the merchant's API log (passkey-steps.ts). Undefined
 * when no passkey can be used here or the shopper refused the prompt (the caller falls back to the
 * code); else the server's answer (refusals included).
 */
export async function passkeyAnswer(
  api: WindowApi,
  purpose: Purpose,
  optionsPath: string,
  verifyPath: string,
  extra: Record<string, unknown> = {},
): Promise<Answer | undefined> {
  if (!browserSupportsWebAuthn()) return void unavailableStep(api, purpose, 'NOT_SUPPORTED');
  const asked = await api.call('POST', optionsPath, {});
  if (!asked.ok || asked.data.available !== true) {
    return void unavailableStep(api, purpose, asked.data.reason ?? asked.data.message);
  }
  const options = asked.data.options as Record<string, unknown>;
  optionsStep(api, purpose, options);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    return void refusedStep(api, purpose, (error as Error).name);
  }
  resultStep(api, purpose, response as never);
  const verified = await api.call('POST', verifyPath, { response, ...extra });
  verificationStep(api, purpose, verified.ok, verified.data.message);
  return verified;
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
  // Offered only where this device can keep one (a platform authenticator that verifies the person).
  if (!(await platformAuthenticatorAvailable())) return;
  return new Promise((resolve) => void offer(root, api, t, header, resolve));
}

const platformAuthenticatorAvailable = async (): Promise<boolean> =>
  browserSupportsWebAuthn() &&
  (await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false));

async function offer(root: HTMLElement, api: WindowApi, t: DcfStrings, header: () => HTMLElement, done: () => void) {
  const asked = await api.call('POST', '/window/passkey/create-options', {});
  if (!asked.ok || asked.data.offer !== true) {
    if (asked.data.reason) unavailableStep(api, 'CREATE', asked.data.reason);
    return done();
  }
  const error = el('p', { className: 'error', role: 'alert' });
  const create = el('button', { type: 'button', className: 'primary', textContent: t.createPasskey });
  create.onclick = async () => {
    create.disabled = true;
    optionsStep(api, 'CREATE', asked.data.options as Record<string, unknown>);
    try {
      const response = await startRegistration({ optionsJSON: asked.data.options as never });
      resultStep(api, 'CREATE', response as never);
      const kept = await api.call('POST', '/window/passkey/create', { response });
      verificationStep(api, 'CREATE', kept.ok, kept.data.message);
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
