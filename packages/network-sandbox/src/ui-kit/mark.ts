/// <reference lib="dom" />
import { SrcElement, COMMON_ATTRIBUTES, esc } from './base.ts';
import { brandSvg, clickToPaySvg, parseBrands } from './brands.ts';
import { format } from './i18n.ts';

/** Size attribute: a number of pixels ("32", "32px"); anything else gives the fallback. */
export function pixels(value: string | null, fallback: number): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * Height that makes a mark of `brandCount` brands fit `width` pixels: the Click to Pay mark is 4
 * heights wide, each brand 40/26 of a height, gaps a quarter (around the divider) or a sixth.
 */
export function heightForWidth(width: number, brandCount: number): number {
  const factor = 4 + 0.5 + brandCount * (40 / 26) + Math.max(0, brandCount - 1) / 6;
  return Math.floor((width / factor) * 10) / 10;
}

const CSS = `
:host { display: inline-block; }
.root { background: transparent; }
.mark { display: inline-flex; align-items: center; gap: calc(var(--_h) / 4); block-size: var(--_h); }
.mark svg { block-size: var(--_h); inline-size: auto; }
.divider { inline-size: 1px; align-self: stretch; background: var(--_border); }
.brands { display: inline-flex; gap: calc(var(--_h) / 6); align-items: center; }
`;

/**
 * `<src-mark>`: the Click to Pay mark followed by the accepted card brands.
 * Attributes: `card-brands`, `height` (px, default 26), `width` (px; the mark is scaled to fit),
 * `locale`, `dark`.
 */
export class SrcMark extends SrcElement {
  static observedAttributes = [...COMMON_ATTRIBUTES, 'card-brands', 'height', 'width'];

  protected render(): void {
    const t = this.t;
    const brands = parseBrands(this.getAttribute('card-brands'));
    const height = pixels(this.getAttribute('height'), 26);
    const width = pixels(this.getAttribute('width'), 0);
    const size = width > 0 ? Math.min(height, heightForWidth(width, brands.length)) : height;
    const label = format(t.markLabel, { brands: brands.map((b) => t.brands[b]).join(t.listSeparator) });
    const style = `--_h:${size}px`;
    this.paint(
      CSS,
      `<span class="mark" dir="ltr" role="img" aria-label="${esc(label)}" style="${style}">` +
        `${clickToPaySvg(true)}<span class="divider" aria-hidden="true"></span>` +
        `<span class="brands">${brands.map(brandSvg).join('')}</span></span>`,
    );
  }
}
