import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatMoney, resolveLocale } from '@c2p/domain';
import { clickToPaySession } from '../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../lib/click-to-pay/errors';
import type { CheckoutResponse } from '../../lib/click-to-pay/types';
import { useTranslation } from '../../lib/i18n';
import { MockWindow } from './mock-window';

/** The order the tour pays: the spec's default amount, 100 USD. */
const AMOUNT_CENTS = 10_000;
const AMOUNT = { transactionAmount: AMOUNT_CENTS / 100, transactionCurrencyCode: 'USD' };

interface Plan {
  planId: string;
  numberOfInstallments: number;
  apr?: number;
}

/**
 * The installments tour on the mock SRC: the network says whether the order is eligible and which
 * plans it offers; the shopper picks one and pays, confirming in the network's window.
 */
export function InstallmentsTour({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const [plans, setPlans] = useState<Plan[]>();
  const [eligible, setEligible] = useState<boolean>();
  const [chosen, setChosen] = useState<string>();
  const [paid, setPaid] = useState<{ count: number; lastFour: string }>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const money = (cents: number) => formatMoney(cents, i18n.language);

  const check = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const client = await clickToPaySession().ready;
      const answer = await client.call<{ eligible: boolean; plans?: Plan[] }>('isInstallmentsEligible', {
        dpaLocale: resolveLocale(i18n.language).iso,
        transactionAmount: AMOUNT,
        merchantCategoryCode: '0008',
      });
      setEligible(Boolean(answer?.eligible));
      setPlans(answer?.eligible ? (answer.plans ?? []) : []);
    } catch (error) {
      setMessage(sdkErrorMessage('isInstallmentsEligible', error));
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    const plan = plans?.find((p) => p.planId === chosen);
    if (!plan || busy) return;
    flushSync(() => setWindowOpen(true));
    setBusy(true);
    setMessage(undefined);
    try {
      const client = await clickToPaySession().ready;
      const result = await client.call<CheckoutResponse>('checkoutWithInstallments', {
        planId: plan.planId,
        windowRef: frame.current?.contentWindow,
        dpaTransactionOptions: { transactionAmount: AMOUNT },
      });
      if (result?.checkoutActionCode === 'COMPLETE') {
        setPaid({
          count: plan.numberOfInstallments,
          lastFour: result.checkoutResponseData?.maskedCard?.panLastFour ?? '',
        });
        onDone();
      }
    } catch (error) {
      setMessage(sdkErrorMessage('checkoutWithInstallments', error));
    } finally {
      setWindowOpen(false);
      setBusy(false);
    }
  };

  return (
    <div className="tour-flow" aria-busy={busy}>
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <section aria-labelledby="inst-check-title" className="tour-flow__step">
        <h2 id="inst-check-title">{t('TOUR.INSTALLMENTS.CHECK_TITLE')}</h2>
        <p>{t('TOUR.INSTALLMENTS.CHECK_TEXT', { amount: money(AMOUNT_CENTS) })}</p>
        {eligible === undefined ? (
          <button
            type="button"
            className="button button--primary"
            data-tour="installments-check"
            disabled={busy}
            onClick={() => void check()}
          >
            {t('TOUR.INSTALLMENTS.CHECK')}
          </button>
        ) : (
          <p role="status">{t(eligible ? 'TOUR.INSTALLMENTS.ELIGIBLE' : 'TOUR.INSTALLMENTS.NOT_ELIGIBLE')}</p>
        )}
      </section>
      {eligible && plans && (
        <section aria-labelledby="inst-plans-title" className="tour-flow__step">
          <h2 id="inst-plans-title">{t('TOUR.INSTALLMENTS.PLANS_TITLE')}</h2>
          <fieldset className="tour-plans" data-tour="installments-plans" disabled={Boolean(paid)}>
            <legend className="visually-hidden">{t('TOUR.INSTALLMENTS.PLANS_TITLE')}</legend>
            {plans.map((plan) => (
              <label key={plan.planId} className="tour-plan">
                <input
                  type="radio"
                  name="plan"
                  value={plan.planId}
                  checked={chosen === plan.planId}
                  onChange={() => setChosen(plan.planId)}
                />
                <span>
                  {t('TOUR.INSTALLMENTS.PLAN', {
                    count: plan.numberOfInstallments,
                    amount: money(Math.ceil(AMOUNT_CENTS / plan.numberOfInstallments)),
                  })}
                </span>
                {plan.apr !== undefined && (
                  <span className="tour-plan__apr">{t('TOUR.INSTALLMENTS.APR', { apr: plan.apr })}</span>
                )}
              </label>
            ))}
          </fieldset>
        </section>
      )}
      {eligible && plans && (
        <section aria-labelledby="inst-pay-title" className="tour-flow__step">
          <h2 id="inst-pay-title">{t('TOUR.INSTALLMENTS.PAY_TITLE')}</h2>
          {paid ? (
            <p role="status" className="tour-flow__done">
              {t('TOUR.INSTALLMENTS.DONE', paid)}
            </p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-tour="installments-pay"
              disabled={!chosen || busy}
              onClick={() => void pay()}
            >
              {t('TOUR.INSTALLMENTS.PAY')}
            </button>
          )}
        </section>
      )}
      {windowOpen && <MockWindow ref={frame} />}
    </div>
  );
}
