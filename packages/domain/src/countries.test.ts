import { countries } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryDialCodes, MAIN_COUNTRY_OF_SHARED_DIAL_CODE, statesOf } from './countries.ts';
import { DEFAULT_PHONE_COUNTRY_CODE } from './test-data.ts';

const dialCodeOf = (code: string) => COUNTRIES.find((country) => country.code === code)?.dialCode;

describe('countries', () => {
  it('lists every country once, by name, with a two-letter code', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives each country a dial code', () => {
    for (const country of COUNTRIES) expect(country.dialCode, country.code).toMatch(/^\+\d{1,4}$/);
    expect(dialCodeOf('US')).toBe('+1');
    expect(dialCodeOf('FR')).toBe('+33');
    expect(dialCodeOf('EG')).toBe('+20');
  });

  it('offers every dial code, each country with it once, the default the lowest', () => {
    const pairs = countryDialCodes();
    expect(new Set(pairs.map(({ code, dialCode }) => `${code} ${dialCode}`)).size).toBe(pairs.length);
    const codes = [...new Set(pairs.map((pair) => pair.dialCode))];
    for (const code of codes) expect(code).toMatch(/^\+\d{1,4}$/);
    expect(Math.min(...codes.map(Number))).toBe(Number(DEFAULT_PHONE_COUNTRY_CODE));
    expect(codes).toEqual(expect.arrayContaining(['+33', '+20', '+52']));
    for (const country of COUNTRIES) expect(codes).toContain(country.dialCode);
  });

  it('pairs every country with each of its dial codes, and names the main country of each shared code', () => {
    const pairs = countryDialCodes();
    expect(pairs).toContainEqual({ code: 'DO', dialCode: '+1849' });
    const everyPhone = Object.values(countries).flatMap((country) => country.phone.map((phone) => `+${phone}`));
    expect(new Set(pairs.map((pair) => pair.dialCode))).toEqual(new Set(everyPhone));
    const sharing = new Map<string, string[]>();
    for (const { code, dialCode } of pairs) sharing.set(dialCode, [...(sharing.get(dialCode) ?? []), code]);
    const shared = [...sharing].filter(([, codes]) => codes.length > 1);
    expect(Object.keys(MAIN_COUNTRY_OF_SHARED_DIAL_CODE).sort()).toEqual(shared.map(([dialCode]) => dialCode).sort());
    for (const [dialCode, codes] of shared)
      expect(codes, dialCode).toContain(MAIN_COUNTRY_OF_SHARED_DIAL_CODE[dialCode]);
  });
});

describe('states', () => {
  it('has the 50 United States and the District of Columbia', () => {
    const states = statesOf('US');
    expect(states.length).toBeGreaterThanOrEqual(51);
    expect(states).toContainEqual({ name: 'California', abbreviation: 'CA' });
    expect(states).toContainEqual({ name: 'District of Columbia', abbreviation: 'DC' });
  });

  it('has the Canadian provinces and territories', () => {
    expect(statesOf('CA')).toHaveLength(13);
    expect(statesOf('CA')).toContainEqual({ name: 'Ontario', abbreviation: 'ON' });
  });

  it('has the Mexican states with their subdivision codes', () => {
    const states = statesOf('MX');
    expect(states).toHaveLength(32);
    expect(states).toContainEqual({ name: 'Jalisco', abbreviation: 'JAL', subdivision: 'MX-JAL' });
    for (const state of states) expect(state.subdivision).toMatch(/^MX-[A-Z]{3}$/);
  });

  it('has no list for other countries, whatever the case of the code', () => {
    expect(statesOf('FR')).toEqual([]);
    expect(statesOf('')).toEqual([]);
    expect(statesOf('us')).toBe(statesOf('US'));
  });

  it('names every state and gives it an abbreviation', () => {
    for (const code of ['US', 'CA', 'MX']) {
      for (const state of statesOf(code)) {
        expect(state.name.trim()).not.toBe('');
        expect(state.abbreviation).toMatch(/^[A-Z]{2,3}$/);
      }
    }
  });
});
