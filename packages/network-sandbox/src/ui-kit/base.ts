/// <reference lib="dom" />
// The base class of every element: an open shadow root re-rendered from attributes, the shared
// locale / dark handling, and events that bubble out of the shadow root.

import { CATALOGUES, localeDirection, localeTag, resolveLocale, type Locale, type Strings } from './i18n.ts';
import { brandSvg, clickToPaySvg, parseBrands } from './brands.ts';
import { escapeHtml as esc } from './escape.ts';
import { BASE_CSS } from './styles.ts';

export { esc };

/** Wraps text that must stay left to right (card numbers, codes, emails, phone numbers). */
export function ltr(text: string): string {
  return `<bdi class="ltr" dir="ltr">${esc(text)}</bdi>`;
}

export const COMMON_ATTRIBUTES = ['locale', 'dark', 'theme'];

/** A panel's: the common ones, and what its header (brand marks, shown or not) and Cancel button read. */
export const PANEL_ATTRIBUTES = [...COMMON_ATTRIBUTES, 'card-brands', 'display-header', 'display-cancel-option'];

/** A code screen's: a panel's, and `type` ("overlay" adds the header's close button). */
export const CODE_SCREEN_ATTRIBUTES = [...PANEL_ATTRIBUTES, 'type'];

// `HTMLElement` does not exist in Node; the kit is only defined in a browser (or jsdom).
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

export abstract class SrcElement extends Base {
  protected readonly root: ShadowRoot;

  constructor(options: Partial<ShadowRootInit> = {}) {
    super();
    this.root = this.attachShadow({ mode: 'open', ...options });
  }

  /** True once connected: attribute changes before that (parsing, upgrade) do not render. */
  protected ready = false;

  connectedCallback(): void {
    this.ready = true;
    this.render();
  }

  attributeChangedCallback(_name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue !== newValue && this.ready) this.render();
  }

  /** The locale in use: `en_US`, `fr_FR` or `ar_EG`, from the `locale` attribute. */
  get locale(): Locale {
    return resolveLocale(this.getAttribute('locale'));
  }
  set locale(value: string) {
    this.setAttribute('locale', value);
  }

  /** Dark theme: the `dark` attribute (present and not "false") or `theme="dark"`. */
  get dark(): boolean {
    return this.flag('dark') || this.getAttribute('theme') === 'dark';
  }
  set dark(value: boolean) {
    this.toggleAttribute('dark', Boolean(value));
  }

  protected get t(): Strings {
    return CATALOGUES[this.locale];
  }

  /** Boolean attribute: absent gives `fallback`, "false" gives false, any other value true. */
  protected flag(name: string, fallback = false): boolean {
    const value = this.getAttribute(name);
    if (value === null) return fallback;
    return value.trim().toLowerCase() !== 'false';
  }

  /** The Click to Pay mark and the marks of `card-brands`, as every header shows them. */
  protected headerMarks(): string {
    const brands = parseBrands(this.getAttribute('card-brands')).map(brandSvg).join('');
    return `<span class="header-marks" dir="ltr" aria-hidden="true">${clickToPaySvg(true)}${brands}</span>`;
  }

  /** A code screen's header (unless `display-header="false"`): the marks, and a close button in an overlay. */
  protected closableHeader(): string {
    if (!this.flag('display-header', true)) return '';
    const close =
      this.getAttribute('type') === 'overlay'
        ? `<button type="button" class="icon-btn" data-action="close" aria-label="${esc(this.t.close)}">×</button>`
        : '';
    return `<div class="header">${this.headerMarks()}${close}</div>`;
  }

  protected setFlag(name: string, value: boolean): void {
    if (value) this.setAttribute(name, '');
    else this.setAttribute(name, 'false');
  }

  /** Sends a CustomEvent that bubbles out of the shadow root. */
  protected emit<T>(name: string, detail?: T): boolean {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: false }));
  }

  /** A property set on the element before it was upgraded shadows the class accessor; replay it. */
  protected upgradeProperty(name: string): void {
    if (Object.prototype.hasOwnProperty.call(this, name)) {
      const record = this as unknown as Record<string, unknown>;
      const value = record[name];
      delete record[name];
      record[name] = value;
    }
  }

  /** Writes the shadow root: shared and element styles, then `body` in a themed, localised root. */
  protected paint(css: string, body: string, extraClasses: string[] = []): void {
    const classes = ['root', this.dark ? 'dark' : 'light', ...extraClasses].join(' ');
    const locale = this.locale;
    this.root.innerHTML =
      `<style>${BASE_CSS}${css}</style>` +
      `<div class="${classes}" part="root" lang="${localeTag(locale)}" dir="${localeDirection(locale)}">${body}</div>`;
  }

  protected $<T extends Element = HTMLElement>(selector: string): T | null {
    return this.root.querySelector<T>(selector);
  }

  protected $$<T extends Element = HTMLElement>(selector: string): T[] {
    return Array.from(this.root.querySelectorAll<T>(selector));
  }

  protected abstract render(): void;
}
