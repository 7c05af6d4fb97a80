import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/layout/page';

export default function ConfigurationPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('PAGES.CONFIGURATION')} className="configuration">
      <p className="area-note">{t('PAGES.COMING_NEXT')}</p>
    </Page>
  );
}
