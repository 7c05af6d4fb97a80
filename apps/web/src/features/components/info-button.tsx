import './info-button.css';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useInfoWidget } from './info-widget-store';

// The panel (its messages, flow diagram and code) loads on the first press, so the shop does not carry it.
const InfoPanel = lazy(() => import('./info-panel'));

export type InfoWidgetSlug = 'email-lookup' | 'otp-input' | 'card-list' | 'card-input' | 'card-encryption';

/**
 * An ⓘ button next to a component in the live tool or the guided tour: it opens the component
 * page's explanation in a side panel, so the visitor learns without leaving the checkout.
 */
export function InfoButton({ slug }: { slug: InfoWidgetSlug }) {
  const { t } = useTranslation();
  const open = useInfoWidget((state) => state.activeInfoWidgetId === slug);
  const setActive = useInfoWidget((state) => state.setActiveInfoWidgetId);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="info-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={`info-button-${slug}`}
        onClick={() => setActive(slug)}
      >
        <span aria-hidden="true" className="info-button__icon">
          i
        </span>
        {t('INFO_WIDGET.OPEN', { name: t(`INFO_WIDGET.NAMES.${slug}`) })}
      </button>
      {open && (
        <Suspense fallback={null}>
          <InfoPanel slug={slug} onClose={() => setActive(null)} fallbackFocus={() => button.current} />
        </Suspense>
      )}
    </>
  );
}
