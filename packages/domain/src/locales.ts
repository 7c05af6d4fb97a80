export type LocaleDir = 'ltr' | 'rtl';

export interface Locale {
  /** BCP 47 tag: `<html lang>`, the locale cookie and the catalogue file name. */
  code: LocaleCode;
  /** The card network's spelling, used for the SDK's `dpaLocale` and the UI kit. */
  iso: string;
  /** The language's own name, shown in the language selector. */
  name: string;
  dir: LocaleDir;
}

export const LOCALE_CODES = ['en-US', 'fr-FR', 'ar-EG'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export const LOCALES: readonly Locale[] = [
  { code: 'en-US', iso: 'en_US', name: 'English (US)', dir: 'ltr' },
  { code: 'fr-FR', iso: 'fr_FR', name: 'Français', dir: 'ltr' },
  { code: 'ar-EG', iso: 'ar_EG', name: 'العربية (مصر)', dir: 'rtl' },
];

export const DEFAULT_LOCALE: Locale = LOCALES[0]!;

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** The registry entry for a cookie or header value; anything unknown falls back to the default. */
export function resolveLocale(value: string | null | undefined): Locale {
  return LOCALES.find((l) => l.code === value) ?? DEFAULT_LOCALE;
}

/** Accept-Language ranges, best first: by q (none of q=0), then in the header's order (`fr-CA,fr;q=0.9,en;q=0.5` gives fr-CA, fr, en). */
function acceptedLanguages(header: string): string[] {
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [range = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => /^\s*q=([0-9.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.range !== '' && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.range);
}

/**
 * The supported locale an Accept-Language header asks for first, by the ranges' weight: a range
 * matches exactly (case-insensitive), else by its language; none matches: undefined.
 */
export function localeFromAcceptLanguage(header: string | undefined): LocaleCode | undefined {
  for (const range of acceptedLanguages(header ?? '')) {
    const exact = LOCALE_CODES.find((code) => code.toLowerCase() === range);
    const language = range.split('-')[0];
    const match = exact ?? LOCALE_CODES.find((code) => code.toLowerCase().split('-')[0] === language);
    if (match) return match;
  }
  return undefined;
}
