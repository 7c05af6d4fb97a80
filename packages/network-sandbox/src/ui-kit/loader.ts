/// <reference lib="dom" />
import { SrcElement, COMMON_ATTRIBUTES, esc } from './base.ts';

const SIZES: Record<string, number> = { small: 20, medium: 32, large: 48 };

/** `size`: `small` (20 px), `medium` (32 px, default), `large` (48 px) or a number of pixels. */
export function loaderSize(value: string | null): number {
  const key = (value ?? '').trim().toLowerCase();
  if (key in SIZES) return SIZES[key] ?? 32;
  const n = Number.parseFloat(key);
  return Number.isFinite(n) && n > 0 ? n : 32;
}

const CSS = `
:host { display: inline-block; }
.root { background: transparent; display: inline-grid; place-items: center; }
`;

/**
 * `<src-loader>`: a spinner announced as "Loading" (role=status).
 * Attributes: `size`, `dark`, `locale`.
 */
export class SrcLoader extends SrcElement {
  static observedAttributes = [...COMMON_ATTRIBUTES, 'size'];

  protected render(): void {
    const size = loaderSize(this.getAttribute('size'));
    this.paint(
      CSS,
      `<span class="loader" role="status" aria-live="polite">` +
        `<span class="spinner" style="--_size:${size}px" aria-hidden="true"></span>` +
        `<span class="sr-only">${esc(this.t.loading)}</span></span>`,
    );
  }
}
