/// <reference lib="dom" />
// Card brand marks and the Click to Pay mark, drawn by hand as inline SVG (no external assets).
// Every mark is decorative (aria-hidden); the element around it carries the accessible name.

import { cardBrandOf } from '@c2p/domain/card-brand';
import type { BrandKey } from './i18n.ts';

/** Brands shown when `card-brands` is missing or empty. */
export const DEFAULT_BRANDS: readonly BrandKey[] = ['mastercard', 'visa', 'amex', 'discover'];

/**
 * Reads a brand name as the SDK writes it (`card-brands="mastercard,visa"`, or a card's
 * `paymentCardDescriptor`): case-insensitive, `american express` and `americanexpress` are `amex`.
 */
export function brandKey(value: string | null | undefined): BrandKey | undefined {
  const v = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (v === 'mastercard' || v === 'mc') return 'mastercard';
  if (v === 'maestro') return 'maestro';
  if (v === 'visa') return 'visa';
  if (v === 'amex' || v === 'americanexpress') return 'amex';
  if (v === 'discover' || v === 'discovercard') return 'discover';
  return undefined;
}

/** Parses `card-brands`; unknown names are skipped, duplicates removed; empty gives the default list. */
export function parseBrands(value: string | null | undefined): BrandKey[] {
  const out: BrandKey[] = [];
  for (const part of (value ?? '').split(',')) {
    const key = brandKey(part);
    if (key && !out.includes(key)) out.push(key);
  }
  return out.length > 0 ? out : [...DEFAULT_BRANDS];
}

/** Guesses the brand from the first digits of a card number (used when a card has no descriptor). */
export function brandFromBin(bin: string | null | undefined): BrandKey | undefined {
  const brand = cardBrandOf(bin ?? '');
  return brand === 'unknown' ? undefined : brand;
}

const TEXT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700"';

function frame(brand: string, fill: string, stroke: string, inner: string): string {
  return (
    `<svg class="brand-mark brand-${brand}" data-brand="${brand}" viewBox="0 0 40 26" width="40" height="26" ` +
    `aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">` +
    `<rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="${fill}" stroke="${stroke}"/>${inner}</svg>`
  );
}

// Two overlapping circles of radius 7, centres 10 apart: the lens between them spans x 18..22.
const LENS = 'M20 8.1A7 7 0 0 1 20 17.9A7 7 0 0 1 20 8.1Z';

const MARKS: Record<BrandKey, string> = {
  mastercard: frame(
    'mastercard',
    '#ffffff',
    '#d9d9d9',
    '<circle cx="15" cy="13" r="7" fill="#eb001b"/><circle cx="25" cy="13" r="7" fill="#f79e1b"/>' +
      `<path d="${LENS}" fill="#ff5f00"/>`,
  ),
  maestro: frame(
    'maestro',
    '#ffffff',
    '#d9d9d9',
    '<circle cx="15" cy="13" r="7" fill="#eb001b"/><circle cx="25" cy="13" r="7" fill="#00a2e5"/>' +
      `<path d="${LENS}" fill="#7375cf"/>`,
  ),
  visa: frame(
    'visa',
    '#1a1f71',
    '#1a1f71',
    `<text x="20" y="17.5" text-anchor="middle" font-size="12" font-style="italic" ${TEXT} fill="#ffffff" ` +
      'letter-spacing="0.3">VISA</text><path d="M9 20.5h22" stroke="#f7b600" stroke-width="1.6"/>',
  ),
  amex: frame(
    'amex',
    '#016fd0',
    '#016fd0',
    `<text x="20" y="12" text-anchor="middle" font-size="7.2" ${TEXT} fill="#ffffff" letter-spacing="0.4">AMERICAN</text>` +
      `<text x="20" y="20" text-anchor="middle" font-size="7.2" ${TEXT} fill="#ffffff" letter-spacing="0.4">EXPRESS</text>`,
  ),
  discover: frame(
    'discover',
    '#ffffff',
    '#d9d9d9',
    // textLength keeps the word inside the tile whatever bold font the system substitutes for Arial.
    `<text x="4" y="15.5" font-size="6.2" textLength="14" lengthAdjust="spacingAndGlyphs" ${TEXT} fill="#231f20">DISC</text>` +
      '<circle cx="21.2" cy="13.4" r="2.7" fill="#f48120"/>' +
      `<text x="24.4" y="15.5" font-size="6.2" textLength="11.4" lengthAdjust="spacingAndGlyphs" ${TEXT} fill="#231f20">VER</text>` +
      '<path d="M24 25.5 39.5 17v4.5a4 4 0 0 1-4 4Z" fill="#f48120"/>',
  ),
};

export function brandSvg(brand: BrandKey): string {
  return MARKS[brand];
}

/**
 * The Click to Pay mark: a rounded "play" tile with a pointer chevron, then the wordmark. The
 * wordmark uses `currentColor` so it follows the light or dark theme.
 */
export function clickToPaySvg(withWordmark = true): string {
  const icon =
    '<rect class="c2p-tile" x="1" y="1" width="24" height="24" rx="6" fill="#1a1f36"/>' +
    '<path class="c2p-chevron" d="M8 7.5 17.5 13 8 18.5" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linecap="round" ' +
    'stroke-linejoin="round"/><circle cx="19.5" cy="7" r="2.4" fill="#f79e1b"/>';
  if (!withWordmark) {
    return `<svg class="c2p-mark" viewBox="0 0 26 26" width="26" height="26" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">${icon}</svg>`;
  }
  return (
    '<svg class="c2p-mark" viewBox="0 0 104 26" width="104" height="26" aria-hidden="true" focusable="false" ' +
    `xmlns="http://www.w3.org/2000/svg">${icon}` +
    `<text x="31" y="18" font-size="12.5" ${TEXT} fill="currentColor">Click to Pay</text></svg>`
  );
}
