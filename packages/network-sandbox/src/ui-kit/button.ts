/// <reference lib="dom" />
import { SrcElement, COMMON_ATTRIBUTES, esc } from './base.ts';
import { brandSvg, clickToPaySvg, parseBrands } from './brands.ts';
import { pixels } from './mark.ts';

const CSS = `
:host { display: inline-block; inline-size: var(--src-button-width, auto); }
.root { background: transparent; }
button {
  display: inline-flex; align-items: center; justify-content: center; gap: 10px;
  inline-size: 100%; min-inline-size: 200px; block-size: var(--_bh, 48px);
  padding-inline: 22px; border-radius: 999px; cursor: pointer;
  border: 1px solid var(--_border); background: var(--_bg); color: var(--_text);
}
.root.dark button { background: #000000; border-color: #000000; color: #ffffff; }
button:hover { filter: brightness(0.96); }
.brands { display: inline-flex; gap: 4px; align-items: center; }
.divider { inline-size: 1px; block-size: 60%; background: var(--_border); }
button svg { block-size: calc(var(--_bh, 48px) * 0.5); inline-size: auto; }
`;

/**
 * `<src-button>`: the branded pill button. It has no text label (its accessible name is localised),
 * no disabled state and no custom event: the native `click` bubbles out of the shadow root.
 * Attributes and properties: `card-brands` (`cardBrands`), `locale`, `dark`, `theme` ("dark" or
 * "light"), `width`, `height` (pixels; `--src-button-width` sets the width from CSS).
 */
export class SrcButton extends SrcElement {
  static observedAttributes = [...COMMON_ATTRIBUTES, 'card-brands', 'width', 'height'];

  #appliedWidth = false;

  constructor() {
    super({ delegatesFocus: true });
  }

  override connectedCallback(): void {
    for (const name of ['cardBrands', 'theme', 'width', 'height', 'locale', 'dark']) this.upgradeProperty(name);
    super.connectedCallback();
  }

  get cardBrands(): string {
    return this.getAttribute('card-brands') ?? '';
  }
  set cardBrands(value: string | string[]) {
    this.setAttribute('card-brands', Array.isArray(value) ? value.join(',') : value);
  }

  get theme(): string {
    return this.dark ? 'dark' : 'light';
  }
  set theme(value: string) {
    this.setAttribute('theme', value);
  }

  get width(): number | undefined {
    return this.#size('width');
  }
  set width(value: number | string | undefined) {
    this.#setSize('width', value);
  }

  get height(): number | undefined {
    return this.#size('height');
  }
  set height(value: number | string | undefined) {
    this.#setSize('height', value);
  }

  /** A size attribute in pixels; absent, zero or not a size gives undefined. */
  #size(name: 'width' | 'height'): number | undefined {
    const n = pixels(this.getAttribute(name), 0);
    return n > 0 ? n : undefined;
  }

  #setSize(name: 'width' | 'height', value: number | string | undefined): void {
    if (value === undefined || value === null || value === '') this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  protected render(): void {
    const brands = parseBrands(this.getAttribute('card-brands'));
    const width = this.width;
    const height = this.height ?? 48;
    // Only undo a width this element set itself (never the page's own inline style).
    if (width) this.style.setProperty('inline-size', `${width}px`);
    else if (this.#appliedWidth) this.style.removeProperty('inline-size');
    this.#appliedWidth = Boolean(width);
    this.paint(
      CSS,
      `<button type="button" part="button" aria-label="${esc(this.t.buttonLabel)}" style="--_bh:${height}px">` +
        `${clickToPaySvg(false)}<span class="divider" aria-hidden="true"></span>` +
        `<span class="brands" dir="ltr">${brands.map(brandSvg).join('')}</span></button>`,
    );
  }
}
