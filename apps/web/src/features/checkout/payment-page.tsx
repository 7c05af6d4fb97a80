import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { detectCardBrand, lastFour, type ClickToPayPayment } from '@c2p/domain';
import type { MaskedCard } from '../../lib/click-to-pay/types';
import { Loader } from '../../components/ui/loader';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { activeTool } from '../../lib/active-tool';
import { CardForm, type EnteredCard } from './card-form';
import { useCheckout } from '../../lib/checkout-store';
import { CheckoutStep } from './checkout-step';

// The SDK client, the UI kit hooks and the DCF load only when Click to Pay is the method shown.
const ClickToPayPayment = lazy(() =>
  import('./click-to-pay/click-to-pay-payment').then((m) => ({ default: m.ClickToPayPayment })),
);
const SavedCardsPayment = lazy(() => import('../card-on-file').then((m) => ({ default: m.SavedCardsPayment })));
const SaveCardOption = lazy(() => import('../card-on-file').then((m) => ({ default: m.SaveCardOption })));
const InstallmentsPayment = lazy(() => import('../installments').then((m) => ({ default: m.InstallmentsPayment })));

/** The payment step: Click to Pay (the demo's subject) or a card typed into the shop. */
export function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setPayment = useCheckout((s) => s.setPayment);
  const intent = useCheckout((s) => s.intent);
  const method = useCheckout((s) => s.paymentMethod);
  const setMethod = useCheckout((s) => s.setPaymentMethod);
  const setIntent = useCheckout((s) => s.setIntent);
  // Only the brands the merchant's configuration enables are recognised (spec section 5).
  const [enabled] = useState(() => checkoutConfiguration().cardBrands);
  // Card on File (issue 13): the shopper's saved cards first, and saving a new card at checkout.
  const [cardOnFile] = useState(() => activeTool() === 'live-tool-cof');
  const newCardOption = cardOnFile
    ? {
        render: () => (
          <Suspense fallback={null}>
            <SaveCardOption />
          </Suspense>
        ),
        onEncrypted: (encryptedCard: string) =>
          void import('../card-on-file').then((m) => m.useCardSaving.getState().saveEncrypted(encryptedCard)),
      }
    : undefined;

  const paidWithCard = (card: EnteredCard) => {
    setPayment({ method: 'card', brand: card.brand, lastFour: lastFour(card.number), expiry: card.expiry });
    navigate('/checkout/review');
  };
  const paidWithMock = (card: MaskedCard) => {
    const brand = detectCardBrand(card.panBin ?? '');
    setPayment({
      method: 'card',
      brand: brand === 'unknown' ? 'mastercard' : brand,
      lastFour: card.panLastFour,
      expiry: `${card.panExpirationMonth ?? '12'}/${(card.panExpirationYear ?? '99').slice(-2)}`,
    });
    navigate('/checkout/review');
  };
  const paidWithClickToPay = (payment: ClickToPayPayment) => {
    setPayment({ method: 'click-to-pay', ...payment });
    navigate('/checkout/review');
  };

  if (intent === 'installments') {
    return (
      <CheckoutStep step="payment">
        <Suspense fallback={<Loader />}>
          <InstallmentsPayment
            onPaid={paidWithClickToPay}
            onPayInFull={() => setIntent('pay')}
            renderClickToPay={(extension, onPaid) => <ClickToPayPayment onPaid={onPaid} extension={extension} />}
          />
        </Suspense>
      </CheckoutStep>
    );
  }

  return (
    <CheckoutStep step="payment">
      {cardOnFile && (
        <Suspense fallback={null}>
          <SavedCardsPayment onPaid={paidWithClickToPay} />
        </Suspense>
      )}
      <fieldset className="payment-methods">
        <legend>{t('CHECKOUT.PAYMENT.METHOD')}</legend>
        {(['click-to-pay', 'card'] as const).map((option) => (
          <label key={option} className="payment-methods__option">
            <input
              type="radio"
              name="paymentMethod"
              value={option}
              checked={method === option}
              onChange={() => setMethod(option)}
            />
            {t(option === 'card' ? 'CHECKOUT.PAYMENT.METHOD_CARD' : 'CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY')}
          </label>
        ))}
      </fieldset>
      {method === 'click-to-pay' ? (
        <section aria-labelledby="c2p-title">
          <h2 id="c2p-title">{t('CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY')}</h2>
          <Suspense fallback={<Loader />}>
            <ClickToPayPayment onPaid={paidWithClickToPay} onMockPaid={paidWithMock} newCardOption={newCardOption} />
          </Suspense>
        </section>
      ) : (
        <section aria-labelledby="card-title">
          <h2 id="card-title">{t('CHECKOUT.PAYMENT.CARD_TITLE')}</h2>
          <CardForm enabled={enabled} submitLabel={t('CHECKOUT.PAYMENT.CONTINUE')} onSubmit={paidWithCard} />
        </section>
      )}
    </CheckoutStep>
  );
}
