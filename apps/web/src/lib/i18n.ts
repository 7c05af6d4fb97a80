import { useMemo, useSyncExternalStore } from 'react';
import {
  DEFAULT_LOCALE,
  isLocaleCode,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  resolveLocale,
  translateMessage,
  type Catalogue,
  type Locale,
  type LocaleCode,
  type TranslateOptions,
} from '@c2p/domain';

export type TFunction = (key: string, options?: TranslateOptions) => string;

/**
 * The app's translations: the catalogue of the current language and a `t` that looks keys up in
 * it (docs/decisions/009). A missing key shows the `defaultValue` given, else the key itself.
 */
class Translations {
  language: string = DEFAULT_LOCALE.code;
  isInitialized = false;
  /** Changes with the language and with every catalogue merged into it. */
  revision = 0;
  /** Called with a key the catalogue lacks (its messages may load on demand). */
  onMissing?: (language: string, key: string) => void;
  private readonly catalogues = new Map<string, Catalogue>();
  private readonly listeners = new Set<() => void>();
  private readonly bound = new Map<string, TFunction>();

  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A `t` for one language, the same function each time so effects can depend on it. */
  fixedT(language: string): TFunction {
    let t = this.bound.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.bound.set(language, t);
    }
    return t;
  }

  private translate(language: string, key: string, options?: TranslateOptions): string {
    const message = translateMessage(this.catalogues.get(language), language, key, options);
    if (message === undefined) this.onMissing?.(language, key);
    return message ?? options?.defaultValue ?? key;
  }

  exists(key: string): boolean {
    return translateMessage(this.catalogues.get(this.language), this.language, key) !== undefined;
  }

  dir(language = this.language): 'ltr' | 'rtl' {
    return resolveLocale(language).dir;
  }

  hasCatalogue(language: string): boolean {
    return this.catalogues.has(language);
  }

  addCatalogue(language: string, catalogue: Catalogue): void {
    this.catalogues.set(language, catalogue);
  }

  /** Adds an area's messages to a loaded catalogue (an area loaded with its page, not with the app). */
  mergeCatalogue(language: string, area: Catalogue): void {
    this.catalogues.set(language, { ...this.catalogues.get(language), ...area });
    // The same `t` (effects that depend on it must not start over); the views render again.
    this.notify();
  }

  changeLanguage(language: string): void {
    this.language = language;
    this.isInitialized = true;
    this.notify();
  }

  private notify(): void {
    this.revision += 1;
    this.listeners.forEach((listener) => listener());
  }

  /** Calls `listener` after each language change; answers the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const i18n = new Translations();

/** `t` and the translations, re-rendering the component when the language changes. */
export function useTranslation(): { t: TFunction; i18n: Translations } {
  // Re-renders on a language change and on every catalogue merged into the language.
  useSyncExternalStore(i18n.subscribe, () => i18n.revision);
  const language = i18n.language;
  const t = useMemo(() => i18n.fixedT(language), [language]);
  return { t, i18n };
}

// One chunk per locale: a visitor downloads only the catalogue of the language they read.
const catalogues: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  'en-US': () => import('@c2p/domain/core-locales/en-US'),
  'fr-FR': () => import('@c2p/domain/core-locales/fr-FR'),
  'ar-EG': () => import('@c2p/domain/core-locales/ar-EG'),
};

async function loadCatalogue(code: LocaleCode): Promise<Catalogue> {
  return (await catalogues[code]()).default;
}

// The shop's pages' messages beyond /home's (products, cart, checkout, forms, Click to Pay), loaded
// with those pages: a shopper's first page, /home, shows none of them.
const shopPagesCatalogues: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  'en-US': () => import('@c2p/domain/shop-pages-locales/en-US'),
  'fr-FR': () => import('@c2p/domain/shop-pages-locales/fr-FR'),
  'ar-EG': () => import('@c2p/domain/shop-pages-locales/ar-EG'),
};
const SHOP_PAGES_AREAS = new Set([
  'SHOP',
  'VALIDATION',
  'REGISTER_FORM',
  'CHECKOUT',
  'CLICK_TO_PAY',
  'SRCI_ERRORS',
  'API_ERRORS',
]);

// The API log's panel and the demos' messages, loaded with the pages that show them.
const onDemandCatalogues: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  'en-US': () => import('@c2p/domain/on-demand-locales/en-US'),
  'fr-FR': () => import('@c2p/domain/on-demand-locales/fr-FR'),
  'ar-EG': () => import('@c2p/domain/on-demand-locales/ar-EG'),
};
const ON_DEMAND_AREAS = new Set([
  'API_LOG',
  'INFO_WIDGET',
  'CARD_ON_FILE',
  'INSTALLMENTS',
  'TOUR',
  'MOCK_SRC_API',
  'AGENTIC',
  'AGENTIC_LIVE',
]);
const shopPagesLoads = new Map<string, Promise<void>>();
const onDemandLoads = new Map<string, Promise<void>>();

