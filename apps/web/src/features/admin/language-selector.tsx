import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isLocaleCode, LOCALES } from '@c2p/domain';
import { changeLocale } from '../../lib/i18n';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-selector">
      <label htmlFor={id}>{t('TOP_BAR.LANGUAGE')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          if (isLocaleCode(event.target.value)) void changeLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code} dir={locale.dir}>
            {locale.name}
          </option>
        ))}
      </select>
    </div>
  );
}
