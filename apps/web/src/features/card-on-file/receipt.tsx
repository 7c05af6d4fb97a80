import type { OrderPayment } from '@c2p/domain';
import type { PaymentSummary } from '../../lib/checkout-store';
import { activeTool } from '../../lib/active-tool';
import { endClickToPaySession } from '../../lib/click-to-pay/client';
import { useTranslation } from '../../lib/i18n';
import './card-on-file.css';

/** The card-on-file part of a payment kept by the payment step (our credentials call added it). */
function tokenOf(payment: PaymentSummary | undefined): { tokenLastFour: string } | undefined {
  if (payment?.method !== 'click-to-pay') return undefined;
  const token = (payment as { tokenLastFour?: unknown }).tokenLastFour;
  return typeof token === 'string' && /^[0-9]{4}$/.test(token) ? { tokenLastFour: token } : undefined;
}

/**
 * The thank-you page of an order paid with a saved card: the card (brand and its last four) and the
 * network token that paid (its last four, the cryptogram in plain words), never the card number.
 * In the card-on-file tool, End demo returns to the lander.
 */
export function CardOnFileReceipt({ paid, order }: { paid: PaymentSummary | undefined; order: OrderPayment }) {
  const { t } = useTranslation();
  const token = tokenOf(paid);
  const inTool = activeTool() === 'live-tool-cof';
  if (!token && !inTool) return null;
  const brand = t(`CARD_BRANDS.${order.brand}`);
  const cryptogram =
    order.method === 'click-to-pay' && order.dynamicDataType === 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM'
      ? t('CARD_ON_FILE.THANK_YOU.CRYPTOGRAM_SHORT_FORM')
      : t('CARD_ON_FILE.THANK_YOU.CRYPTOGRAM_OTHER');
  return (
    <div className="cof-receipt" data-testid="card-on-file-receipt">
      {token && (
        <>
          <p>
            <strong>
              {t('CARD_ON_FILE.THANK_YOU.PAID_WITH', { brand, lastFour: '' })}
              <bdi dir="ltr" className="ltr">
                {order.lastFour}
              </bdi>
            </strong>
          </p>
          <p data-testid="network-token">
            {t('CARD_ON_FILE.THANK_YOU.TOKEN', { tokenLastFour: token.tokenLastFour, cryptogram })}
          </p>
        </>
      )}
      {inTool && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            endClickToPaySession();
            window.location.assign('/card-on-file/');
          }}
        >
          {t('TOUR.HEADER.END_DEMO')}
        </button>
      )}
    </div>
  );
}
