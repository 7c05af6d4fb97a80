import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useHostedCheckout } from './state';

/** The visible switch for the spec's session flag isHostedCheckoutEnabled. */
export function HostedSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const enabled = useHostedCheckout((s) => s.enabled);
  const setEnabled = useHostedCheckout((s) => s.setEnabled);
  return (
    <div className="hosted-switch">
      <input
        type="checkbox"
        role="switch"
        id={id}
        checked={enabled}
        aria-checked={enabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <label htmlFor={id}>{t('INSTALLMENTS.PAYMENT.HOSTED_SWITCH')}</label>
      <p id={`${id}-hint`} className="hosted-switch__hint">
        {t('INSTALLMENTS.PAYMENT.HOSTED_HINT')}
      </p>
    </div>
  );
}
