import { DEFAULT_PHONE_COUNTRY_CODE } from '@c2p/domain';
import { COUNTRIES, dialCodes } from '@c2p/domain/countries';

/**
 * Phone country codes and countries for the pickers. The country data is large: only lazily
 * loaded chunks (checkout, the account panels) import this module, never the first page.
 */
export const DIAL_CODES: readonly string[] = dialCodes();
export const DEFAULT_DIAL_CODE = DEFAULT_PHONE_COUNTRY_CODE;

export { statesOf } from '@c2p/domain/countries';

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return COUNTRIES.find((country) => country.code === code)?.name ?? code;
  }
}

/** The countries of the address picker, named and sorted in the visitor's language. */
export function addressCountries(locale: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((country) => ({ code: country.code, name: countryName(country.code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** The number part of a stored "<country code>-<number>" phone. */
export function nationalNumber(phoneNumber: string, countryCode: string): string {
  const prefix = `${countryCode}-`;
  return phoneNumber.startsWith(prefix) ? phoneNumber.slice(prefix.length) : phoneNumber;
}
