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

type PolicyDocument = Document & {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
};

/**
 * Why this browser, in this frame, cannot make (CREATE) or use a passkey, if it cannot: no WebAuthn,
 * a page on an address (WebAuthn takes no IP address as relying party), or a frame its page gave no
 * `publickey-credentials-get`/`-create` permission (`<iframe allow="…">`).
 */
export function passkeyObstacle(purpose: Purpose): string | undefined {
  if (!browserSupportsWebAuthn()) return 'NOT_SUPPORTED';
  if (/^[0-9.]+$|^\[/.test(location.hostname)) return 'ADDRESS_HOST';
  const feature = purpose === 'CREATE' ? 'publickey-credentials-create' : 'publickey-credentials-get';
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  if (window.top !== window && policy && !policy.allowsFeature(feature)) return 'FRAME_NOT_ALLOWED';
  return undefined;
}

/**
 * Why no passkey prompt runs here, if none does: the network's reason (no passkey for this profile
 * on this device, no dpaName…), else this browser's or this frame's obstacle.
 */
export const noPasskeyHere = (purpose: Purpose, offered: boolean | undefined, reason?: string): string | undefined =>
  offered ? passkeyObstacle(purpose) : (reason ?? 'NOT_SUPPORTED');

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
  const obstacle = passkeyObstacle(purpose);
  if (obstacle) return void unavailableStep(api, purpose, obstacle);
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
 * The passkey screen: `text`, and the prompt at once, as the network invokes it (the browser may
 * need the shopper's press: "Use my passkey" runs it again), or "Use another method". Resolves with
 * the server's accepting answer; with the server's refusal (the integrator hears it); or undefined
 * to go on with the code.
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
    const attempt = async () => {
      use.disabled = true;
      const answer = await run();
      // A passkey the network refused ends here; a prompt the shopper dismissed may be tried again.
      if (answer) return resolve(answer);
      error.textContent = t.passkeyFailed;
      use.disabled = false;
      use.focus();
    };
    use.onclick = () => void attempt();
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
    void attempt();
  });
}

/** Offers a passkey to the profile the window just proved or enrolled a card into; skippable. */
export async function offerPasskey(
  root: HTMLElement,
  api: WindowApi,
  t: DcfStrings,
  header: () => HTMLElement,
): Promise<void> {
  // Offered only where this browser, in this frame, can make one, and this device can keep it (a
  // platform authenticator that verifies the person); else the merchant's API log says why.
  const obstacle =
    passkeyObstacle('CREATE') ?? ((await platformAuthenticatorAvailable()) ? undefined : 'NO_AUTHENTICATOR');
  if (obstacle) return void unavailableStep(api, 'CREATE', obstacle);
  return new Promise((resolve) => void offer(root, api, t, header, resolve));
}

const platformAuthenticatorAvailable = (): Promise<boolean> =>
  PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);

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
