/// <reference lib="dom" />
// The DOM helpers the DCF's screens (its own and the hosted window's) build with.
import type { DcfStrings } from './i18n.ts';

/** A `tag` element with these properties and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

/** A button of the window's: `primary` for its main action. */
export const button = (label: string, onclick: () => unknown, primary = false): HTMLButtonElement =>
  el('button', { type: 'button', textContent: label, onclick, ...(primary ? { className: 'primary' } : {}) });

/** The window's buttons, one above the other: its main action first, then the others (Back, Cancel). */
export const actions = (label: string, onclick: () => unknown, ...others: HTMLElement[]): HTMLElement =>
  el('div', { className: 'actions' }, button(label, onclick, true), ...others);

/** The one-time code field, as every code screen of the DCF shows it. */
export const otpInput = (): HTMLInputElement =>
  el('input', { type: 'text', inputMode: 'numeric', autocomplete: 'one-time-code', id: 'otp', maxLength: 6 });

/** The words of a code screen, in the shopper's language. */
type CodeWords = Pick<DcfStrings, 'otpTitle' | 'otpLabel' | 'verify' | 'failed'>;

type Answer = { ok: boolean; data: Record<string, unknown> } | undefined;

/**
 * A code screen below its header: the title, where the code went (`sentTo`), the field, a line for errors
 * and Verify before `buttons`. Verify sends the code to `check`; `verified` takes an accepted
 * answer, and a refusal's message (or `failed`) shows under the field.
 */
export function codeForm(
  words: CodeWords,
  sentTo: string,
  check: (code: string) => Promise<Answer>,
  verified: (data: Record<string, unknown>) => unknown,
  ...buttons: HTMLButtonElement[]
): { nodes: HTMLElement[]; input: HTMLInputElement } {
  const input = otpInput();
  const error = el('p', { className: 'error', role: 'alert' });
  const verify = async () => {
    const checked = await check(input.value).catch(() => undefined);
    if (checked?.ok) await verified(checked.data);
    else error.textContent = String(checked?.data.message ?? words.failed);
  };
  const nodes = [
    el('h1', { textContent: words.otpTitle }),
    el('p', { textContent: sentTo }),
    el('label', { htmlFor: 'otp', textContent: words.otpLabel }),
    input,
    error,
    actions(words.verify, () => void verify(), ...buttons),
  ];
  return { nodes, input };
}
