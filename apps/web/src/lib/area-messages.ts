import { useEffect, useState } from 'react';
import type { Catalogue, LocaleCode } from '@c2p/domain';
import { i18n, useTranslation } from './i18n';

type Loader = () => Promise<{ default: unknown }>;

/**
 * Messages of areas a shopper rarely opens (the configuration screen, the component pages) load
 * with the area, in the language shown, so that the shopper pages' catalogue does not carry them.
 */
const AREAS: Record<'configuration' | 'components', Record<LocaleCode, Loader>> = {
  configuration: {
    'en-US': () => import('@c2p/domain/configuration-locales/en-US', { with: { type: 'json' } }),
    'fr-FR': () => import('@c2p/domain/configuration-locales/fr-FR', { with: { type: 'json' } }),
    'ar-EG': () => import('@c2p/domain/configuration-locales/ar-EG', { with: { type: 'json' } }),
  },
  components: {
    'en-US': () => import('@c2p/domain/components-locales/en-US', { with: { type: 'json' } }),
    'fr-FR': () => import('@c2p/domain/components-locales/fr-FR', { with: { type: 'json' } }),
    'ar-EG': () => import('@c2p/domain/components-locales/ar-EG', { with: { type: 'json' } }),
  },
};

const merged = new Set<string>();

/** True once the area's messages are in the catalogue of the language shown. */
export function useAreaMessages(area: keyof typeof AREAS): boolean {
  const { i18n: translations } = useTranslation();
  const language = translations.language as LocaleCode;
  const key = `${area}:${language}`;
  const [ready, setReady] = useState<string | null>(() => (merged.has(key) ? key : null));
  useEffect(() => {
    let live = true;
    const load = AREAS[area][language];
    if (!load) return;
    void load().then((module) => {
      // A language switch replaces nothing already merged; merge again after a fresh catalogue.
      i18n.mergeCatalogue(language, module.default as Catalogue);
      merged.add(key);
      if (live) setReady(key);
    });
    return () => {
      live = false;
    };
  }, [area, language, key]);
  return ready === key;
}
