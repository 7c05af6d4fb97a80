import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  interpolate,
  isLocaleCode,
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  translateMessage,
  type LocaleCode,
} from '@c2p/domain';
import arEG from '@c2p/domain/locales/ar-EG';
import enUS from '@c2p/domain/locales/en-US';
import frFR from '@c2p/domain/locales/fr-FR';

/**
 * The server answers in the visitor's language from the same catalogues as the web app
 * (packages/domain/locales). Keys follow i18next: dotted paths into nested objects, `{{name}}`
 * placeholders.
 */
const CATALOGUES: Record<LocaleCode, unknown> = { 'en-US': enUS, 'fr-FR': frFR, 'ar-EG': arEG };

export type TranslateParams = Record<string, string | number>;

/**
 * The message for a key in a locale: that locale's catalogue, else en-US, else the key itself (so
 * plain text passes through unchanged). The server's own messages live under API.* (api.json).
 */
export function translate(localeCode: string, key: string, params?: TranslateParams): string {
  const locale: LocaleCode = isLocaleCode(localeCode) ? localeCode : DEFAULT_LOCALE.code;
  return (
    translateMessage(CATALOGUES[locale], locale, key, params) ??
    translateMessage(CATALOGUES[DEFAULT_LOCALE.code], DEFAULT_LOCALE.code, key, params) ??
    interpolate(key, params)
  );
}

/** The visitor's language: the `locale` cookie, else the first supported Accept-Language, else en-US. */
export function localeOf(request: FastifyRequest): LocaleCode {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocaleCode(cookie)) return cookie;
  const header = request.headers['accept-language'];
  const asked = typeof header === 'string' && header.length <= 1000 ? localeFromAcceptLanguage(header) : undefined;
  return asked ?? DEFAULT_LOCALE.code;
}

/** Shorthand for a route: the message for a key in this request's language. */
export function t(request: FastifyRequest, key: string, params?: TranslateParams): string {
  return translate(localeOf(request), key, params);
}
