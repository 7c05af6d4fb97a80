import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  cartSubtotalCents,
  CURRENCY,
  formatMoney,
  fromCents,
  INSTALLMENTS_MINIMUM_AMOUNT,
  orderTotals,
  resolveLocale,
  type ClickToPayPayment,
  type InstallmentPlan,
  type MerchantCheckoutConfiguration,
} from '@c2p/domain';
import { Loader } from '../../components/ui/loader';
import { useCheckout } from '../../lib/checkout-store';
import { clickToPaySession } from '../../lib/click-to-pay/client';
import { checkoutConfiguration, commonSettings } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import { useCart } from '../cart';
import { lowestMonthly } from './format';
import { HostedSwitch } from './hosted-switch';
import { HostedStep, PlanStep } from './plan-step';
import { useHostedCheckout, useInstallments } from './state';
import type { PaymentExtension } from './types';
import './installments.css';

type Eligibility =
  { state: 'checking' } | { state: 'failed' } | { state: 'known'; eligible: boolean; plans: InstallmentPlan[] };

/** The same total (after the promo code) and configuration as the Click to Pay payment, so both share one SDK session. */
function useInstallmentsCheckout() {
  const [configured] = useState<MerchantCheckoutConfiguration>(checkoutConfiguration);
  // The hosted form when the switch is on, or when the configuration names no SDK (spec section 4).
  const hosted = useHostedCheckout((s) => s.enabled) || !configured.srciEnv.scriptSrc;
  const [settings] = useState(commonSettings);
  const items = useCart((s) => s.items);
  const promoCode = useCheckout((s) => s.promoCode);
  const total = fromCents(orderTotals(cartSubtotalCents(items), promoCode).totalCents);
  const config = useMemo<MerchantCheckoutConfiguration>(
    () => ({
      ...configured,
      dpaTransactionOptions: {
        ...configured.dpaTransactionOptions,
        transactionAmount: { transactionAmount: total, transactionCurrencyCode: CURRENCY },
      },
    }),
    [configured, total],
  );
  return { config, settings, hosted };
}

/** isInstallmentsEligible for the order, asked again whenever the session changes. */
function useEligibility({ config, settings, hosted }: ReturnType<typeof useInstallmentsCheckout>, language: string) {
  const [eligibility, setEligibility] = useState<Eligibility>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    setEligibility({ state: 'checking' });
    clickToPaySession({ config, settings })
      .ready.then((client) =>
        client.call<{ eligible: boolean; plans?: InstallmentPlan[] }>('isInstallmentsEligible', {
          transactionAmount: config.dpaTransactionOptions.transactionAmount,
          merchantCategoryCode: config.dpaTransactionOptions.merchantCategoryCode,
          dpaLocale: resolveLocale(language).iso,
        }),
      )
      .then((answer) => {
        if (live) setEligibility({ state: 'known', eligible: answer?.eligible === true, plans: answer?.plans ?? [] });
      })
      .catch(() => {
        if (live) setEligibility({ state: 'failed' });
      });
    return () => {
      live = false;
    };
    // The hosted switch loads another script: a new session, asked again.
  }, [config, settings, language, hosted]);
  return eligibility;
}

/**
 * The payment step reached by the cart's "Pay in installments": the network is asked first
 * (isInstallmentsEligible, with the cart's total, currency and merchant category code); eligible,
 * the plans are announced and Click to Pay runs with the plans after the card (inline) or in the
 * network's own window (hosted); not eligible, paying in full is one click away.
 */
export function InstallmentsPayment({
  onPaid,
  onPayInFull,
  renderClickToPay,
}: {
  onPaid(payment: ClickToPayPayment): void;
  onPayInFull(): void;
  renderClickToPay(extension: PaymentExtension, onPaid: (payment: ClickToPayPayment) => void): ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const checkout = useInstallmentsCheckout();
  const { hosted } = checkout;
  const eligibility = useEligibility(checkout, language);

  const plans = useMemo(() => (eligibility.state === 'known' ? eligibility.plans : []), [eligibility]);
  const extension = useMemo<PaymentExtension>(
    () => ({
      hosted,
      render: (context) => (hosted ? <HostedStep context={context} /> : <PlanStep context={context} plans={plans} />),
    }),
    [hosted, plans],
  );

  // Hosted: the plan was chosen in the network's window; the payload names it.
  const paid = (payment: ClickToPayPayment) => {
    if (hosted && payment.installments) {
      useInstallments.getState().choose({
        planId: payment.installments.planId,
        numberOfInstallments: payment.installments.numberOfInstallments,
      });
    }
    onPaid(payment);
  };

  const payInFull = (
    <button type="button" className="button button--secondary" onClick={onPayInFull}>
      {t('INSTALLMENTS.PAYMENT.PAY_IN_FULL')}
    </button>
  );

  return (
    <section className="installments-payment" aria-labelledby="installments-title">
      <h2 id="installments-title">{t('INSTALLMENTS.PAYMENT.TITLE')}</h2>
      <EligibilityStatus eligibility={eligibility} lowest={lowestMonthly(plans)} />
      {eligibility.state === 'known' && !eligibility.eligible && (
        <>
          <p>
            {t('INSTALLMENTS.PAYMENT.NOT_ELIGIBLE_TEXT', {
              minimum: formatMoney(INSTALLMENTS_MINIMUM_AMOUNT * 100, language, CURRENCY),
            })}
          </p>
          {payInFull}
        </>
      )}
      {eligibility.state === 'failed' && payInFull}
      {eligibility.state === 'known' && eligibility.eligible && (
        <>
          <p>{t('INSTALLMENTS.PAYMENT.ELIGIBLE_TEXT')}</p>
          <HostedSwitch />
          {renderClickToPay(extension, paid)}
          <p className="installments-payment__full">{payInFull}</p>
        </>
      )}
    </section>
  );
}

/** What the network answered, announced: checking, the lowest monthly amount, not eligible, or no answer. */
function EligibilityStatus({ eligibility, lowest }: { eligibility: Eligibility; lowest: number | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="installments-payment__status">
      {eligibility.state === 'checking' && <Loader label={t('INSTALLMENTS.PAYMENT.CHECKING')} />}
      {eligibility.state === 'known' && eligibility.eligible && lowest !== undefined && (
        <p className="installments-payment__offer">
          {t('INSTALLMENTS.PAYMENT.ELIGIBLE', { amount: formatMoney(lowest, i18n.language, CURRENCY) })}
        </p>
      )}
      {eligibility.state === 'known' && !eligibility.eligible && (
        <p className="installments-payment__refusal">{t('INSTALLMENTS.PAYMENT.NOT_ELIGIBLE')}</p>
      )}
      {eligibility.state === 'failed' && <p>{t('INSTALLMENTS.PAYMENT.CHECK_FAILED')}</p>}
    </div>
  );
}
