import { z } from 'zod';
import { addressSchema, passwordSchema, registerSchema, signInSchema } from '../forms.ts';
import { dataOf, defineRoute, errors } from './contract.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PREFIXED_PHONE = /^\s*(\+[0-9]{1,4})-(.*)$/s;

/**
 * The web app sends `phoneNumber` as "country code, hyphen, number" (spec section 3), e.g.
 * `+1-2025550143`, next to `phoneCountryCode: '+1'`. The prefix is taken off before the domain's
 * phone rule checks the number, so both that form and the bare number are accepted. Without
 * `phoneCountryCode` the prefix becomes it; a prefix that disagrees with it is left on, and the
 * number then fails as invalid.
 */
export function withNationalPhoneNumber(body: unknown): unknown {
  if (!isRecord(body) || typeof body.phoneNumber !== 'string') return body;
  const match = PREFIXED_PHONE.exec(body.phoneNumber);
  if (!match) return body;
  const [, prefix, national] = match;
  if (body.phoneCountryCode === undefined) return { ...body, phoneCountryCode: prefix, phoneNumber: national };
  if (body.phoneCountryCode !== prefix) return body;
  return { ...body, phoneNumber: national };
}

// ---- requests: the translated form schemas (forms.ts), as the forms use them ----------------------

export const registerBodySchema = z.preprocess(withNationalPhoneNumber, registerSchema);
export const profileBodySchema = z.preprocess(
  withNationalPhoneNumber,
  registerSchema.pick({ firstName: true, lastName: true, phoneCountryCode: true, phoneNumber: true }).partial(),
);
export const passwordBodySchema = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });
export const preferencesSchema = z.object({
  emailOffers: z.boolean(),
  smsOffers: z.boolean(),
  orderUpdates: z.boolean(),
});
export const addressParamsSchema = z.object({ id: z.uuid('API.ACCOUNT.ADDRESS_ID') });

// ---- answers ------------------------------------------------------------------------------------

/** A shopper as the API answers it. */
export const shopUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().describe('The national number, without the country code'),
  phoneCountryCode: z.string().describe('E.g. +1'),
});
export type ShopUser = z.output<typeof shopUserSchema>;

/** An address as stored and answered (no checks: what was stored passed them). */
export const plainAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  streetAddress1: z.string(),
  streetAddress2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
});
export const savedAddressSchema = plainAddressSchema.extend({ id: z.string() });
export type SavedAddress = z.output<typeof savedAddressSchema>;
export type Preferences = z.output<typeof preferencesSchema>;

/** Sign-in and registration: the token travels afterwards as the whole Authorization value. */
export const authAnswerSchema = z.object({
  meta: z.object({ token: z.string() }),
  data: z.object({ userData: shopUserSchema }),
});

const shopper = [{ shopperToken: [] }];
const tags = ['Shopper accounts'];

export const accountsApi = {
  login: defineRoute('POST', '/api/auth/user/login', {
    summary: 'Sign a shopper in',
    tags,
    body: signInSchema,
    response: { 200: authAnswerSchema, ...errors(422, 429) },
  }),
  register: defineRoute('POST', '/api/auth/register', {
    summary: 'Register a shopper (and sign in)',
    tags,
    body: registerBodySchema,
    response: { 201: authAnswerSchema, ...errors(422, 429) },
  }),
  currentUser: defineRoute('GET', '/api/session/user', {
    summary: 'The signed-in shopper',
    tags,
    security: shopper,
    response: { 200: dataOf(shopUserSchema), ...errors(401) },
  }),
  updateUser: defineRoute('PATCH', '/api/session/user', {
    summary: 'Change the shopper’s name or phone',
    tags,
    security: shopper,
    body: profileBodySchema,
    response: { 200: dataOf(shopUserSchema), ...errors(401, 422) },
  }),
  logout: defineRoute('POST', '/api/session/logout', {
    summary: 'End this session (always 200)',
    tags,
    security: shopper,
    response: { 200: dataOf(z.null()) },
  }),
  password: defineRoute('POST', '/api/session/password', {
    summary: 'Change the password; every other session ends',
    tags,
    security: shopper,
    body: passwordBodySchema,
    response: { 200: dataOf(z.object({ revokedSessions: z.number().int() })), ...errors(401, 422, 429) },
  }),
  preferences: defineRoute('GET', '/api/session/preferences', {
    summary: 'The shopper’s communication preferences',
    tags,
    security: shopper,
    response: { 200: dataOf(preferencesSchema), ...errors(401) },
  }),
  savePreferences: defineRoute('PUT', '/api/session/preferences', {
    summary: 'Save the communication preferences',
    tags,
    security: shopper,
    body: preferencesSchema,
    response: { 200: dataOf(preferencesSchema), ...errors(401, 422) },
  }),
  addresses: defineRoute('GET', '/api/session/addresses', {
    summary: 'The shopper’s saved addresses',
    tags,
    security: shopper,
    response: { 200: dataOf(z.array(savedAddressSchema)), ...errors(401) },
  }),
  addAddress: defineRoute('POST', '/api/session/addresses', {
    summary: 'Save an address',
    tags,
    security: shopper,
    body: addressSchema,
    response: { 201: dataOf(savedAddressSchema), ...errors(401, 422) },
  }),
  deleteAddress: defineRoute('DELETE', '/api/session/addresses/:id', {
    summary: 'Delete a saved address',
    tags,
    security: shopper,
    params: addressParamsSchema,
    response: { 200: dataOf(z.null()), ...errors(401, 404, 422) },
  }),
};
