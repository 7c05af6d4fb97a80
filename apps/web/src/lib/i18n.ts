import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, resolveLocale, type Locale, type LocaleCode } from '@c2p/domain';

type Catalogue = Record<string, unknown>;

// One chunk per locale: a visitor downloads only the catalogue of the language they read.
const catalogues: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  'en-US': () => import('@c2p/domain/locales/en-US'),
  'fr-FR': () => import('@c2p/domain/locales/fr-FR'),
  'ar-EG': () => import('@c2p/domain/locales/ar-EG'),
};

async function loadCatalogue(code: LocaleCode): Promise<Catalogue> {
  return (await catalogues[code]()).default;
}

function cookieLocale(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale.code;
  document.documentElement.dir = locale.dir;
}

export async function initI18n(): Promise<Locale> {
  const locale = resolveLocale(cookieLocale());
  const catalogue = await loadCatalogue(locale.code);
  await i18next.use(initReactI18next).init({
    lng: locale.code,
    fallbackLng: false,
    resources: { [locale.code]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(locale);
  return locale;
}

/** Switches the language, keeps the choice in the locale cookie for a year and mirrors the page for rtl. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  const locale = resolveLocale(code);
  if (!i18next.hasResourceBundle(locale.code, 'translation')) {
    i18next.addResourceBundle(locale.code, 'translation', await loadCatalogue(locale.code));
  }
  await i18next.changeLanguage(locale.code);
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale.code}; path=/; max-age=${maxAge}; samesite=lax`;
  applyToDocument(locale);
}

export function currentLocale(): Locale {
  return resolveLocale(i18next.language);
}
