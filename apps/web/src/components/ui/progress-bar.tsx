import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useRouteLoading } from '../../lib/route-loading';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '@c2p/domain';

/**
 * A thin bar at the top while a route (and its lazy chunk) loads. Navigations shorter than the
 * throttle never show it; longer ones creep towards the end over the spec's duration.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const loading = useRouteLoading();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={t('APP.PAGE_LOADING')}
      style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }}
    />
  );
}
