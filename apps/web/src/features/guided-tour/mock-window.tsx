import { forwardRef } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The network's window for the tours' own pages: an iframe the mock SRC writes its confirmation into. */
export const MockWindow = forwardRef<HTMLIFrameElement>(function MockWindow(_props, ref) {
  const { t } = useTranslation();
  return (
    <div className="tour-dcf" role="dialog" aria-modal="true" aria-label={t('TOUR.MOCK_WINDOW.TITLE')}>
      <div className="tour-dcf__backdrop" />
      <div className="tour-dcf__sheet">
        <iframe ref={ref} title={t('TOUR.MOCK_WINDOW.TITLE')} className="tour-dcf__frame" />
      </div>
    </div>
  );
});