function loadOnce(
  loads: Map<string, Promise<void>>,
  catalogues: Record<LocaleCode, () => Promise<{ default: Catalogue }>>,
  language: string,
): Promise<void> {
  const code = resolveLocale(language).code;
  let load = loads.get(code);
  if (!load) {
    load = catalogues[code]().then((module) => i18n.mergeCatalogue(code, module.default));
    loads.set(code, load);
  }
  return load;
}

/** Merges the shop pages' messages into the language's catalogue (once); pages that show them await it. */
export function loadShopPagesMessages(language: string = i18n.language): Promise<void> {
  return loadOnce(shopPagesLoads, shopPagesCatalogues, language);
}

/** Merges the on-demand messages (and the shop pages') into the language's catalogue (once); pages that show them await it. */
export async function loadOnDemandMessages(language: string = i18n.language): Promise<void> {
  await Promise.all([loadShopPagesMessages(language), loadOnce(onDemandLoads, onDemandCatalogues, language)]);
}

// A key of those areas asked before its page loaded them: load them, and the page shows them then.
i18n.onMissing = (language, key) => {
  if (!isLocaleCode(language)) return;
  const area = key.split('.')[0]!;
  if (SHOP_PAGES_AREAS.has(area)) void loadShopPagesMessages(language);
  else if (ON_DEMAND_AREAS.has(area)) void loadOnDemandMessages(language);
};

/** The shopper's first pages, which show none of the on-demand messages unless a demo is running. */
const FIRST_PAGES = /^\/(home|products(\/\d+)?|cart(\/empty)?|sign-in|cookie)?\/?$/;

function needsShopPagesMessages(): boolean {
  return !/^\/home\/?$/.test(window.location.pathname);
}

function needsOnDemandMessages(): boolean {
  const tool = window.localStorage.getItem('activatedTool');
  return !FIRST_PAGES.test(window.location.pathname) || (tool !== null && tool !== 'live-tool');
}

function cookieLocale(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
}

/**
 * The configuration screen's version (CHECKOUT_CONFIG_VERSION), written out: importing it would
 * bring the whole merchant configuration module into the first page's chunk (the /home budget).
 */
export const CONFIGURATION_VERSION = '21/03/2024';

/** The configuration screen's customizations' language (`configurationJson`, of its version), if one is saved. */
function configuredLanguage(): string {
  try {
    const stored = JSON.parse(window.localStorage.getItem('configurationJson') ?? 'null') as {
      lastUpdated?: unknown;
      customizations?: { language?: unknown };
    } | null;
    const language = stored?.lastUpdated === CONFIGURATION_VERSION ? stored.customizations?.language : undefined;
    return isLocaleCode(language) ? language : '';
  } catch {
    return '';
  }
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale.code;
  document.documentElement.dir = locale.dir;
}

/** Starts with a catalogue already at hand (tests). */
export function initI18nWith(code: LocaleCode, catalogue: Catalogue): void {
  i18n.addCatalogue(code, catalogue);
  i18n.changeLanguage(code);
}

/**
 * The visitor's language: the locale cookie, else the language the configuration screen's
 * customizations name (kept for this browser session in the cookie, so that the server's answers
 * agree), else the one the server negotiated from the browser's Accept-Language and wrote into
 * `<html lang>` (so page, API answers and products agree).
 */
export async function initI18n(): Promise<Locale> {
  const cookie = cookieLocale();
  const configured = isLocaleCode(cookie) ? '' : configuredLanguage();
  if (configured) document.cookie = `${LOCALE_COOKIE}=${configured}; path=/; samesite=lax`;
  const locale = resolveLocale(isLocaleCode(cookie) ? cookie : configured || document.documentElement.lang);
  initI18nWith(locale.code, await loadCatalogue(locale.code));
  if (needsOnDemandMessages()) await loadOnDemandMessages(locale.code);
  else if (needsShopPagesMessages()) await loadShopPagesMessages(locale.code);
  applyToDocument(locale);
  return locale;
}

/** Switches the language, keeps the choice in the locale cookie for a year and mirrors the page for rtl. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  const locale = resolveLocale(code);
  if (!i18n.hasCatalogue(locale.code)) i18n.addCatalogue(locale.code, await loadCatalogue(locale.code));
  if (onDemandLoads.size > 0) await loadOnDemandMessages(locale.code);
  else if (shopPagesLoads.size > 0) await loadShopPagesMessages(locale.code);
  i18n.changeLanguage(locale.code);
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale.code}; path=/; max-age=${maxAge}; samesite=lax`;
  applyToDocument(locale);
}

export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}
