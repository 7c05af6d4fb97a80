import { z } from 'zod';
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
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The "extra check" on names: letters of any script, spaces, apostrophes, hyphens and dots.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const PHONE_PATTERN = /^[0-9 ()-]+$/;
const COUNTRY_CODE_PATTERN = /^\+[0-9]{1,4}$/;

const text = (max = 100) => z.string({ error: M.tooLong }).max(max, M.tooLong);
const name = (short: string, chars: string) =>
  z.string({ error: short }).trim().min(NAME_MIN, short).max(50, M.tooLong).regex(NAME_PATTERN, chars);
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;
const phone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(PHONE_PATTERN, message)
    .refine((v) => phoneDigits(v) >= PHONE_MIN && phoneDigits(v) <= PHONE_MAX, message);

export const emailSchema = z.string({ error: M.email }).trim().max(254, M.email).regex(EMAIL_PATTERN, M.email);
export const passwordSchema = z
  .string({ error: M.password })
  .min(PASSWORD_MIN, M.password)
  .max(PASSWORD_MAX, M.passwordLong);

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

export const registerSchema = z.object({
  firstName: name(M.firstName, M.firstNameChars),
  lastName: name(M.lastName, M.lastNameChars),
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
  firstName: name(M.firstName, M.firstNameChars),
  lastName: name(M.lastName, M.lastNameChars),
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
    email: z.string({ error: M.contactEmail }).trim().regex(EMAIL_PATTERN, M.contactEmail),
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
