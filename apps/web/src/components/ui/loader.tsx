import { useTranslation } from '../../lib/i18n';
import { useDelayedFlag } from './use-delayed-flag';

/**
 * Labelled progress: a spinner and its text, both visible (issue 18 item 10). It shows once the wait
 * has lasted the spec's fetch minimum display delay (200 ms), so quick answers do not flash it.
 */
export function Loader({ label, delayMs }: { label?: string; delayMs?: number }) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(true, delayMs);
  return (
    <div className="loader" role="status" data-shown={shown ? '' : undefined}>
      {shown && (
        <>
          <span className="loader__spinner" aria-hidden="true" />
          <span className="loader__label">{label ?? t('APP.LOADING')}</span>
        </>
      )}
    </div>
  );
}
