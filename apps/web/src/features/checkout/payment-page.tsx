import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { detectCardBrand, lastFour, type ClickToPayPayment, type PaymentAuthentication } from '@c2p/domain';
import type { MaskedCard } from '../../lib/click-to-pay/types';
import { Loader } from '../../components/ui/loader';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { activeTool } from '../../lib/active-tool';
import { CardForm, type EnteredCard } from './card-form';
import { useCheckout, type PaymentSummary } from '../../lib/checkout-store';
import { CheckoutStep } from './checkout-step';
import { ChoiceFieldset } from './choice-fieldset';

// The SDK client, the UI kit hooks and the DCF load only when Click to Pay is the method shown.
const ClickToPayPayment = lazy(() =>
  import('./click-to-pay/click-to-pay-payment').then((m) => ({ default: m.ClickToPayPayment })),
);
const SavedCardsPayment = lazy(() => import('../card-on-file').then((m) => ({ default: m.SavedCardsPayment })));
const SaveCardOption = lazy(() => import('../card-on-file').then((m) => ({ default: m.SaveCardOption })));
const InstallmentsPayment = lazy(() => import('../installments').then((m) => ({ default: m.InstallmentsPayment })));

/** The card the guided tour's mock SRC answered, as a card payment (it has no payload to fetch). */
function mockCardPayment(card: MaskedCard, authentication?: PaymentAuthentication): PaymentSummary {
  const brand = detectCardBrand(card.panBin ?? '');
  return {
    method: 'card',
    brand: brand === 'unknown' ? 'mastercard' : brand,
    lastFour: card.panLastFour,
    expiry: `${card.panExpirationMonth ?? '12'}/${(card.panExpirationYear ?? '99').slice(-2)}`,
    ...(authentication ? { authentication } : {}),
  };
}

/** Each way of paying ends the same: the payment kept, and on to the review. */
function usePaid() {
  const navigate = useNavigate();
  const setPayment = useCheckout((s) => s.setPayment);
  const paid = (payment: PaymentSummary) => {
    setPayment(payment);
    navigate('/checkout/review');
  };
  return {
    withCard: (card: EnteredCard) =>
      paid({ method: 'card', brand: card.brand, lastFour: lastFour(card.number), expiry: card.expiry }),
    withMock: (card: MaskedCard, authentication?: PaymentAuthentication) => paid(mockCardPayment(card, authentication)),
    withClickToPay: (payment: ClickToPayPayment) => paid({ method: 'click-to-pay', ...payment }),
  };
}

/** Card on File (issue 13): saving a new card at checkout, a choice under the Click to Pay card form. */
const saveCardOption = {
  render: () => (
    <Suspense fallback={null}>
      <SaveCardOption />
    </Suspense>
  ),
  onEncrypted: (encryptedCard: string) =>
    void import('../card-on-file').then((m) => m.useCardSaving.getState().saveEncrypted(encryptedCard)),
};

/** The payment step: Click to Pay (the demo's subject) or a card typed into the shop. */
export function PaymentPage() {
  const intent = useCheckout((s) => s.intent);
  const setIntent = useCheckout((s) => s.setIntent);
  const paid = usePaid();

  if (intent === 'installments') {
    return (
      <CheckoutStep step="payment">
        <Suspense fallback={<Loader />}>
          <InstallmentsPayment
            onPaid={paid.withClickToPay}
            onPayInFull={() => setIntent('pay')}
            renderClickToPay={(extension, onPaid) => <ClickToPayPayment onPaid={onPaid} extension={extension} />}
          />
        </Suspense>
      </CheckoutStep>
    );
  }
  return (
    <CheckoutStep step="payment">
      <PaymentMethods paid={paid} />
    </CheckoutStep>
  );
}

/** Paying in full: the shopper's saved cards (Card on File), then Click to Pay or a card typed in. */
function PaymentMethods({ paid }: { paid: ReturnType<typeof usePaid> }) {
  const { t } = useTranslation();
  const method = useCheckout((s) => s.paymentMethod);
  const setMethod = useCheckout((s) => s.setPaymentMethod);
  // Only the brands the merchant's configuration enables are recognised (spec section 5).
  const [enabled] = useState(() => checkoutConfiguration().cardBrands);
  // Card on File (issue 13): the shopper's saved cards first, and saving a new card at checkout.
  const [cardOnFile] = useState(() => activeTool() === 'live-tool-cof');
  return (
    <>
      {cardOnFile && (
        <Suspense fallback={null}>
          <SavedCardsPayment onPaid={paid.withClickToPay} />
        </Suspense>
      )}
      <ChoiceFieldset
        legend={t('CHECKOUT.PAYMENT.METHOD')}
        name="paymentMethod"
        options={['click-to-pay', 'card'] as const}
        value={method}
        onChange={setMethod}
        labelOf={(option) =>
          t(option === 'card' ? 'CHECKOUT.PAYMENT.METHOD_CARD' : 'CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY')
        }
        className="payment-methods"
        optionClassName="payment-methods__option"
      />
      {method === 'click-to-pay' ? (
        <section aria-labelledby="c2p-title">
          <h2 id="c2p-title">{t('CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY')}</h2>
          <Suspense fallback={<Loader />}>
            <ClickToPayPayment
              onPaid={paid.withClickToPay}
              onMockPaid={paid.withMock}
              newCardOption={cardOnFile ? saveCardOption : undefined}
            />
          </Suspense>
        </section>
      ) : (
        <section aria-labelledby="card-title">
          <h2 id="card-title">{t('CHECKOUT.PAYMENT.CARD_TITLE')}</h2>
          <CardForm enabled={enabled} submitLabel={t('CHECKOUT.PAYMENT.CONTINUE')} onSubmit={paid.withCard} />
        </section>
      )}
    </>
  );
}
