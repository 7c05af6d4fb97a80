import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { useTranslation } from '../../lib/i18n';
import { COMPONENTS } from './catalogue';
import './components.css';

/** The components and calls of an integration, each with its own page. */
export function ComponentsIndex() {
  const { t } = useTranslation();
  return (
    <Page title={t('COMPONENTS.INDEX_TITLE')} className="component-page">
      <p className="component-page__lead">{t('COMPONENTS.INDEX_TEXT')}</p>
      <ul className="hub-grid" data-testid="component-links">
        {COMPONENTS.map((entry) => (
          <li key={entry.slug}>
            <Link to={`/components/${entry.slug}`} className="hub-card">
              <span className="hub-card__title">{t(`COMPONENTS.PAGES.${entry.key}.TITLE`)}</span>
              <span className="hub-card__text">{t(`COMPONENTS.PAGES.${entry.key}.TEXT`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
