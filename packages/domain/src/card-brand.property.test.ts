import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectCardBrand, SUPPORTED_CARD_BRANDS } from './card.ts';
import { cardBrandOf, NETWORK_CARD_BRANDS } from './card-brand.ts';

const digits = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength });

/** Every brand's ranges as the decision in card-brand.ts states them, one prefix per range. */
const RANGES: readonly [string, string[]][] = [
  ['amex', ['34', '37']],
  ['visa', ['4']],
  ['mastercard', ['51', '52', '53', '54', '55', '22', '23', '24', '25', '26', '27', '67']],
  [
    'discover',
    ['6011', '60', '622', '624', '625', '626', '628', '644', '645', '646', '647', '648', '649', '640', '65'],
  ],
  ['maestro', ['50', '56', '57', '58', '59', '61', '620', '621', '623', '627', '629', '63', '66', '68', '69']],
];
const rangeNumber = fc
  .constantFrom(...RANGES.flatMap(([brand, prefixes]) => prefixes.map((prefix) => [brand, prefix] as const)))
  .chain(([brand, prefix]) => digits(16).map((rest) => ({ brand, number: prefix + rest })));

describe('issue 12: card brand by prefix, one rule', () => {
  it('reads every number in a range as its brand, whatever follows the prefix', () => {
    fc.assert(
      fc.property(rangeNumber, ({ brand, number }) => {
        expect(cardBrandOf(number)).toBe(brand);
      }),
    );
  });

  it('ignores the spaces and hyphens typed between groups', () => {
    const typed = fc
      .array(fc.tuple(fc.constantFrom(...'0123456789'), fc.constantFrom('', '', ' ', '-')), { maxLength: 19 })
      .map((pairs) => pairs.map(([digit, separator]) => digit + separator).join(''));
    fc.assert(
      fc.property(typed, (number) => {
        expect(cardBrandOf(number)).toBe(cardBrandOf(number.replace(/[\s-]/g, '')));
      }),
    );
  });

  it('knows only the network brands, and the shop takes exactly its own brands among them', () => {
    fc.assert(
      fc.property(digits(19), fc.subarray([...SUPPORTED_CARD_BRANDS]), (number, enabled) => {
        const brand = cardBrandOf(number);
        expect([...NETWORK_CARD_BRANDS, 'unknown']).toContain(brand);
        const shopTakes = enabled.find((supported) => supported === brand);
        expect(detectCardBrand(number, enabled)).toBe(shopTakes ?? 'unknown');
      }),
    );
  });
});
