import { z } from 'zod';
import { containsCardNumber } from './card.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

// In the browser, Zod's probe for compiling parsers (new Function) breaks the page's CSP
// (script-src without 'unsafe-eval') and is reported as a violation; parse without it there.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * The form schemas of spec section 5, used by the web forms and by the server alike. Each message
 * is a translation key (validation.json / REGISTER_FORM); the web shows it by the field and the
 * server answers it in the visitor's language.
 */
export const NAME_MIN = 2;
export const PHONE_MIN = 9;
export const PHONE_MAX = 20;

const M = {
  firstName: 'REGISTER_FORM.ERROR_MESSAGES.FIRST_NAME',
  firstNameChars: 'VALIDATION.FIRST_NAME_CHARACTERS',
  lastName: 'REGISTER_FORM.ERROR_MESSAGES.LAST_NAME',
  lastNameChars: 'VALIDATION.LAST_NAME_CHARACTERS',
  phone: 'REGISTER_FORM.ERROR_MESSAGES.PHONE_NUMBER',
  email: 'REGISTER_FORM.ERROR_MESSAGES.EMAIL',
  password: 'REGISTER_FORM.ERROR_MESSAGES.PASSWORD',
  passwordLong: 'REGISTER_FORM.ERROR_MESSAGES.PASSWORD_TOO_LONG',
  countryCode: 'VALIDATION.COUNTRY_CODE',
  street: 'VALIDATION.STREET_ADDRESS',
  city: 'VALIDATION.CITY',
  state: 'VALIDATION.STATE',
  country: 'VALIDATION.COUNTRY',
  zip: 'VALIDATION.ZIP_CODE',
  zipInvalid: 'VALIDATION.ZIP_CODE_INVALID',
  contactEmail: 'VALIDATION.EMAIL_ID',
  contactPhone: 'VALIDATION.PHONE',
  tooLong: 'VALIDATION.TOO_LONG',
  cardNumber: 'API.ORDER.CARD_NUMBER_FORBIDDEN',
  // An empty field says it is required; the messages above are for wrong values (issue 18, item 9).
  firstNameRequired: 'VALIDATION.FIRST_NAME_REQUIRED',
  lastNameRequired: 'VALIDATION.LAST_NAME_REQUIRED',
  phoneRequired: 'VALIDATION.PHONE_NUMBER_REQUIRED',
  emailRequired: 'VALIDATION.EMAIL_REQUIRED',
  passwordRequired: 'VALIDATION.PASSWORD_REQUIRED',
} as const;

/** The longest address SMTP carries (RFC 5321); longer input is refused before any other check. */
export const EMAIL_MAX = 254;

/**
 * Something, "@", and a domain with a dot inside it; no spaces and one "@". Written as a scan,
 * not as the pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/, which backtracks quadratically on a long
 * "a@....": a 30 KB sign-in body held the server for seconds (issue 10, item 10).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX || /\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  return value.slice(at + 2, -1).includes('.');
}
// The "extra check" on names: letters of any script, spaces, apostrophes, hyphens and dots.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const PHONE_PATTERN = /^[0-9 ()-]+$/;
const COUNTRY_CODE_PATTERN = /^\+[0-9]{1,4}$/;

/** Free text: capped first (abort), and never a card number (issue 10, item 15), refused as card fields are. */
const text = (max = 100) =>
  z
    .string({ error: M.tooLong })
    .max(max, { error: M.tooLong, abort: true })
    .refine((value) => !containsCardNumber(value), M.cardNumber);
const name = (required: string, short: string, chars: string) =>
  z.string({ error: short }).trim().min(1, required).min(NAME_MIN, short).max(50, M.tooLong).regex(NAME_PATTERN, chars);
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;
const phone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, M.phoneRequired)
    .regex(PHONE_PATTERN, message)
    .refine((v) => phoneDigits(v) >= PHONE_MIN && phoneDigits(v) <= PHONE_MAX, message);

/** An email field: over-long input stops at the length check (abort), so no other check sees it. */
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX, { error: message, abort: true })
    .refine(isEmailAddress, message);

export const emailSchema = email(M.email);
export const passwordSchema = z
  .string({ error: M.password })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN, M.password)
  .max(PASSWORD_MAX, M.passwordLong);

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

export const registerSchema = z.object({
  firstName: name(M.firstNameRequired, M.firstName, M.firstNameChars),
  lastName: name(M.lastNameRequired, M.lastName, M.lastNameChars),
  phoneCountryCode: z.string({ error: M.countryCode }).regex(COUNTRY_CODE_PATTERN, M.countryCode),
  phoneNumber: phone(M.phone),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration payload's phoneNumber is "country code, hyphen, number" (spec section 3). */
export function registrationPhone(countryCode: string, number: string): string {
  return `${countryCode}-${number.trim()}`;
}

export const addressSchema = z.object({
  firstName: name(M.firstNameRequired, M.firstName, M.firstNameChars),
  lastName: name(M.lastNameRequired, M.lastName, M.lastNameChars),
  streetAddress1: text().trim().min(1, M.street),
  streetAddress2: text().trim().optional().default(''),
  city: text().trim().min(1, M.city),
  state: text().trim().min(1, M.state),
  country: z.string({ error: M.country }).regex(/^[A-Z]{2}$/, M.country),
  zipCode: z
    .string({ error: M.zip })
    .trim()
    .min(1, M.zip)
    .regex(/^[A-Za-z0-9 -]{3,10}$/, M.zipInvalid),
});
export type Address = z.infer<typeof addressSchema>;

/** The shopper is reached by email or by mobile number: one of them, valid. */
export const contactSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('email'),
    email: email(M.contactEmail),
  }),
  z.object({
    type: z.literal('phone'),
    phoneCountryCode: z.string({ error: M.countryCode }).regex(COUNTRY_CODE_PATTERN, M.countryCode),
    phoneNumber: phone(M.contactPhone),
  }),
]);
export type Contact = z.infer<typeof contactSchema>;

export const shippingSchema = z.object({
  address: addressSchema,
  saveAsBillingAddress: z.boolean().default(true),
  contact: contactSchema,
});
export type Shipping = z.infer<typeof shippingSchema>;

export { fieldError } from './validation.ts';
