// What every screen of the network's window shares: its root, its language, its size, its header.
import { el } from './dom.ts';
import { bcp47, DCF_STRINGS, directionOf, resolveDcfLocale, type DcfStrings } from './i18n.ts';
import { opener } from './window-api.ts';

export const MESSAGE = 'c2p-sandbox:dcf';
export const root = document.getElementById('dcf')!;
export const params = new URLSearchParams(location.search);

export type Amount = { transactionAmount: number | string; transactionCurrencyCode: string } | null;

export function setLocale(value: string | null): DcfStrings {
  const locale = resolveDcfLocale(value);
  document.documentElement.lang = bcp47(locale);
  document.documentElement.dir = directionOf(locale);
  return DCF_STRINGS[locale];
}

export function money(amount: Amount, locale: string): string {
  if (!amount) return '';
  try {
    return new Intl.NumberFormat(bcp47(resolveDcfLocale(locale)), {
      style: 'currency',
      currency: amount.transactionCurrencyCode,
    }).format(Number(amount.transactionAmount));
  } catch {
    return `${amount.transactionAmount} ${amount.transactionCurrencyCode}`;
  }
}

/**
 * The window fits its content: a popup resizes itself, an iframe tells its page how tall it is
 * (the page sizes the sheet; no empty space under the buttons).
 */
export function fitToContent(origin: string): void {
  const report = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (window.opener && window.opener === opener) {
      window.resizeTo(
        window.outerWidth,
        Math.min(screen.availHeight, height + window.outerHeight - window.innerHeight),
      );
    } else if (opener && opener !== window) {
      opener.postMessage({ type: `${MESSAGE}-size`, height }, origin);
    }
  };
  new ResizeObserver(report).observe(root);
  report();
}

/** Focus moves into the window on every screen: to its primary action, or the field to fill. */
export function focusFirst(selector = 'button.primary'): void {
  const element = root.querySelector<HTMLElement>(selector) ?? root.querySelector<HTMLElement>('button, input');
  element?.focus();
}

export function header(t: DcfStrings, subtitle?: string): HTMLElement {
  return el(
    'header',
    {},
    el('strong', { textContent: t.title }),
    ...(subtitle ? [el('span', { className: 'muted', textContent: `· ${subtitle}` })] : []),
  );
}
