import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { ordersApi } from '@c2p/domain/api';
import { ApiError, callApi } from '../../lib/api-client';
import { notify } from '../../components/ui/toast';
import { useCart } from '../cart';
import { chosenInstallments } from '../installments';
import type { Order } from '@c2p/domain';
import { useCheckout } from '../../lib/checkout-store';
import { CheckoutStep } from './checkout-step';
import { confirmPayment } from './click-to-pay/payments-api';
import { AddressBlock, ContactLine, OrderLines, PaymentDetails } from './order-details';
import { TitledSection } from '../../components/layout/titled-section';

/** The network hears that the order exists; the order stands whether or not it answers. */
async function confirmed(order: Order, paymentId: string): Promise<Order> {
  try {
    const { confirmedAt } = await confirmPayment({ orderNumber: order.orderNumber, paymentId });
    return order.payment.method === 'click-to-pay' ? { ...order, payment: { ...order.payment, confirmedAt } } : order;
  } catch {
    void notify('error', { key: 'API_ERRORS.CONFIRMATION' });
    return order;
  }
}

/** Placing the order: once, with this attempt's idempotency key; a refusal is said on the step. */
function usePlaceOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = useCart((s) => s.items);
  const { shipping, billingAddress, payment, promoCode } = useCheckout();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string>();

  const placeOrder = async () => {
    if (!shipping || !payment || placing) return;
    setPlacing(true);
    setError(undefined);
    try {
      const { data } = await callApi(ordersApi.place, {
        headers: { 'idempotency-key': useCheckout.getState().orderKey() },
        body: {
          items: items.map((item) => ({ id: item.id, count: item.count })),
          shipping,
          ...(shipping.saveAsBillingAddress ? {} : { billingAddress }),
          payment:
            payment.method === 'card'
              ? { method: 'card', brand: payment.brand, lastFour: payment.lastFour, expiry: payment.expiry }
              : {
                  method: 'click-to-pay',
                  paymentId: payment.paymentId,
                  ...chosenInstallments(payment.installments !== undefined),
                },
          ...(promoCode ? { promoCode } : {}),
        },
      });
      const order = payment.method === 'click-to-pay' ? await confirmed(data, payment.paymentId) : data;
      // The thank-you page empties the cart: emptied here, this step's guards would leave first.
      useCheckout.getState().placed(order);
      navigate('/checkout/thank-you', { replace: true });
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.status < 500 ? caught.message : t('ERROR_MESSAGES.TRY_AGAIN_LATER');
      setError(message);
      setPlacing(false);
    }
  };
  return { placing, error, placeOrder };
}

export function ReviewPage() {
  const { t } = useTranslation();
  const items = useCart((s) => s.items);
  const { shipping, billingAddress, payment } = useCheckout();
  const { placing, error, placeOrder } = usePlaceOrder();

  return (
    <CheckoutStep step="review">
      <div className="review">
        <TitledSection id="review-items" title={t('CHECKOUT.REVIEW.ITEMS')}>
          <OrderLines lines={items} />
        </TitledSection>
        {shipping && (
          <TitledSection id="review-shipping" title={t('CHECKOUT.REVIEW.SHIP_TO')}>
            <AddressBlock address={shipping.address} />
            <p>
              {t('POLISH.LABEL', { label: t('CHECKOUT.REVIEW.CONTACT') })} <ContactLine contact={shipping.contact} />
            </p>
            <Link to="/checkout/shipping">{t('CHECKOUT.REVIEW.EDIT_SHIPPING')}</Link>
          </TitledSection>
        )}
        {billingAddress && shipping && !shipping.saveAsBillingAddress && (
          <TitledSection id="review-billing" title={t('CHECKOUT.REVIEW.BILL_TO')}>
            <AddressBlock address={billingAddress} />
          </TitledSection>
        )}
        {payment && (
          <TitledSection id="review-payment" title={t('CHECKOUT.REVIEW.PAYMENT')}>
            <PaymentDetails payment={payment} chosen={payment} />
            <p>
              <Link to="/checkout/payment">{t('CHECKOUT.REVIEW.EDIT_PAYMENT')}</Link>
            </p>
          </TitledSection>
        )}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="button button--primary next-step" disabled={placing} onClick={placeOrder}>
          {placing ? t('CHECKOUT.REVIEW.PLACING') : t('CHECKOUT.REVIEW.PLACE_ORDER')}
        </button>
      </div>
    </CheckoutStep>
  );
}
