import { useTranslation } from '../../lib/i18n';
import { Page } from './page';

/** The layout and heading of an area whose content arrives with a later part of the product. */
export function AreaPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <p className="area-note">{t('PAGES.COMING_NEXT')}</p>
    </Page>
  );
}
