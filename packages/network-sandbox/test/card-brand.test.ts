import { detectCardBrand } from '@c2p/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandOf } from '../src/server/cards.ts';
import { brandFromBin } from '../src/ui-kit/brands.ts';

/** Prefixes where the brand tables have disagreed, and one or two of every brand's ranges. */
const PREFIXES = [
  '644',
  '649',
  '640',
  '65',
  '6011',
  '60',
  '622',
  '627',
  '67',
  '63',
  '50',
  '56',
  '51',
  '55',
  '22',
  '27',
];
const cardNumber = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...PREFIXES, '4', '34', '37', '3', '6', ''),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 3 }),
    ),
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 16 }),
  )
  .map(([prefix, rest]) => prefix + rest);

describe('issue 12: one card brand rule', () => {
  it('the sandbox server, its UI kit and the shop read every card number as the same brand', () => {
    fc.assert(
      fc.property(cardNumber, (number) => {
        const network = brandOf(number);
        expect(brandFromBin(number) ?? 'unknown').toBe(network);
        const shop = detectCardBrand(number);
        expect(shop === 'unknown' ? ['unknown', 'maestro'] : [shop]).toContain(network);
      }),
      { numRuns: 500 },
    );
  });

  it('a 644 to 649 or 65 number is discover everywhere', () => {
    for (const number of ['6445000000000000', '6490000000000000', '6500000000000000']) {
      expect([brandOf(number), brandFromBin(number), detectCardBrand(number)]).toEqual([
        'discover',
        'discover',
        'discover',
      ]);
    }
  });
});
