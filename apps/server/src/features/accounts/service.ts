import type { Address } from '@c2p/domain';
import type { UserPreferences } from '../../db/schema.ts';
import type { AddressRow, UserRow } from './repository.ts';

/** A shopper as the API answers it (`data.userData` of login and register, `data` of session/user). */
export interface ShopUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The national number, without the country code. */
  phoneNumber: string;
  /** E.g. `+1`. */
  phoneCountryCode: string;
}

export type SavedAddress = Address & { id: string };

export const ADDRESS_LIMIT = 10;

export function toShopUser(row: UserRow): ShopUser {
  return {
    id: row.id,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    email: row.email,
    phoneNumber: row.phoneNumber ?? '',
    phoneCountryCode: row.phoneCountryCode ?? '',
  };
}

export function toPreferences(row: UserRow): UserPreferences {
  const { emailOffers, smsOffers, orderUpdates } = row.preferences;
  return { emailOffers: emailOffers === true, smsOffers: smsOffers === true, orderUpdates: orderUpdates === true };
}

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    streetAddress1: row.streetAddress1,
    streetAddress2: row.streetAddress2,
    city: row.city,
    state: row.state,
    country: row.country,
    zipCode: row.zipCode,
  };
}

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
