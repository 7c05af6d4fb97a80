// Issue 29 item 2: every plan the product holds as data adds up to its total to the cent and comes
// from the one schedule (installmentSchedule): the mock SRC files the server ships (the tour's
// network), the plans a network answer names (what the tour shows), the network's own offer.
// The plans that exist only on screen (the lander, the tour, the shop's payment step, the order's
// schedule) are walked in the browser: e2e/tests/installments-add-up.spec.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  installmentPlans,
  installmentSchedule,
  offeredPlans,
  type InstallmentPlan,
} from './installments.ts';
import { BUILT_IN_MOCK_SRC_FILES } from './mock-src/index.ts';

/** The payments of a plan as it states them: every one regular, but the last when it says so. */
function statedPayments(plan: Partial<InstallmentPlan>): number[] {
  const count = Number(plan.numberOfInstallments);
  const regular = amountToCents(plan.installmentAmount);
  const last = plan.lastInstallmentAmount === undefined ? regular : amountToCents(plan.lastInstallmentAmount);
  expect(regular, `${plan.planId}: installmentAmount`).not.toBeNull();
  expect(last, `${plan.planId}: lastInstallmentAmount`).not.toBeNull();
  return Array.from({ length: count }, (_, index) => (index === count - 1 ? last! : regular!));
}

function expectAddsUp(plan: Partial<InstallmentPlan>, where: string) {
  const total = amountToCents(plan.totalAmount);
  expect(total, `${where}: totalAmount`).not.toBeNull();
  const payments = statedPayments(plan);
  expect(
    payments.reduce((sum, cents) => sum + cents, 0),
    `${where}: ${plan.planId} adds up`,
  ).toBe(total);
  expect(payments, `${where}: ${plan.planId} is the schedule's`).toEqual(
    installmentSchedule(total!, payments.length).payments,
  );
}

describe('issue 29 item 2: installment plans add up to the cent wherever they are data', () => {
  const shipped = Object.entries(BUILT_IN_MOCK_SRC_FILES).flatMap(([name, file]) => {
    const answer = (file as Record<string, unknown>).isInstallmentsEligible as { plans?: unknown } | undefined;
    return Array.isArray(answer?.plans) ? [{ name, plans: answer.plans as Partial<InstallmentPlan>[] }] : [];
  });

  it('the shipped mock SRC files offer plans (the installments tour has some)', () => {
    expect(shipped.map((file) => file.name)).toContain('installments.json');
  });

  it('every plan of a shipped mock SRC file states its payments, adds up to its total and is interest free', () => {
    for (const { name, plans } of shipped) {
      expect(plans.length, name).toBeGreaterThan(0);
      for (const plan of plans) {
        expectAddsUp(plan, name);
        expect(Number(plan.apr), `${name}: ${plan.planId} apr`).toBe(0);
      }
    }
  });

  it('the installments tour’s file is the schedule’s plans for its order of 100.00 USD, as the sandbox offers them', () => {
    const file = shipped.find((entry) => entry.name === 'installments.json')!;
    expect(file.plans).toEqual(installmentPlans(10_000, 'USD'));
  });

  it('the plans a network answer names get their payments from the schedule, whatever the answer says of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.array(
          fc.record({
            planId: fc.string({ maxLength: 12 }),
            numberOfInstallments: fc.integer({ min: 1, max: 60 }),
            installmentAmount: fc.constantFrom('33.34', '8.34', 'nonsense'),
            apr: fc.constantFrom(0, 9.99),
          }),
          { maxLength: 5 },
        ),
        (total, offered) => {
          const plans = offeredPlans(offered, total, 'USD');
          expect(plans.map((plan) => plan.numberOfInstallments)).toEqual(offered.map((o) => o.numberOfInstallments));
          for (const plan of plans) expectAddsUp(plan, 'offeredPlans');
        },
      ),
    );
  });

  it('the network’s own offer adds up for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), (total) => {
        for (const plan of installmentPlans(total, 'EUR')) expectAddsUp(plan, 'installmentPlans');
      }),
    );
  });
});
