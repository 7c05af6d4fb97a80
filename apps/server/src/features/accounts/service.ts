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
