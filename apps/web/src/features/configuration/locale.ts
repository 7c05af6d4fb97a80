import { useEffect, useState } from 'react';
import type { Catalogue, LocaleCode } from '@c2p/domain';
import { i18n, useTranslation } from '../../lib/i18n';

/**
 * The screen's messages (namespace CONFIG_SCREEN) load with the screen, in the language shown, so
 * that the shopper pages' catalogue does not carry them.
 */
const AREA: Record<LocaleCode, () => Promise<{ default: unknown }>> = {
  'en-US': () => import('@c2p/domain/configuration-locales/en-US', { with: { type: 'json' } }),
  'fr-FR': () => import('@c2p/domain/configuration-locales/fr-FR', { with: { type: 'json' } }),
  'ar-EG': () => import('@c2p/domain/configuration-locales/ar-EG', { with: { type: 'json' } }),
};

const merged = new Set<string>();

/** True once the screen's messages are in the catalogue of the language shown. */
export function useConfigurationMessages(): boolean {
  const { i18n: translations } = useTranslation();
  const language = translations.language as LocaleCode;
  const [ready, setReady] = useState<string | null>(() => (merged.has(language) ? language : null));
  useEffect(() => {
    let live = true;
    const load = AREA[language];
    if (!load) return;
    void load().then((module) => {
      // A language switch replaces nothing already merged; merge again after a fresh catalogue.
      i18n.mergeCatalogue(language, module.default as Catalogue);
      merged.add(language);
      if (live) setReady(language);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return ready === language;
}
