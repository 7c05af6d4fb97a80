import './api-log-button.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { loadOnDemandMessages, useTranslation } from '../../lib/i18n';
import { formatNumber } from '@c2p/domain';
import { useApiLog } from './log-store';

// The panel, its styles and its download code are fetched when an integrator first opens it, so a
// shopper's first page does not carry them.
const ApiLogPanel = lazy(async () => (await Promise.all([import('./api-log-panel'), loadOnDemandMessages()]))[0]);

/** The store nav's 'API log' button with the number of logged calls; opens the API log side panel. */
export function ApiLogButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const count = useApiLog().reduce((sum, transaction) => sum + transaction.logs.length, 0);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="nav-button api-log-button"
        aria-haspopup="dialog"
        aria-label={t('API_LOG_BUTTON.OPEN', { count })}
        onClick={() => setOpen(true)}
      >
        <span>{t('API_LOG_BUTTON.TITLE')}</span>
        <span className="api-log-button__badge" aria-hidden="true" data-testid="api-log-count">
          {formatNumber(count, i18n.language)}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ApiLogPanel onClose={() => setOpen(false)} fallbackFocus={() => button.current} />
        </Suspense>
      )}
    </>
  );
}
