import { formatNumber } from '@c2p/domain';
import arEG from '@c2p/domain/locales/ar-EG';
import enUS from '@c2p/domain/locales/en-US';
import frFR from '@c2p/domain/locales/fr-FR';
import type { LocaleCode } from './fixtures.ts';

/** The shop's locales, in the order the specs walk them, with their writing direction. */
export const LOCALES = [
  { code: 'en-US', dir: 'ltr' },
  { code: 'fr-FR', dir: 'ltr' },
  { code: 'ar-EG', dir: 'rtl' },
] as const satisfies readonly { code: LocaleCode; dir: 'ltr' | 'rtl' }[];

export const LOCALE_CODES = LOCALES.map((locale) => locale.code);

const CATALOGUES: Record<LocaleCode, unknown> = { 'en-US': enUS, 'fr-FR': frFR, 'ar-EG': arEG };

/**
 * The locale's string for a dotted key, with `{{name}}` placeholders filled in; numbers read as
 * the app writes them, in the locale's digits.
 */
export function tr(locale: LocaleCode, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = CATALOGUES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${locale} has no string ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value ?? '');
  });
}

/** A plural string as the app picks it (Intl.PluralRules of the locale). */
export function plural(locale: LocaleCode, key: string, count: number, values: Record<string, string> = {}): string {
  const form = new Intl.PluralRules(locale).select(count);
  try {
    return tr(locale, `${key}_${form}`, { count, ...values });
  } catch {
    return tr(locale, `${key}_other`, { count, ...values });
  }
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole accessible name, however the catalogue's text is spaced. */
export const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
