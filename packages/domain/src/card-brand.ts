/**
 * The brand of a card number, read from its first digits: the one rule the shop's card form, the
 * server's payload summary and the network sandbox (its server, its SDK lib.js and its UI kit, both
 * bundled for the browser) all use. Imports nothing, so it bundles anywhere.
 *
 * The table is the spec's (section 5: amex 34/37; visa 4; mastercard 51-55, 22-27, 67; discover 60,
 * 622/624/625/626/628, 64/65), which the shop shows; maestro, which only the network knows (SDK
 * reference 3.1: init's `cardBrands` may name it), takes the rest of Mastercard's 5 and 6 ranges. Where the
 * copies disagreed, 644-649 and 65 are discover: Discover owns them in the networks' own IIN tables
 * and the spec says so too; 6011 is discover for the same reasons.
 */
export const NETWORK_CARD_BRANDS = ['mastercard', 'maestro', 'visa', 'amex', 'discover'] as const;
export type NetworkCardBrand = (typeof NETWORK_CARD_BRANDS)[number];

/** First match wins, so maestro's catch-all 6 comes after discover's 6 ranges. */
const BRAND_PREFIXES: readonly (readonly [NetworkCardBrand, RegExp])[] = [
  ['amex', /^3[47]/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2[2-7]|67)/],
  ['discover', /^(60|62[24568]|6[45])/],
  ['maestro', /^(50|5[6-9]|6)/],
];

/** The brand of a card number (spaces and hyphens between groups ignored), or 'unknown'. */
export function cardBrandOf(number: string): NetworkCardBrand | 'unknown' {
  const digits = number.replace(/[\s-]/g, '');
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? 'unknown';
}
