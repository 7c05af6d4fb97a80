// authenticate()'s window: the payment passkey first, where the profile has one here, else the
// code; then, after the code, the offer of a passkey. It answers the merchant's page either way in
// the same shape, naming the method used.
import { actions, button, el, otpInput } from './dom.ts';
import type { DcfStrings } from './i18n.ts';
import { fitToContent, header, root, setLocale } from './page.ts';
import { unavailableStep } from './passkey-steps.ts';
import { noPasskeyHere, offerPasskey, passkeyAnswer, passkeyScreen } from './passkey.ts';
import type { WindowApi } from './window-api.ts';

type Outcome = { status: string; recognitionToken?: unknown; method?: string; reason?: unknown; message?: unknown };

/** Tells the merchant's page how authenticate() ended, and shows it. */
function finish(api: WindowApi, t: DcfStrings, outcome: Outcome): void {
  api.post(outcome);
  const failed = outcome.status === 'FAILED';
  root.replaceChildren(
    header(t),
    el('p', { className: failed ? 'error' : '', textContent: failed ? String(outcome.message ?? t.failed) : t.done }),
  );
}

/** Sends the typed code; when it is right, offers a passkey, then answers; a wrong one says so by the field. */
async function submitCode(api: WindowApi, t: DcfStrings, code: string, rememberMe: boolean, error: HTMLElement) {
  const { ok, data } = await api.call('POST', '/window/code', { value: code, rememberMe });
  if (data.reason === 'CODE_INVALID') {
    error.textContent = String(data.message);
    return;
  }
  if (!ok) return finish(api, t, { status: 'FAILED', reason: data.reason, message: data.message });
  await offerPasskey(root, api, t, () => header(t));
  finish(api, t, { status: 'AUTHENTICATED', recognitionToken: data.recognitionToken, method: 'OTP' });
}

const cancelOutcome = { status: 'CANCEL', reason: 'CANCEL', message: 'The consumer cancelled' };

/**
 * The code: sent now (no passkey here, or the shopper chose another method), then typed. On a page
 * opened by its address, the window says once why it offers no passkey.
 */
async function codeScreen(api: WindowApi, t: DcfStrings, noPasskeyReason?: string): Promise<void> {
  const sent = await api.call('POST', '/window/code/send', {});
  if (!sent.ok) return finish(api, t, { status: 'FAILED', reason: sent.data.reason, message: sent.data.message });
  const channel = String(sent.data.maskedValidationChannel ?? '');
  const input = otpInput();
  const error = el('p', { className: 'error', role: 'alert' });
  const remember = el('input', { type: 'checkbox', id: 'remember-me' });
  const submit = () => submitCode(api, t, input.value, remember.checked, error);
  const label = el('label', { htmlFor: 'otp', textContent: t.otpLabel });
  root.replaceChildren(
    header(t),
    el('h1', { textContent: t.otpTitle }),
    el('p', { textContent: t.otpSent(channel) }),
    ...(noPasskeyReason === 'ADDRESS_HOST' ? [el('p', { textContent: t.passkeyNeedsHostName })] : []),
    label,
    input,
    error,
    el('label', {}, remember, t.rememberMe),
    actions(
      t.verify,
      () => void submit(),
      button(t.cancel, () => api.post(cancelOutcome)),
    ),
    // Integrations branch on this outcome to offer another email or phone number.
    el(
      'div',
      { className: 'links' },
      el('button', {
        type: 'button',
        textContent: t.notYou(channel),
        onclick: () =>
          api.post({
            status: 'NOT_YOU',
            reason: 'NOT_YOU',
            message: 'Not you? The consumer wants to use another email address or phone number',
          }),
      }),
    ),
  );
  input.focus();
}

export async function authenticateMode(api: WindowApi): Promise<void> {
  const t = setLocale(String(api.view.locale));
  fitToContent(api.view.merchantOrigin);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') api.post(cancelOutcome);
  });
  const passkey = api.view.passkey as { available?: boolean; reason?: string } | undefined;
  const unavailable = noPasskeyHere('SIGN_IN', passkey?.available, passkey?.reason);
  if (unavailable) unavailableStep(api, 'SIGN_IN', unavailable);
  else {
    const remember = el('input', { type: 'checkbox', id: 'remember-me' });
    const signedIn = await passkeyScreen(
      root,
      t,
      header(t),
      t.passkeyText,
      () =>
        passkeyAnswer(api, 'SIGN_IN', '/window/passkey/sign-in-options', '/window/passkey/sign-in', {
          rememberMe: remember.checked,
        }),
      [el('label', {}, remember, t.rememberMe)],
    );
    // The network tells the integrator a passkey it refused (reference: "returns the relevant error codes").
    if (signedIn && !signedIn.ok) {
      return finish(api, t, { status: 'FAILED', reason: signedIn.data.reason, message: signedIn.data.message });
    }
    if (signedIn) {
      return finish(api, t, {
        status: 'AUTHENTICATED',
        recognitionToken: signedIn.data.recognitionToken,
        method: 'PASSKEY',
      });
    }
  }
  await codeScreen(api, t, unavailable);
}
