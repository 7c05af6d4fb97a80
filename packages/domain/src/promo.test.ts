import { describe, expect, it } from 'vitest';
import { formatMoney, toCents } from './money.ts';
import { DEMO_PROMO_CODE, promoDiscountCents } from './promo.ts';

describe('promo codes', () => {
  it('gives 10 % off with the demo code, whatever its case or spacing', () => {
    expect(promoDiscountCents(DEMO_PROMO_CODE, 12_999)).toBe(1_300);
    expect(promoDiscountCents(' clicktopay10 ', 10_000)).toBe(1_000);
  });

  it('refuses any other code', () => {
    expect(promoDiscountCents('FREE', 10_000)).toBeNull();
    expect(promoDiscountCents('', 10_000)).toBeNull();
  });
});

describe('money', () => {
  it('counts in cents without floating-point drift', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents(129.99)).toBe(12_999);
  });

  it('formats USD with two decimals in each locale', () => {
    expect(formatMoney(12_999, 'en-US')).toBe('$129.99');
    expect(formatMoney(100_000, 'fr-FR')).toMatch(/^1\s000,00\s\$US$/);
    expect(formatMoney(500, 'ar-EG')).toContain('US$');
  });
});
