import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Redirect } from '../../components/ui/redirect';
import { cartSubtotalCents } from '@c2p/domain';
import { Breadcrumbs, type Crumb } from '../../components/layout/breadcrumbs';
import { OrderSummary, useCart } from '../cart';
import { useCheckout } from '../../lib/checkout-store';

export type Step = 'shipping' | 'payment' | 'review';
const STEPS: Step[] = ['shipping', 'payment', 'review'];
const STEP_LABEL: Record<Step, string> = {
  shipping: 'SHOP.BREADCRUMBS.SHIPPING',
  payment: 'SHOP.BREADCRUMBS.PAYMENT',
  review: 'SHOP.BREADCRUMBS.REVIEW',
};

/**
 * One checkout step: breadcrumbs through the steps done so far, the step's form and the order
 * summary. A step reached without what it needs (an empty cart, no address yet) goes back to
 * where that is entered, so a deep link or Back never shows a half-filled step.
 */
export function CheckoutStep({ step, children }: { step: Step; children: ReactNode }) {
  const { t } = useTranslation();
  const items = useCart((s) => s.items);
  const shipping = useCheckout((s) => s.shipping);
  const payment = useCheckout((s) => s.payment);
  const promoCode = useCheckout((s) => s.promoCode);

  if (items.length === 0) return <Redirect to="/cart/empty" />;
  if (step !== 'shipping' && !shipping) return <Redirect to="/checkout/shipping" />;
  if (step === 'review' && !payment) return <Redirect to="/checkout/payment" />;

  const index = STEPS.indexOf(step);
  const crumbs: Crumb[] = [
    { label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS'), to: '/products' },
    ...STEPS.slice(0, index + 1).map((s) => ({ label: t(STEP_LABEL[s]), to: `/checkout/${s}` })),
  ];
  const title = step === 'review' ? t('SHOP.BREADCRUMBS.REVIEW_AND_PAY') : t(STEP_LABEL[step]);

  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs items={crumbs} />
      <h1 className="page-title">{title}</h1>
      <ol className="checkout-progress" aria-label={t('CHECKOUT.PROGRESS')}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < index || undefined}>
            {t(STEP_LABEL[s])}
          </li>
        ))}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-layout__main">{children}</div>
        <aside className="checkout-layout__summary" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">{t('SHOP.SUMMARY.TITLE')}</h2>
          <OrderSummary subtotalCents={cartSubtotalCents(items)} promoCode={promoCode} />
        </aside>
      </div>
    </main>
  );
}
