import { countries } from 'countries-list';
import { CA, type CountryData, MX, US } from 'country-region-data';

/**
 * The country list of spec section 3, with dial codes, and the states of the United States, Canada
 * and Mexico. The data comes from countries-list and country-region-data; it is imported only on the
 * checkout shipping step (as '@c2p/domain/countries', never through the package index), so the
 * main bundle stays without it.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** Like "+1". */
  dialCode: string;
}

export interface State {
  name: string;
  abbreviation: string;
  /** Mexico only: the ISO 3166-2 code, e.g. MX-JAL. */
  subdivision?: string;
}

const dial = (code: number) => `+${code}`;

export const COUNTRIES: Country[] = Object.entries(countries)
  .map(([code, country]) => ({ code, name: country.name, dialCode: dial(country.phone[0]!) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const regions = ([, , list]: CountryData) => list.map(([name, abbreviation]) => ({ name, abbreviation }));

const STATES: Record<string, State[]> = {
  US: regions(US),
  CA: regions(CA),
  MX: regions(MX).map((state) => ({ ...state, subdivision: `MX-${state.abbreviation}` })),
};

/** The states to choose from for a country; empty where the address takes a free-text state. */
export function statesOf(countryCode: string): State[] {
  return STATES[countryCode.toUpperCase()] ?? [];
}

/** Each country with each of its dial codes (a country with several codes once per code), for the phone picker. */
export function countryDialCodes(): { code: string; dialCode: string }[] {
  return Object.entries(countries).flatMap(([code, country]) =>
    country.phone.map((phone) => ({ code, dialCode: dial(phone) })),
  );
}

/**
 * Of the countries that share a dial code, the one a stored code alone stands for: the state whose
 * code it is, rather than a territory or a neighbour that shares it (the phone picker lists those too).
 */
export const MAIN_COUNTRY_OF_SHARED_DIAL_CODE: Readonly<Record<string, string>> = {
  '+1': 'US',
  '+7': 'RU',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+64': 'NZ',
  '+212': 'MA',
  '+262': 'RE',
  '+290': 'SH',
  '+358': 'FI',
  '+377': 'MC',
  '+381': 'RS',
  '+386': 'SI',
  '+500': 'FK',
  '+590': 'GP',
  '+672': 'NF',
};
