import { useState } from 'react';
import { firstInstallmentDate, formatMoney, type InstallmentPlan } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';
import { aprText, centsOf, formatDay, planLabel } from './format';
import './installments.css';

/**
 * The plans as radio choices, each labelled "3 installments of $43.33", then its total, APR, first
 * payment date (a month from when the choices are first shown) and the last payment when the division
 * leaves a remainder.
 */
export function PlanChoices({
  plans,
  value,
  onChange,
  name,
  disabled = false,
}: {
  plans: InstallmentPlan[];
  value: string | undefined;
  onChange(planId: string): void;
  name: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [firstPaymentDate] = useState(() => firstInstallmentDate(new Date()));
  return (
    <fieldset className="installment-plans" disabled={disabled}>
      <legend>{t('INSTALLMENTS.PLANS.LEGEND')}</legend>
      {plans.map((plan) => {
        const id = `${name}-${plan.planId}`;
        const money = (amount: string) => formatMoney(centsOf(amount), language, plan.currency);
        return (
          <div key={plan.planId} className="installment-plans__option">
            <input
              type="radio"
              id={id}
              name={name}
              value={plan.planId}
              checked={value === plan.planId}
              onChange={() => onChange(plan.planId)}
              aria-describedby={`${id}-details`}
            />
            <label htmlFor={id}>
              {planLabel(t, language, plan.numberOfInstallments, centsOf(plan.installmentAmount), plan.currency)}
            </label>
            <p id={`${id}-details`} className="installment-plans__details">
              <span>{t('INSTALLMENTS.PLANS.TOTAL', { amount: money(plan.totalAmount) })}</span>
              {aprText(t, language, String(plan.apr)) && <span>{aprText(t, language, String(plan.apr))}</span>}
              <span>{t('INSTALLMENTS.PLANS.FIRST_PAYMENT', { date: formatDay(firstPaymentDate, language) })}</span>
              {plan.lastInstallmentAmount && (
                <span>{t('INSTALLMENTS.PLANS.LAST_DIFFERS', { amount: money(plan.lastInstallmentAmount) })}</span>
              )}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
