import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { Redirect } from '../../components/ui/redirect';
import { Breadcrumbs } from '../../components/layout/breadcrumbs';
import { Price } from '../../components/ui/price';
import { useCart } from '../cart';
import { useCheckout, type PaymentSummary } from '../../lib/checkout-store';
import { endClickToPaySession } from '../../lib/click-to-pay/client';
import type { Order } from '@c2p/domain';
import { AddressBlock, ContactLine, OrderLines, PaymentDetails } from './order-details';
import { AgentOrderDetails } from './agent-order';
import { TitledSection } from '../../components/layout/titled-section';

const CardOnFileReceipt = lazy(() => import('../card-on-file').then((m) => ({ default: m.CardOnFileReceipt })));

export function ThankYouPage() {
  const { t, i18n } = useTranslation();
  const order = useCheckout((s) => s.order);
  const justPlaced = useCheckout((s) => s.justPlaced);
  const paid = useCheckout((s) => s.paid);
  useEffect(() => {
    // Spec section 4: placing an order empties the cart and keeps the server's order.
    if (!justPlaced) return;
    useCart.getState().clear();
    useCheckout.getState().resetAttempt();
    endClickToPaySession();
  }, [justPlaced]);

  if (!order) return <Redirect to="/home" />;

  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs
        items={[
          { label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS'), to: '/products' },
          { label: t('CHECKOUT.THANK_YOU.TITLE') },
        ]}
      />
      <SuccessHero title={t('CHECKOUT.THANK_YOU.TITLE')} />
      <p className="thank-you__number">
        {t('CHECKOUT.THANK_YOU.ORDER_NUMBER')}{' '}
        <bdi dir="ltr" className="ltr" data-testid="order-number">
          {order.orderNumber}
        </bdi>
      </p>
      <p>
        {t('CHECKOUT.THANK_YOU.CONFIRMATION', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
            new Date(order.createdAt),
          ),
        })}{' '}
        <ContactLine contact={order.contact} />
      </p>
      <div className="thank-you__details">
        <TitledSection id="ty-shipping" title={t('CHECKOUT.REVIEW.SHIP_TO')}>
          <AddressBlock address={order.shippingAddress} />
        </TitledSection>
        <TitledSection id="ty-contact" title={t('CHECKOUT.REVIEW.CONTACT')}>
          <ContactLine contact={order.contact} />
        </TitledSection>
        <TitledSection id="ty-payment" title={t('CHECKOUT.REVIEW.PAYMENT')}>
          <PaymentDetails payment={withTourAuthentication(order.payment, paid)} chosen={paid} />
          <Suspense fallback={null}>
            <CardOnFileReceipt paid={paid} order={order.payment} />
          </Suspense>
          {order.agent && <AgentOrderDetails agent={order.agent} />}
        </TitledSection>
      </div>
      <TitledSection id="ty-items" title={t('CHECKOUT.REVIEW.ITEMS')}>
        <OrderLines lines={order.items} />
        <OrderTotals order={order} />
      </TitledSection>
      <p className="thank-you__actions">
        <Link to="/products" className="button button--primary">
          {t('SHOP.CART.CONTINUE_SHOPPING')}
        </Link>
      </p>
    </main>
  );
}

/**
 * The order's payment as the server keeps it; the guided tour's passkey experience pays a card
 * order on a mock network, whose word on how it was confirmed the payment step kept.
 */
function withTourAuthentication(
  payment: Order['payment'],
  paid: PaymentSummary | undefined,
): Parameters<typeof PaymentDetails>[0]['payment'] {
  if (payment.method !== 'card' || paid?.method !== 'card' || !paid.authentication) return payment;
  return { ...payment, authentication: paid.authentication };
}

/** The check mark and the page's title. */
function SuccessHero({ title }: { title: string }) {
  return (
    <div className="thank-you__hero">
      <svg
        className="thank-you__mark"
        data-testid="order-success-mark"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="24" r="24" fill="currentColor" />
        <path
          d="M14 24.5l7 7 13-14"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="page-title">{title}</h1>
    </div>
  );
}

const cents = (amount: number) => Math.round(amount * 100);

/** The order's sums as the server charged them: subtotal, discount, shipping and total. */
function OrderTotals({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <dl className="order-summary thank-you__summary">
      <div>
        <dt>{t('SHOP.SUMMARY.SUBTOTAL')}</dt>
        <dd>
          <Price cents={cents(order.subtotal)} />
        </dd>
      </div>
      {order.discount > 0 && (
        <div>
          <dt>{t('SHOP.SUMMARY.DISCOUNT_PLAIN')}</dt>
          <dd>
            −<Price cents={cents(order.discount)} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t('SHOP.SUMMARY.SHIPPING')}</dt>
        <dd>{order.shipping > 0 ? <Price cents={cents(order.shipping)} /> : t('SHOP.SUMMARY.FREE')}</dd>
      </div>
      <div className="order-summary__total">
        <dt>{t('SHOP.SUMMARY.TOTAL')}</dt>
        <dd>
          <Price cents={cents(order.total)} />
        </dd>
      </div>
    </dl>
  );
}
