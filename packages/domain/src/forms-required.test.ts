import { describe, expect, it } from 'vitest';
import { addressSchema, contactSchema, fieldError, registerSchema, signInSchema } from './forms.ts';

const EMPTY = ['', '   '];

describe('item 9: an empty required field says it is required', () => {
  it.each([
    [registerSchema.shape.firstName, 'VALIDATION.FIRST_NAME_REQUIRED'],
    [registerSchema.shape.lastName, 'VALIDATION.LAST_NAME_REQUIRED'],
    [registerSchema.shape.phoneNumber, 'VALIDATION.PHONE_NUMBER_REQUIRED'],
    [registerSchema.shape.email, 'VALIDATION.EMAIL_REQUIRED'],
    [signInSchema.shape.email, 'VALIDATION.EMAIL_REQUIRED'],
    [addressSchema.shape.firstName, 'VALIDATION.FIRST_NAME_REQUIRED'],
    [addressSchema.shape.streetAddress1, 'VALIDATION.STREET_ADDRESS'],
    [addressSchema.shape.city, 'VALIDATION.CITY'],
    [addressSchema.shape.zipCode, 'VALIDATION.ZIP_CODE'],
  ] as const)('item 9: field %# left empty gives its required message', (schema, key) => {
    for (const value of EMPTY) expect(fieldError(schema, value)).toBe(key);
  });

  it('item 9: an empty password is required, a short one keeps the spec message', () => {
    expect(fieldError(signInSchema.shape.password, '')).toBe('VALIDATION.PASSWORD_REQUIRED');
    expect(fieldError(signInSchema.shape.password, 'abc')).toBe('REGISTER_FORM.ERROR_MESSAGES.PASSWORD');
  });

  it('item 9: the empty contact email or phone is required', () => {
    const errors = (value: unknown) => [contactSchema.safeParse(value).error?.issues[0]?.message];
    expect(errors({ type: 'email', email: '' })).toEqual(['VALIDATION.EMAIL_REQUIRED']);
    expect(errors({ type: 'phone', phoneCountryCode: '+1', phoneNumber: ' ' })).toEqual([
      'VALIDATION.PHONE_NUMBER_REQUIRED',
    ]);
  });

  it("item 9: wrong values keep the spec's messages", () => {
    expect(fieldError(registerSchema.shape.firstName, 'A')).toBe('REGISTER_FORM.ERROR_MESSAGES.FIRST_NAME');
    expect(fieldError(registerSchema.shape.email, 'not-an-email')).toBe('REGISTER_FORM.ERROR_MESSAGES.EMAIL');
    expect(fieldError(registerSchema.shape.phoneNumber, '12')).toBe('REGISTER_FORM.ERROR_MESSAGES.PHONE_NUMBER');
    expect(fieldError(addressSchema.shape.zipCode, '!')).toBe('VALIDATION.ZIP_CODE_INVALID');
    expect(
      contactSchema.safeParse({ type: 'email', email: 'nope' }).error?.issues.map((issue) => issue.message),
    ).toEqual(['VALIDATION.EMAIL_ID']);
  });
});
