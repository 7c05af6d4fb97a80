import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, emailSchema, isEmailAddress } from './forms.ts';

/** The pattern the forms used before item 10: right answers, quadratic time on "a@....". */
const QUADRATIC_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('item 10: the email check is linear and accepts what the old pattern accepted', () => {
  it('agrees with the old pattern on every short string', () => {
    const pieces = fc.constantFrom('a', 'b', '.', '@', ' ', '-', '\t', 'é', '+');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const value = parts.join('');
        expect(isEmailAddress(value)).toBe(QUADRATIC_PATTERN.test(value));
      }),
      { numRuns: 2000 },
    );
    for (const value of ['a@b.co', 'a.b@c.d.e', 'a@b.c.', 'a@.b', 'a@b.', '@b.co', 'a@@b.co', 'a@b co']) {
      expect(isEmailAddress(value), value).toBe(QUADRATIC_PATTERN.test(value));
    }
  });

  it('refuses an address longer than 254 characters, and the schema stops at the length', () => {
    const long = `${'a'.repeat(EMAIL_MAX - 6)}@b.com`;
    expect(isEmailAddress(long.slice(1))).toBe(true);
    expect(isEmailAddress(`a${long}`)).toBe(false);
    const result = emailSchema.safeParse(`a@${'.'.repeat(60_000)}@`);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
  });
});
