import { DEFAULT_PHONE_COUNTRY_CODE } from '@c2p/domain';
import { COUNTRIES, countryDialCodes, MAIN_COUNTRY_OF_SHARED_DIAL_CODE } from '@c2p/domain/countries';

/**
 * Phone country codes and countries for the pickers. The country data is large: only lazily
 * loaded chunks (checkout, the account panels) import this module, never the first page.
 */
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

/** One choice of the phone country-code picker: a country and its dial code. */
export interface DialCodeChoice {
  /**
   * The option's value: the dial code itself for the one country a stored code (or the browser's
   * autofill) stands for, `+1/CA` for the others that share it.
   */
  value: string;
  dialCode: string;
  country: string;
}

/** The dial code an option of the picker stands for. */
export const dialCodeOf = (value: string) => value.split('/')[0]!;

/** The picker's choices: every country with its dial code, named and sorted in the visitor's language. */
export function dialCodeChoices(locale: string): DialCodeChoice[] {
  const collator = new Intl.Collator(locale);
  return countryDialCodes()
    .map(({ code, dialCode }) => ({
      value: (MAIN_COUNTRY_OF_SHARED_DIAL_CODE[dialCode] ?? code) === code ? dialCode : `${dialCode}/${code}`,
      dialCode,
      country: countryName(code, locale),
    }))
    .sort((a, b) => collator.compare(a.country, b.country) || collator.compare(a.dialCode, b.dialCode));
}

/** The number part of a stored "<country code>-<number>" phone. */
export function nationalNumber(phoneNumber: string, countryCode: string): string {
  const prefix = `${countryCode}-`;
  return phoneNumber.startsWith(prefix) ? phoneNumber.slice(prefix.length) : phoneNumber;
}
