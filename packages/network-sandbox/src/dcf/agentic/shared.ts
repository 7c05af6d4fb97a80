// What the agentic windows share: their strings, the sandbox's note on what it invented, amounts in
// minor units, a card's line, and the proof that the shopper is who the window acts for (their
// payment passkey where this browser can use it, else the code).
import { codeForm, el } from '../dom.ts';
import { bcp47, brandName, resolveDcfLocale, type DcfStrings } from '../i18n.ts';
import { header, root } from '../page.ts';
import { unavailableStep } from '../passkey-steps.ts';
import { noPasskeyHere, passkeyAnswer, passkeyScreen } from '../passkey.ts';
import type { WindowApi } from '../window-api.ts';
import { AGENTIC_STRINGS, type AgenticStrings } from './agentic-i18n.ts';

export interface AgenticWindow {
  api: WindowApi;
  t: DcfStrings;
  a: AgenticStrings;
  locale: string;
}

export function agenticWindow(api: WindowApi, t: DcfStrings): AgenticWindow {
  const locale = String(api.view.locale);
  return { api, t, a: AGENTIC_STRINGS[resolveDcfLocale(locale)], locale };
}

/** The sandbox's own inventions, said where the shopper sees them. */
export const oursNote = (a: AgenticStrings) => el('p', { className: 'note', textContent: a.ours });

/** An amount in integer minor units of its currency, in the shopper's language. */
export function minorMoney(amount: { currency: string; amount: number }, locale: string): string {
  try {
    const format = new Intl.NumberFormat(bcp47(resolveDcfLocale(locale)), {
      style: 'currency',
      currency: amount.currency,
    });
    return format.format(amount.amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${amount.amount} ${amount.currency}`;
  }
}

/** "Mastercard •••• 4242", the last four kept left to right. */
export const cardLine = (card: { brand: string; panLastFour: string }) =>
  el('span', {}, `${brandName(card.brand)} •••• `, el('span', { className: 'ltr', textContent: card.panLastFour }));

/** The window's answer to the page, and what it shows after. */
export function finish(w: AgenticWindow, message: Record<string, unknown>, text: string, failed = false): void {
  w.api.post(message);
  root.replaceChildren(header(w.t), el('p', { className: failed ? 'error' : '', role: 'status', textContent: text }));
}

const cancelled = { status: 'CANCEL', reason: 'CANCEL', message: 'The consumer cancelled' };

export const cancelButton = (w: AgenticWindow) =>
  el('button', { type: 'button', textContent: w.t.cancel, onclick: () => finish(w, cancelled, w.t.done) });

/**
 * The shopper proves the profile of the email they type: their payment passkey where the profile
 * has one here and this browser can use it, else (or by "Use another method") the code. Resolves
 * once proved; a cancelled window never resolves.
 */
export function proveShopper(w: AgenticWindow, title: string): Promise<void> {
  return new Promise((resolve) => emailScreen(w, title, resolve));
}

function emailScreen(w: AgenticWindow, title: string, proved: () => void): void {
  const { api, a } = w;
  const input = el('input', { type: 'email', id: 'email', autocomplete: 'email', required: true, dir: 'ltr' });
  const error = el('p', { className: 'error', role: 'alert', id: 'email-error' });
  input.setAttribute('aria-describedby', 'email-error');
  const next = async () => {
    const found = await api.call('POST', '/window/agent/lookup', { email: input.value });
    if (!found.ok || found.data.consumerPresent !== true) {
      error.textContent = found.ok ? a.noProfile : String(found.data.message ?? w.t.failed);
      input.setAttribute('aria-invalid', 'true');
      return input.focus();
    }
    const passkey = found.data.passkey as { available?: boolean; reason?: string };
    const unavailable = noPasskeyHere('SIGN_IN', passkey.available, passkey.reason);
    if (!unavailable) {
      const signedIn = await passkeyScreen(root, w.t, header(w.t), w.t.passkeyText, () =>
        passkeyAnswer(api, 'SIGN_IN', '/window/agent/passkey-options', '/window/agent/passkey'),
      );
      // A passkey the network refused leaves the code to prove it.
      if (signedIn?.ok) return proved();
    } else unavailableStep(api, 'SIGN_IN', unavailable);
    await codeScreen(w, proved);
  };
  root.replaceChildren(
    header(w.t),
    el('h1', { textContent: title }),
    el('p', { textContent: a.emailIntro }),
    el('label', { htmlFor: 'email', textContent: a.email }),
    input,
    error,
    el(
      'div',
      { className: 'actions' },
      el('button', { type: 'button', className: 'primary', textContent: a.next, onclick: () => void next() }),
      cancelButton(w),
    ),
    oursNote(a),
  );
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void next();
  });
  input.focus();
}

async function codeScreen(w: AgenticWindow, proved: () => void): Promise<void> {
  const sent = await w.api.call('POST', '/window/agent/code/send', {});
  if (!sent.ok)
    return finish(w, { status: 'FAILED', reason: sent.data.reason, message: sent.data.message }, w.t.failed, true);
  const form = codeForm(
    w.t,
    // The masked email keeps its left-to-right order inside right-to-left text.
    w.t.otpSent(`\u2066${String(sent.data.maskedValidationChannel ?? '')}\u2069`),
    (code) => w.api.call('POST', '/window/agent/code', { value: code }),
    () => proved(),
    cancelButton(w),
  );
  root.replaceChildren(header(w.t), ...form.nodes);
  form.input.focus();
}
