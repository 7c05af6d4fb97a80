// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES, format, localeDirection, resolveLocale } from './i18n.ts';
import { brandFromBin, brandKey, parseBrands } from './brands.ts';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

describe('UI kit locales', () => {
  it('every catalogue has the same keys and the same placeholders', () => {
    const english = flatten(CATALOGUES.en_US);
    for (const locale of LOCALES) {
      const strings = flatten(CATALOGUES[locale]);
      expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(strings)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        const placeholders = (s: string): string[] => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english[key] ?? ''));
      }
    }
  });

  it('French puts a no-break space before : ; ! ? and uses typographic apostrophes', () => {
    for (const [key, text] of Object.entries(flatten(CATALOGUES.fr_FR))) {
      expect(text, key).not.toMatch(/[^\u00a0\u202f][:;!?]/);
      expect(text, key).not.toContain("'");
    }
  });

  it('Arabic strings are written in Arabic script (brand names aside)', () => {
    const arabic = flatten(CATALOGUES.ar_EG);
    for (const [key, text] of Object.entries(arabic)) {
      if (key === 'clickToPay') continue;
      expect(text, key).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('resolves locale attributes', () => {
    expect(resolveLocale('fr_FR')).toBe('fr_FR');
    expect(resolveLocale('fr-FR')).toBe('fr_FR');
    expect(resolveLocale('FR')).toBe('fr_FR');
    expect(resolveLocale('ar_EG')).toBe('ar_EG');
    expect(resolveLocale('ar-SA')).toBe('ar_EG');
    expect(resolveLocale('uk_UA')).toBe('en_US');
    expect(resolveLocale(null)).toBe('en_US');
    expect(localeDirection('ar_EG')).toBe('rtl');
    expect(localeDirection('fr_FR')).toBe('ltr');
    expect(format('{a} and {b} and {c}', { a: '1', b: '2' })).toBe('1 and 2 and {c}');
  });

  it('reads brand names and BINs', () => {
    expect(brandKey('MasterCard')).toBe('mastercard');
    expect(brandKey('American Express')).toBe('amex');
    expect(brandKey('maestro')).toBe('maestro');
    expect(parseBrands(' Visa , visa,amex,foo')).toEqual(['visa', 'amex']);
    expect(brandFromBin('518600')).toBe('mastercard');
    expect(brandFromBin('222300')).toBe('mastercard');
    expect(brandFromBin('400000')).toBe('visa');
    expect(brandFromBin('378282')).toBe('amex');
    expect(brandFromBin('601100')).toBe('discover');
    expect(brandFromBin('')).toBeUndefined();
  });
});
