import { z } from 'zod';
import { addressSchema, passwordSchema, registerSchema, signInSchema } from '../forms.ts';
import { dataOf, errors } from './contract.ts';
import { areaRoutes, SHOPPER_ONLY } from './merchant-routes.ts';

const route = areaRoutes('Shopper accounts');

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

/**
 * A record of the signed-in shopper at one URL: GET answers it; `method` changes it with `body` and
 * answers it as saved.
 */
function shopperRecord<const R extends z.ZodType, const B extends z.ZodType>(
  url: string,
  record: R,
  method: 'PUT' | 'PATCH',
  body: B,
) {
  return {
    read: (summary: string) => route.shopper('GET', url, { summary, response: { 200: dataOf(record) } }),
    change: (summary: string) =>
      route.shopper(method, url, { summary, body, response: { 200: dataOf(record), ...errors(422) } }),
  };
}

const user = shopperRecord('/api/session/user', shopUserSchema, 'PATCH', profileBodySchema);
const preferences = shopperRecord('/api/session/preferences', preferencesSchema, 'PUT', preferencesSchema);

export const accountsApi = {
  login: route.anyone('POST', '/api/auth/user/login', {
    summary: 'Sign a shopper in',
    body: signInSchema,
    response: { 200: authAnswerSchema, ...errors(422, 429) },
  }),
  register: route.anyone('POST', '/api/auth/register', {
    summary: 'Register a shopper (and sign in)',
    body: registerBodySchema,
    response: { 201: authAnswerSchema, ...errors(422, 429) },
  }),
  currentUser: user.read('The signed-in shopper'),
  updateUser: user.change('Change the shopper’s name or phone'),
  // The token names the session to end; without one there is nothing to end, and no refusal.
  logout: route.anyone('POST', '/api/session/logout', {
    summary: 'End this session (always 200)',
    security: [{}, ...SHOPPER_ONLY],
    response: { 200: dataOf(z.null()) },
  }),
  password: route.shopper('POST', '/api/session/password', {
    summary: 'Change the password; every other session ends',
    body: passwordBodySchema,
    response: { 200: dataOf(z.object({ revokedSessions: z.number().int() })), ...errors(422, 429) },
  }),
  preferences: preferences.read('The shopper’s communication preferences'),
  savePreferences: preferences.change('Save the communication preferences'),
  addresses: route.shopper('GET', '/api/session/addresses', {
    summary: 'The shopper’s saved addresses',
    response: { 200: dataOf(z.array(savedAddressSchema)) },
  }),
  addAddress: route.shopper('POST', '/api/session/addresses', {
    summary: 'Save an address',
    body: addressSchema,
    response: { 201: dataOf(savedAddressSchema), ...errors(422) },
  }),
  deleteAddress: route.shopper('DELETE', '/api/session/addresses/:id', {
    summary: 'Delete a saved address',
    params: addressParamsSchema,
    response: { 200: dataOf(z.null()), ...errors(404, 422) },
  }),
};
