import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  centsToAmount,
  firstInstallmentDate,
  installmentDates,
  installmentPlans,
  installmentSchedule,
  installmentsEligible,
} from './installments.ts';

describe('issue 14: installment schedules, to the cent', () => {
  it('splits any total into whole cents that add up to it exactly, only the last one differing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), fc.integer({ min: 1, max: 60 }), (total, count) => {
        const { payments, regular, differs } = installmentSchedule(total, count);
        expect(payments).toHaveLength(count);
        expect(payments.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        expect(payments.reduce((sum, p) => sum + p, 0)).toBe(total);
        // No payment is more than one count's worth of cents away from an equal share.
        expect(Math.max(...payments) - Math.min(...payments)).toBeLessThan(count);
        payments.slice(0, -1).forEach((p) => expect(p).toBe(regular));
        if (differs === null) expect(payments.at(-1)).toBe(regular);
        else {
          expect(differs).toBe(count - 1);
          expect(payments[differs]).not.toBe(regular);
        }
      }),
    );
  });

  it('says which payment differs: 199.00 in three is 66.33, 66.33, 66.34', () => {
    expect(installmentSchedule(19_900, 3)).toEqual({ payments: [6_633, 6_633, 6_634], regular: 6_633, differs: 2 });
    expect(installmentSchedule(13_000, 3)).toEqual({ payments: [4_333, 4_333, 4_334], regular: 4_333, differs: 2 });
    expect(installmentSchedule(12_000, 3).differs).toBeNull();
  });

  it('writes and reads network amounts without losing a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_99 }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
    expect(centsToAmount(6_634)).toBe('66.34');
    expect(centsToAmount(5)).toBe('0.05');
    expect(amountToCents('66.3')).toBe(6_630);
    expect(amountToCents(129.99)).toBe(12_999);
    expect(amountToCents('1e3')).toBeNull();
    expect(amountToCents('-1.00')).toBeNull();
  });

  it('offers 3, 6 and 12 months whose payments add up to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5_000, max: 10_000_000 }), (total) => {
        for (const plan of installmentPlans(total, 'USD')) {
          const n = plan.numberOfInstallments;
          const regular = amountToCents(plan.installmentAmount)!;
          const last = plan.lastInstallmentAmount === undefined ? regular : amountToCents(plan.lastInstallmentAmount)!;
          expect(regular * (n - 1) + last).toBe(total);
          expect(amountToCents(plan.totalAmount)).toBe(total);
        }
      }),
    );
    expect(installmentPlans(13_000, 'USD').map((p) => p.planId)).toEqual(['PLAN-3M', 'PLAN-6M', 'PLAN-12M']);
  });

  it('is eligible from 50.00 unless the merchant category is CATT', () => {
    expect(installmentsEligible(5_000, '0008')).toBe(true);
    expect(installmentsEligible(4_999, '0008')).toBe(false);
    expect(installmentsEligible(100_000, 'catt')).toBe(false);
  });

  it('falls due monthly from a month after the purchase, on the last day of shorter months', () => {
    expect(firstInstallmentDate(new Date('2026-01-31T10:00:00Z')).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(installmentDates(new Date('2026-01-31T00:00:00Z'), 3).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });
});
