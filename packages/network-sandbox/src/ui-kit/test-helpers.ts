/// <reference lib="dom" />
// Helpers for the UI kit's jsdom tests.
import './index.ts';
import type { SupportedValidationChannel } from './types.ts';

/** An email and a phone channel, as initiateValidation answers them. */
export const CHANNELS: SupportedValidationChannel[] = [
  {
    validationChannelId: 'em',
    identityProvider: 'SRC',
    identityType: 'EMAIL_ADDRESS',
    maskedValidationChannel: 'r***@example.com',
  },
  {
    validationChannelId: 'sms',
    identityProvider: 'SRC',
    identityType: 'MOBILE_PHONE_NUMBER',
    maskedValidationChannel: '+1 (***) ***-*143',
  },
];

/** Puts `html` in the document and returns its first element, defined and rendered. */
export function mount<T extends HTMLElement>(html: string): T {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as T;
}

export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`${el.tagName} has no shadow root`);
  return el.shadowRoot;
}

export function q<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = shadow(el).querySelector<T>(selector);
  if (!found) throw new Error(`${selector} not found in ${el.tagName}`);
  return found;
}

export function qa<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return Array.from(shadow(el).querySelectorAll<T>(selector));
}

/** Records the events of the given names dispatched on `el`. */
export function record(el: Element, ...names: string[]): { name: string; detail: unknown; event: CustomEvent }[] {
  const seen: { name: string; detail: unknown; event: CustomEvent }[] = [];
  for (const name of names) {
    el.addEventListener(name, (event) =>
      seen.push({ name, detail: (event as CustomEvent).detail, event: event as CustomEvent }),
    );
  }
  return seen;
}

export function key(target: Element, keyName: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key: keyName,
    bubbles: true,
    cancelable: true,
    composed: true,
    ...init,
  });
  target.dispatchEvent(event);
  return event;
}

export function paste(target: Element, text: string): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  target.dispatchEvent(event);
  return event;
}

export function rootOf(el: Element): HTMLElement {
  return q(el, '.root');
}

export function cleanup(): void {
  document.body.innerHTML = '';
}
