import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideSpend, spendRuleOf, amountRange, budget, type Spend, type SpendRule } from '../src/index.ts';

const rule: fc.Arbitrary<SpendRule> = fc
  .record({
    perPurchaseMin: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
    perPurchaseMax: fc.option(fc.integer({ min: 500, max: 20_000 }), { nil: undefined }),
    cumulativeMax: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
    maxPurchases: fc.integer({ min: 1, max: 5 }),
  })
  .map((r) => ({ currency: 'USD', ...r }));

const attempt: fc.Arbitrary<Spend> = fc.record({
  credentialId: fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6'),
  currency: fc.constantFrom('USD', 'USD', 'USD', 'EUR'),
  amount: fc.integer({ min: 0, max: 25_000 }),
});

/** Plays attempts in order, keeping what the rule accepts, as the network's spend records would. */
function play(r: SpendRule, attempts: readonly Spend[]): Spend[] {
  const kept: Spend[] = [];
  for (const a of attempts) if (decideSpend(r, kept, a).accepted) kept.push(a);
  return kept;
}

describe('the cumulative spend rule', () => {
  it('never lets accepted spends exceed the budget, the purchase count or each purchase’s limits', () => {
    fc.assert(
      fc.property(rule, fc.array(attempt, { maxLength: 12 }), (r, attempts) => {
        const kept = play(r, attempts);
        const total = kept.reduce((sum, s) => sum + s.amount, 0);
        if (r.cumulativeMax !== undefined) expect(total).toBeLessThanOrEqual(r.cumulativeMax);
        expect(kept.length).toBeLessThanOrEqual(r.maxPurchases);
        expect(new Set(kept.map((s) => s.credentialId)).size).toBe(kept.length);
        for (const s of kept) {
          expect(s.currency).toBe('USD');
          if (r.perPurchaseMax !== undefined) expect(s.amount).toBeLessThanOrEqual(r.perPurchaseMax);
          if (r.perPurchaseMin !== undefined) expect(s.amount).toBeGreaterThanOrEqual(r.perPurchaseMin);
        }
      }),
    );
  });

  it('accepts every new spend that fits, and reports the budget left', () => {
    fc.assert(
      fc.property(rule, fc.array(attempt, { maxLength: 6 }), attempt, (r, attempts, next) => {
        const kept = play(r, attempts);
        const spent = kept.reduce((sum, s) => sum + s.amount, 0);
        const fits =
          next.currency === 'USD' &&
          !kept.some((s) => s.credentialId === next.credentialId) &&
          kept.length < r.maxPurchases &&
          next.amount >= (r.perPurchaseMin ?? 0) &&
          next.amount <= (r.perPurchaseMax ?? Infinity) &&
          spent + next.amount <= (r.cumulativeMax ?? Infinity);
        const decision = decideSpend(r, kept, next);
        expect(decision.accepted).toBe(fits);
        if (decision.accepted) {
          expect(decision.spentAfter).toBe(spent + next.amount);
          expect(decision.remaining).toBe(
            r.cumulativeMax === undefined ? undefined : r.cumulativeMax - spent - next.amount,
          );
        }
      }),
    );
  });

  it('decides the same whatever order the past spends are listed in', () => {
    fc.assert(
      fc.property(rule, fc.array(attempt, { maxLength: 6 }), attempt, fc.integer(), (r, attempts, next, seed) => {
        const kept = play(r, attempts);
        const shuffled = [...kept].sort((a, b) => ((a.amount * 31 + seed) % 7) - ((b.amount * 31 + seed) % 7));
        expect(decideSpend(r, shuffled, next)).toEqual(decideSpend(r, kept, next));
      }),
    );
  });

  it('refuses what goes over the budget as THRESHOLD_EXCEEDED and a credential spent before as CREDENTIAL_REPLAYED', () => {
    const r = { currency: 'USD', cumulativeMax: 15_000, maxPurchases: 3 };
    const first = { credentialId: 'c1', currency: 'USD', amount: 10_000 };
    expect(decideSpend(r, [first], { ...first, credentialId: 'c2', amount: 5_001 })).toMatchObject({
      accepted: false,
      code: 'THRESHOLD_EXCEEDED',
      remaining: 5_000,
    });
    expect(decideSpend(r, [first], first)).toMatchObject({ accepted: false, code: 'CREDENTIAL_REPLAYED' });
  });
});

it('reads the spend rule off a payment mandate’s amount range and budget', () => {
  const constraints = [
    amountRange({ currency: 'EUR', min: 100, max: 9_000 }),
    budget({ currency: 'EUR', max: 20_000 }),
  ];
  expect(spendRuleOf(constraints)).toEqual({
    currency: 'EUR',
    maxPurchases: 1,
    perPurchaseMin: 100,
    perPurchaseMax: 9_000,
    cumulativeMax: 20_000,
  });
});
