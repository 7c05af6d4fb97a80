import { createElement } from 'react';
/**
 * Toasts load their library on the first toast, so a shopper's first page does not pay for it.
 * The host in the app layout mounts the toaster when asked; a toast waits until it is listening.
 */
let requestMount: (() => void) | undefined;
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export function registerToasterHost(request: () => void): void {
  requestMount = request;
}

export function toasterMounted(): void {
  markMounted();
}

/**
 * A toast's words: a catalogue key and its values (a value may be a key too, as a card brand's
 * name), shown in the language of the moment, so a switch of language reaches a toast on screen; or
 * a text as given (a server's message).
 */
export interface ToastText {
  key: string;
  values?: Record<string, string | number | ToastText>;
}
export type ToastMessage = string | ToastText;

export async function notify(kind: 'success' | 'error' | 'info', message: ToastMessage): Promise<void> {
  requestMount?.();
  const [{ toast }, { TranslatedToast }] = await Promise.all([import('sonner'), import('./translated-toast'), mounted]);
  toast[kind](typeof message === 'string' ? message : createElement(TranslatedToast, { text: message }));
}

const PENDING_KEY = 'pending-toast';

/** A toast for the next page, when this one is about to be replaced by a full page load. */
export function notifyAfterReload(kind: 'success' | 'error' | 'info', message: ToastMessage): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, message }));
  } catch {
    // Without storage the toast is simply not shown.
  }
}

/** Shows the toast the previous page left for this one, once. */
export function showPendingToast(): void {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    if (!raw) return;
    window.sessionStorage.removeItem(PENDING_KEY);
    const { kind, message } = JSON.parse(raw) as { kind: 'success' | 'error' | 'info'; message: ToastMessage };
    void notify(kind, message);
  } catch {
    // A damaged entry is dropped.
  }
}
