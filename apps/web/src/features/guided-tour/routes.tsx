import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { Tool } from '@c2p/domain';
import { Page } from '../../components/layout/page';
import { activateTool } from '../../lib/active-tool';

/** Mock layouts set their tool on mount (spec section 4). */
function TourPage({ titleKey, tool }: { titleKey: string; tool: Tool }) {
  const { t } = useTranslation();
  useEffect(() => activateTool(tool), [tool]);
  return (
    <Page title={t(titleKey)} className="tour">
      <p className="area-note">{t('PAGES.COMING_NEXT')}</p>
    </Page>
  );
}

export const TourLander = () => <TourPage titleKey="PAGES.GUIDED_TOUR" tool="mock-tool" />;
export const TourSteps = () => <TourPage titleKey="PAGES.GUIDED_TOUR_STEPS" tool="mock-tool" />;
export const CardOnFileLander = () => <TourPage titleKey="PAGES.GUIDED_TOUR_COF" tool="mock-tool-cof" />;
export const CardOnFileSteps = () => <TourPage titleKey="PAGES.GUIDED_TOUR_COF_STEPS" tool="mock-tool-cof" />;
export const InstallmentsLander = () => (
  <TourPage titleKey="PAGES.GUIDED_TOUR_INSTALLMENTS" tool="mock-tool-installments" />
);
export const InstallmentsSteps = () => (
  <TourPage titleKey="PAGES.GUIDED_TOUR_INSTALLMENTS_STEPS" tool="mock-tool-installments" />
);
export const RecognizedUserLander = () => <TourPage titleKey="PAGES.RECOGNIZED_USER" tool="mock-tool" />;
