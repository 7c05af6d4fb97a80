// Helpers shared by the API log's tests: the shipped catalogues and a t() over one of them.
import { translateMessage, type LocaleCode } from '@c2p/domain';
import arEG from '@c2p/domain/locales/ar-EG';
import enUS from '@c2p/domain/locales/en-US';
import frFR from '@c2p/domain/locales/fr-FR';
import type { TFunction } from '../../lib/i18n';

/** Every locale's catalogue, as shipped. */
export const CATALOGUES = { 'en-US': enUS, 'fr-FR': frFR, 'ar-EG': arEG } as const;

/** A t() over a locale's catalogue that answers the key itself when the catalogue has no such message. */
export const tIn = (locale: LocaleCode) =>
  ((key: string, options?: Record<string, unknown>) =>
    translateMessage(CATALOGUES[locale], locale, key, options) ?? key) as unknown as TFunction;
