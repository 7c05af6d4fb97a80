import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals';
import { DEMO_PROMO_CODE } from './promo';

describe('orderTotals', () => {
  it('never discounts more than the subtotal and adds up', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.option(fc.constantFrom(DEMO_PROMO_CODE, ' clicktopay10 ', 'NOPE', '')),
        (subtotal, code) => {
          const totals = orderTotals(subtotal, code);
          expect(totals.discountCents).toBeGreaterThanOrEqual(0);
          expect(totals.discountCents).toBeLessThanOrEqual(subtotal);
          expect(totals.totalCents).toBe(subtotal - totals.discountCents + totals.shippingCents);
        },
      ),
    );
  });

  it('takes 10 % off with the demo code and refuses any other', () => {
    expect(orderTotals(12_345, DEMO_PROMO_CODE)).toMatchObject({
      discountCents: 1235,
      totalCents: 11_110,
      promoCodeValid: true,
    });
    expect(orderTotals(12_345, 'NOPE')).toMatchObject({ discountCents: 0, totalCents: 12_345, promoCodeValid: false });
    expect(orderTotals(12_345)).toMatchObject({ discountCents: 0, promoCodeValid: true });
  });
});
