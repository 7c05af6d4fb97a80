import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountRange,
  checkAllowedParty,
  checkAmountRange,
  checkConstraints,
  checkLineItems,
  lineItems,
} from '../src/index.ts';

const currency = fc.constantFrom('USD', 'EUR', 'GBP');
const amount = fc.integer({ min: 0, max: 1_000_000 });

describe('amount_range', () => {
  it('passes exactly the amounts in its currency between min and max, and names why it refuses the rest', () => {
    fc.assert(
      fc.property(currency, currency, amount, amount, amount, (limitCurrency, paidCurrency, a, b, paid) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const outcome = checkAmountRange(amountRange({ currency: limitCurrency, min, max }), {
          currency: paidCurrency,
          amount: paid,
        });
        const expected =
          paidCurrency !== limitCurrency
            ? 'CURRENCY_MISMATCH'
            : paid > max
              ? 'THRESHOLD_EXCEEDED'
              : paid < min
                ? 'AMOUNT_BELOW_MINIMUM'
                : undefined;
        expect(outcome.code).toBe(expected);
        expect(outcome.outcome).toBe(expected === undefined ? 'pass' : 'fail');
      }),
    );
  });

  it('refuses amounts that are not whole minor units', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.string()), (bad) => {
        const outcome = checkAmountRange(amountRange({ currency: 'USD', max: 1_000_000 }), {
          currency: 'USD',
          amount: bad,
        });
        expect(outcome.outcome).toBe('fail');
      }),
    );
  });
});

const party = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  name: fc.string({ minLength: 1, maxLength: 8 }),
  website: fc.webUrl(),
});

describe('allowed payees and merchants', () => {
  it('pass a party only when it is one of the disclosed allowed parties', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(party, { minLength: 1, maxLength: 5, selector: (p) => p.id }),
        party,
        (allowed, candidate) => {
          const outcome = checkAllowedParty({ type: 'mandate.payment.allowed_payees', allowed }, candidate, true);
          const listed = allowed.some((p) => p.id === candidate.id);
          expect(outcome.outcome).toBe(listed ? 'pass' : 'fail');
          if (!listed) expect(outcome.code).toBe('MERCHANT_NOT_ALLOWED');
        },
      ),
    );
  });

  it('never pass while every allowed party is still an undisclosed reference', () => {
    fc.assert(
      fc.property(
        fc.array(fc.base64String({ minLength: 4 }), { minLength: 1, maxLength: 4 }),
        party,
        fc.boolean(),
        (digests, candidate, required) => {
          const allowed = digests.map((digest) => ({ '...': digest }));
          const outcome = checkAllowedParty(
            { type: 'mandate.checkout.allowed_merchants', allowed },
            candidate,
            required,
          );
          expect(outcome.outcome).toBe(required ? 'fail' : 'skip');
        },
      ),
    );
  });
});

const productId: fc.Arbitrary<string> = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const requirement = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  acceptableItems: fc
    .uniqueArray(productId, { minLength: 1, maxLength: 3 })
    .map((ids) => ids.map((id) => ({ id, title: id }))),
  quantity: fc.integer({ min: 1, max: 4 }),
});
const purchases = fc.dictionary(productId, fc.integer({ min: 1, max: 6 }), { minKeys: 1 });
const asLines = (bought: Record<string, number>) => Object.entries(bought).map(([id, quantity]) => ({ id, quantity }));

describe('line_items', () => {
  it('refuses any product no requirement accepts', () => {
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 3 }), purchases, (requirements, bought) => {
        const accepted = new Set(requirements.flatMap((r) => r.acceptableItems.map((i) => i.id)));
        fc.pre(Object.keys(bought).some((id) => !accepted.has(id)));
        expect(checkLineItems(lineItems(requirements), asLines(bought)).code).toBe('ITEM_NOT_ALLOWED');
      }),
    );
  });

  it('refuses a total beyond the sum of the requirements’ quantities', () => {
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 3 }), purchases, (requirements, bought) => {
        const limit = requirements.reduce((sum, r) => sum + r.quantity, 0);
        fc.pre(Object.values(bought).reduce((sum, q) => sum + q, 0) > limit);
        expect(checkLineItems(lineItems(requirements), asLines(bought)).outcome).toBe('fail');
      }),
    );
  });

  it('accepts up to the quantity of the requirements accepting a product, one more is refused', () => {
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 3 }), productId, (requirements, id) => {
        const cap = requirements
          .filter((r) => r.acceptableItems.some((i) => i.id === id))
          .reduce((sum, r) => sum + r.quantity, 0);
        fc.pre(cap > 0);
        const constraint = lineItems(requirements);
        expect(checkLineItems(constraint, [{ id, quantity: cap }]).outcome).toBe('pass');
        expect(checkLineItems(constraint, [{ id, quantity: cap + 1 }]).code).toBe('ITEM_NOT_ALLOWED');
      }),
    );
  });

  it('keeps accepting a purchase as it shrinks', () => {
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 3 }), purchases, (requirements, bought) => {
        const constraint = lineItems(requirements);
        if (checkLineItems(constraint, asLines(bought)).outcome !== 'pass') return;
        for (const id of Object.keys(bought)) {
          const fewer = { ...bought, [id]: bought[id]! - 1 };
          if (Object.values(fewer).some((q) => q > 0)) {
            expect(checkLineItems(constraint, asLines(fewer)).outcome).toBe('pass');
          }
        }
      }),
    );
  });

  it('in exact mode, refuses a purchase that leaves a requirement unbought', () => {
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 2, maxLength: 3 }), (requirements) => {
        const first = requirements[0]!;
        const others = new Set(requirements.slice(1).flatMap((r) => r.acceptableItems.map((i) => i.id)));
        const only = first.acceptableItems.find((i) => !others.has(i.id));
        fc.pre(
          only !== undefined &&
            requirements
              .slice(1)
              .every((r) => r.acceptableItems.every((i) => !first.acceptableItems.some((f) => f.id === i.id))),
        );
        const outcome = checkLineItems(lineItems(requirements, 'exact'), [{ id: only!.id, quantity: 1 }]);
        expect(outcome).toMatchObject({ outcome: 'fail', code: 'ITEM_NOT_ALLOWED' });
      }),
    );
  });
});

describe('constraint lists', () => {
  it('fail closed on a type nobody here enforces in an open mandate, and skip it otherwise', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), amount, fc.boolean(), (suffix, paid, open) => {
        const unknown = { type: `mandate.custom.${suffix}` };
        const known = amountRange({ currency: 'USD', max: 1_000_000 });
        const outcomes = checkConstraints(
          [known, unknown],
          { paymentAmount: { currency: 'USD', amount: paid } },
          { open },
        );
        expect(outcomes.map((o) => o.outcome)).toEqual(['pass', open ? 'fail' : 'skip']);
      }),
    );
  });
});
