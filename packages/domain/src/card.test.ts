import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsCardNumber,
  SUPPORTED_CARD_BRANDS,
  cardNumberError,
  detectCardBrand,
  expiryError,
  formatCardNumber,
  isLuhnValid,
  lastFour,
  securityCodeError,
} from './card.ts';

describe('card brand detection', () => {
  it.each([
    ['34', 'amex'],
    ['37', 'amex'],
    ['4', 'visa'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['2200', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2799', 'mastercard'],
    ['67', 'mastercard'],
    ['6011', 'discover'],
    ['60', 'discover'],
    ['6220', 'discover'],
    ['6240', 'discover'],
    ['6250', 'discover'],
    ['6260', 'discover'],
    ['6280', 'discover'],
    ['6400', 'discover'],
    ['6500', 'discover'],
  ])('reads %s as %s', (prefix, brand) => {
    expect(detectCardBrand(`${prefix}0000`)).toBe(brand);
  });

  it.each([
    '33',
    '35',
    '36',
    '38',
    '50',
    '56',
    '2100',
    '2199',
    '2800',
    '3',
    '5',
    '6',
    '61',
    '6210',
    '6230',
    '6270',
    '6290',
    '63',
    '66',
    '68',
    '1',
    '9',
    '',
  ])('does not know %j', (prefix) => {
    expect(detectCardBrand(`${prefix}999999999999`)).toBe('unknown');
  });

  it('ignores spaces and hyphens', () => {
    expect(detectCardBrand('3782 822463 10005')).toBe('amex');
    expect(detectCardBrand(' 5186-0017-0000-9726 ')).toBe('mastercard');
  });

  it('recognises only the enabled brands', () => {
    expect(detectCardBrand('4111111111111111', ['mastercard'])).toBe('unknown');
    expect(detectCardBrand('5186001700009726', ['mastercard'])).toBe('mastercard');
    expect(detectCardBrand('6011111111111117', ['visa', 'amex'])).toBe('unknown');
    expect(detectCardBrand('378282246310005', [])).toBe('unknown');
    expect(SUPPORTED_CARD_BRANDS).toEqual(['amex', 'visa', 'mastercard', 'discover']);
  });
});

const SANDBOX_CARDS = [
  '5186001700009726',
  '5186001700008785',
  '5120350100064537',
  '2223001850114872',
  '4111111111111111',
  '378282246310005',
  '6011111111111117',
];

describe('Luhn check', () => {
  it.each(SANDBOX_CARDS)('accepts %s', (number) => {
    expect(isLuhnValid(number)).toBe(true);
  });

  it.each(SANDBOX_CARDS)('refuses %s with one digit changed', (number) => {
    for (let i = 0; i < number.length; i++) {
      const changed = `${number.slice(0, i)}${(Number(number[i]) + 1) % 10}${number.slice(i + 1)}`;
      expect(isLuhnValid(changed), changed).toBe(false);
    }
  });

  it('refuses what is not only digits', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('41111111111111x1')).toBe(false);
  });
});

describe('card number errors', () => {
  it.each(SANDBOX_CARDS)('accepts %s', (number) => {
    expect(cardNumberError(number)).toBeUndefined();
  });

  it('accepts a number typed in groups', () => {
    expect(cardNumberError('5186 0017 0000 9726')).toBeUndefined();
    expect(cardNumberError('3782-822463-10005')).toBeUndefined();
  });

  it.each(['', '   '])('asks for the number when it is %j', (value) => {
    expect(cardNumberError(value)).toBe('VALIDATION.CARD_NUMBER_REQUIRED');
  });

  it.each([
    ['letters', '4111a11111111111'],
    ['a Luhn failure', '4111111111111112'],
    ['a visa of 15 digits', '411111111111116'],
    ['a mastercard of 17 digits', '51860017000097260'],
    ['an amex of 16 digits', '3782822463100005'],
    ['an unknown card of 11 digits', '90000000003'],
    ['an unknown card of 20 digits', '90000000000000000008'],
  ])('calls %s invalid', (_, value) => {
    expect(cardNumberError(value)).toBe('VALIDATION.CARD_NUMBER_INVALID');
  });

  it('calls a well-formed card of an unknown or disabled brand unsupported', () => {
    // 9000000000000001 passes Luhn but matches no brand prefix.
    expect(cardNumberError('9000000000000001')).toBe('VALIDATION.CARD_UNSUPPORTED');
    expect(cardNumberError('900000000001')).toBe('VALIDATION.CARD_UNSUPPORTED');
    expect(cardNumberError('9000000000000000001')).toBe('VALIDATION.CARD_UNSUPPORTED');
    expect(cardNumberError('4111111111111111', ['mastercard'])).toBe('VALIDATION.CARD_UNSUPPORTED');
    expect(cardNumberError('5186001700009726', ['mastercard'])).toBeUndefined();
  });

  it("judges the length by the card's own network even when that network is disabled", () => {
    expect(cardNumberError('411111111111116', ['mastercard'])).toBe('VALIDATION.CARD_NUMBER_INVALID');
  });
});

