import { describe, expect, it } from 'vitest';
import { cardNumberError, detectCardBrand, expiryError, securityCodeError } from './card.ts';
import { contactSchema } from './forms.ts';
import { TEST_CARDS, TEST_CONTACT, TEST_SECURITY_CODE, testCardExpiry } from './test-data.ts';

describe('sandbox test data', () => {
  it('has the ten test cards, each a valid Mastercard', () => {
    expect(new Set(TEST_CARDS.map((card) => card.cardNumber)).size).toBe(10);
    for (const card of TEST_CARDS) {
      expect(cardNumberError(card.cardNumber), card.cardNumber).toBeUndefined();
      expect(detectCardBrand(card.cardNumber)).toBe(card.brand);
    }
  });

  it('fills in a security code the test cards take', () => {
    expect(securityCodeError(TEST_SECURITY_CODE, 'mastercard')).toBeUndefined();
  });

  it('fills in December three years on, which is always a valid expiry', () => {
    expect(testCardExpiry(new Date(2025, 10, 30))).toBe('12/28');
    expect(testCardExpiry(new Date(2097, 0, 1))).toBe('12/00');
    for (const now of [new Date(2025, 0, 1), new Date(2025, 11, 31, 23, 59), new Date(2097, 6, 1)]) {
      expect(expiryError(testCardExpiry(now), now)).toBeUndefined();
    }
    expect(expiryError(testCardExpiry())).toBeUndefined();
  });

  it('has a returning-user contact that passes the contact form', () => {
    const { email, phoneCountryCode, phoneNumber } = TEST_CONTACT;
    expect(contactSchema.safeParse({ type: 'email', email }).success).toBe(true);
    expect(contactSchema.safeParse({ type: 'phone', phoneCountryCode, phoneNumber }).success).toBe(true);
    expect(TEST_CONTACT.schemes).toEqual({ mastercard: true });
  });
});
