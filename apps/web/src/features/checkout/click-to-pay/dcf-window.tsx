import { forwardRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { DcfPresentationType } from '@c2p/domain';

/** Popup size and place: centred, as the network asks for its authentication screens. */
const POPUP = { width: 480, height: 640 };

/**
 * Opens the DCF popup. It must run synchronously inside the shopper's click, or the browser blocks
 * it; null when it is blocked anyway (the caller falls back to the iframe).
 */
export function openDcfPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP.height) / 2);
  return window.open(
    '',
    'c2p-dcf',
    `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
}

/** The iframe the DCF runs in: an action sheet sliding up from the bottom, or a centred modal. */
export const DcfFrame = forwardRef<HTMLIFrameElement, { presentation: DcfPresentationType }>(function DcfFrame(
  { presentation },
  ref,
) {
  const { t } = useTranslation();
  return (
    <div
      className={`dcf dcf--${presentation}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('CLICK_TO_PAY.DCF_TITLE')}
    >
      <div className="dcf__backdrop" />
      <div className="dcf__sheet">
        <iframe ref={ref} name="c2p-dcf-frame" title={t('CLICK_TO_PAY.DCF_TITLE')} className="dcf__frame" />
      </div>
    </div>
  );
});
