import { useEffect, useRef } from 'react';
import type { ClickToPayPayment, GetPayloadRequest } from '@c2p/domain';
import { useTranslation } from '../../../lib/i18n';
import { useCheckout } from '../../../lib/checkout-store';
import type { FlowEvent } from './flow';
import { getPayload } from './payments-api';

/**
 * One failure, said once, with a way forward (issue 18 item 5): the message (announced), Retry when
 * trying again can help, and paying by card instead.
 */
export function FailureNotice({ message, onRetry }: { message: string; onRetry?(): void }) {
  const { t } = useTranslation();
  const setMethod = useCheckout((s) => s.setPaymentMethod);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div ref={ref} className="c2p__failure" tabIndex={-1} data-testid="c2p-failure">
      <p className="form__error" role="alert">
        {message}
      </p>
      <div className="c2p__failure-actions">
        {onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('POLISH.RETRY')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={() => setMethod('card')}>
          {t('POLISH.PAY_BY_CARD')}
        </button>
      </div>
    </div>
  );
}

/** What fetching the payload tells the flow: it is under way, or it failed (with Retry). */
type PayloadStep = Extract<FlowEvent, { type: 'paying' | 'unavailable' }>;

/**
 * After a COMPLETE checkout, our server fetches the payload. When that fails, the payment step says
 * so once (the spec's 'Error connecting fetch-payload api') and offers Retry: the network's checkout
 * is complete, so the same payload can be fetched again.
 */
export async function fetchPayloadWithRetry(
  request: GetPayloadRequest,
  onPaid: (payment: ClickToPayPayment) => void,
  show: (step: PayloadStep) => void,
  message: string,
): Promise<void> {
  show({ type: 'paying' });
  try {
    onPaid(await getPayload(request));
  } catch {
    show({
      type: 'unavailable',
      message,
      retry: () => void fetchPayloadWithRetry(request, onPaid, show, message),
    });
  }
}
