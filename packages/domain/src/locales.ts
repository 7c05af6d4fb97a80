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
