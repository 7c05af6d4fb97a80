import { useState } from 'react';
import { formatMoney, inLocaleDigits, offeredPlans, resolveLocale, type InstallmentPlan } from '@c2p/domain';
import type { CheckoutResponse } from '../../lib/click-to-pay/types';
import { useTranslation } from '../../lib/i18n';
import { PlanChoices } from '../installments';
import { TOUR_AMOUNT, TOUR_AMOUNT_CENTS, TourDone, TourFlow, TourStepSection, useTourSdk } from './tour-flow';

/** What the mock SRC answers: the plans it offers, by id and count. */
interface OfferedPlan {
  planId?: string;
  numberOfInstallments?: number;
}

/**
 * The installments tour on the mock SRC: the network says whether the order is eligible and which
 * plans it offers; the shopper picks one and pays, confirming in the network's window.
 */
export function InstallmentsTour({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const { busy, call, flow } = useTourSdk();
  const [plans, setPlans] = useState<InstallmentPlan[]>();
  const [eligible, setEligible] = useState<boolean>();
  const [chosen, setChosen] = useState<string>();
  const [paid, setPaid] = useState<{ count: number; lastFour: string }>();

  const check = () => {
    const order = {
      dpaLocale: resolveLocale(i18n.language).iso,
      transactionAmount: TOUR_AMOUNT,
      merchantCategoryCode: '0008',
    };
    void call<{ eligible: boolean; plans?: OfferedPlan[] }>('isInstallmentsEligible', order, (answer) => {
      setEligible(Boolean(answer?.eligible));
      // The payments come from the shop's own schedule, as everywhere else, whatever the file says.
      const offered = answer?.eligible && Array.isArray(answer.plans) ? answer.plans : [];
      setPlans(offeredPlans(offered, TOUR_AMOUNT_CENTS, TOUR_AMOUNT.transactionCurrencyCode));
    });
  };

  const pay = () => {
    const plan = plans?.find((p) => p.planId === chosen);
    if (!plan || busy) return;
    const paidWith = (result: CheckoutResponse | undefined) => {
      if (result?.checkoutActionCode !== 'COMPLETE') return;
      const lastFour = result.checkoutResponseData?.maskedCard?.panLastFour ?? '';
      setPaid({ count: plan.numberOfInstallments, lastFour });
      onDone();
    };
    const params = { planId: plan.planId, dpaTransactionOptions: { transactionAmount: TOUR_AMOUNT } };
    void call<CheckoutResponse>('checkoutWithInstallments', params, paidWith, true);
  };

  return (
    <TourFlow {...flow}>
      <TourStepSection id="inst-check-title" title={t('TOUR.INSTALLMENTS.CHECK_TITLE')}>
        <p>{t('TOUR.INSTALLMENTS.CHECK_TEXT', { amount: formatMoney(TOUR_AMOUNT_CENTS, i18n.language) })}</p>
        {eligible === undefined ? (
          <button
            type="button"
            className="button button--primary"
            data-tour="installments-check"
            disabled={busy}
            onClick={check}
          >
            {t('TOUR.INSTALLMENTS.CHECK')}
          </button>
        ) : (
          <p role="status">{t(eligible ? 'TOUR.INSTALLMENTS.ELIGIBLE' : 'TOUR.INSTALLMENTS.NOT_ELIGIBLE')}</p>
        )}
      </TourStepSection>
      {eligible && plans && (
        <TourStepSection id="inst-plans-title" title={t('TOUR.INSTALLMENTS.PLANS_TITLE')}>
          <TourPlans plans={plans} chosen={chosen} onChoose={setChosen} disabled={Boolean(paid)} />
        </TourStepSection>
      )}
      {eligible && plans && (
        <TourStepSection id="inst-pay-title" title={t('TOUR.INSTALLMENTS.PAY_TITLE')}>
          {paid ? (
            <TourDone>
              {t('TOUR.INSTALLMENTS.DONE', {
                count: paid.count,
                lastFour: inLocaleDigits(paid.lastFour, i18n.language),
              })}
            </TourDone>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-tour="installments-pay"
              disabled={!chosen || busy}
              onClick={pay}
            >
              {t('TOUR.INSTALLMENTS.PAY')}
            </button>
          )}
        </TourStepSection>
      )}
    </TourFlow>
  );
}

/** The plans offered, drawn as the shop's payment step draws them. */
function TourPlans({
  plans,
  chosen,
  onChoose,
  disabled,
}: {
  plans: InstallmentPlan[];
  chosen: string | undefined;
  onChoose(planId: string): void;
  disabled: boolean;
}) {
  return (
    <div data-tour="installments-plans">
      <PlanChoices plans={plans} value={chosen} onChange={onChoose} name="tour-plan" disabled={disabled} />
    </div>
  );
}