describe('expiry date errors', () => {
  const nov30 = new Date(2025, 10, 30, 23, 59, 59);
  const dec31 = new Date(2025, 11, 31, 23, 59, 59);
  const jan1 = new Date(2026, 0, 1, 0, 0, 0);

  it.each(['', '  '])('asks for the date when it is %j', (value) => {
    expect(expiryError(value, nov30)).toBe('VALIDATION.EXPIRY_REQUIRED');
  });

  it('keeps a card valid through the last day of its expiry month', () => {
    expect(expiryError('11/25', nov30)).toBeUndefined();
    expect(expiryError('12/25', dec31)).toBeUndefined();
  });

  it('refuses a card from the month after its expiry on', () => {
    expect(expiryError('11/25', new Date(2025, 11, 1))).toBe('VALIDATION.EXPIRY_INVALID');
    expect(expiryError('12/25', jan1)).toBe('VALIDATION.EXPIRY_INVALID');
    expect(expiryError('01/26', jan1)).toBeUndefined();
  });

  it('takes dates up to 20 years ahead and no further', () => {
    expect(expiryError('11/45', nov30)).toBeUndefined();
    expect(expiryError('12/45', nov30)).toBe('VALIDATION.EXPIRY_INVALID');
  });

  it('reads the year across a century turn', () => {
    expect(expiryError('03/05', new Date(2099, 5, 1))).toBeUndefined();
    expect(expiryError('05/99', new Date(2099, 5, 1))).toBe('VALIDATION.EXPIRY_INVALID');
  });

  it.each(['00/27', '13/27', '1/27', '01/2027', '0127', 'ab/cd', '01-27'])('calls %j invalid', (value) => {
    expect(expiryError(value, nov30)).toBe('VALIDATION.EXPIRY_INVALID');
  });

  it('allows spaces around the slash', () => {
    expect(expiryError('01 / 27', nov30)).toBeUndefined();
  });
});

describe('security code errors', () => {
  it('asks for the code when it is empty', () => {
    expect(securityCodeError('', 'visa')).toBe('VALIDATION.SECURITY_CODE_REQUIRED');
    expect(securityCodeError(' ', 'amex')).toBe('VALIDATION.SECURITY_CODE_REQUIRED');
  });

  it('wants 3 digits, or 4 for amex', () => {
    expect(securityCodeError('123', 'mastercard')).toBeUndefined();
    expect(securityCodeError('123', 'unknown')).toBeUndefined();
    expect(securityCodeError('1234', 'amex')).toBeUndefined();
    expect(securityCodeError('1234', 'visa')).toBe('VALIDATION.SECURITY_CODE_INVALID');
    expect(securityCodeError('123', 'amex')).toBe('VALIDATION.SECURITY_CODE_INVALID');
    expect(securityCodeError('12a', 'discover')).toBe('VALIDATION.SECURITY_CODE_INVALID');
  });
});

describe('card number display', () => {
  // Grouped by four, amex 4-6-5; what was typed with other separators is regrouped.
  it.each([
    ['5186001700009726', '5186 0017 0000 9726'],
    ['378282246310005', '3782 822463 10005'],
    ['37828', '3782 8'],
    ['51860', '5186 0'],
    ['', ''],
    ['5186-0017 000', '5186 0017 000'],
  ])('shows %j as %j', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));

  it.each([
    ['5186 0017 0000 9726', '9726'],
    ['12', '12'],
  ])('shows the last four digits of %j: %j', (number, four) => expect(lastFour(number)).toBe(four));

  it('never changes the digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d -]{0,25}$/)), (value) => {
        const digits = value.replace(/\D/g, '');
        expect(formatCardNumber(value).replace(/ /g, '')).toBe(digits);
        expect(formatCardNumber(value)).toMatch(/^(\d+( \d+)*)?$/);
      }),
    );
  });
});

describe('item 15: containsCardNumber finds a card number in free text', () => {
  it('finds Luhn-valid runs of 12 to 19 digits, together or grouped by spaces or hyphens', () => {
    for (const text of [
      '4111111111111111',
      'Apt 4111 1111 1111 1111',
      'flat 5186-0017-0000-8785, back door',
      '3782 822463 10005',
      'code 4111 1111 1111 1111 12',
    ]) {
      expect(containsCardNumber(text), text).toBe(true);
    }
  });

  it('leaves other numbers alone: not Luhn-valid, too short, or one run of more than 19 digits', () => {
    for (const text of ['4111 1111 1111 1112', 'PO Box 123456789012', '12 Analytical Row', '1'.repeat(20), '']) {
      expect(containsCardNumber(text), text).toBe(false);
    }
  });

  it('reads 64 KB strings of digit groups to the end (each window stops at 19 digits, so the scan is linear)', () => {
    expect(containsCardNumber('1 '.repeat(32_000))).toBe(false);
    expect(containsCardNumber('12-'.repeat(21_000))).toBe(false);
    expect(containsCardNumber(`${'12-'.repeat(21_000)} 5186 0017 0000 8785`)).toBe(true);
  });
});
