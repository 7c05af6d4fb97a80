import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/layout/page';

export default function CookiePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('COOKIE_PAGE.TITLE')} className="prose">
      <p>{t('COOKIE_PAGE.INTRO')}</p>
      <h2>{t('COOKIE_PAGE.WHAT_TITLE')}</h2>
      <ul>
        <li>{t('COOKIE_PAGE.LOCALE')}</li>
        <li>{t('COOKIE_PAGE.ADMIN')}</li>
        <li>{t('COOKIE_PAGE.CART')}</li>
        <li>{t('COOKIE_PAGE.NOTICE')}</li>
      </ul>
      <h2>{t('COOKIE_PAGE.CONTROL_TITLE')}</h2>
      <p>{t('COOKIE_PAGE.CONTROL')}</p>
    </Page>
  );
}
