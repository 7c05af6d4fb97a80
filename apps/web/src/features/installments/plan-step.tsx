import { useState } from 'react';
import type { InstallmentPlan } from '@c2p/domain';
import { MaskedNumber } from '../../components/ui/masked-number';
import { useTranslation } from '../../lib/i18n';
import { PlanChoices } from './plans';
import { useInstallments } from './state';
import type { PaymentExtensionContext } from './types';

/** Shown when the last network window ended without a payment (the step shows again). */
function CancelledNotice({ context, message }: { context: PaymentExtensionContext; message: string }) {
  const { t } = useTranslation();
  if (!context.cancelled) return null;
  return (
    <p className="notice" role="alert">
      {t(message)}
    </p>
  );
}

/** Inline form: the chosen card, the plans as radio choices, Continue to the network's window. */
export function PlanStep({ context, plans }: { context: PaymentExtensionContext; plans: InstallmentPlan[] }) {
  const { t } = useTranslation();
  const remembered = useInstallments((s) => s.chosen?.planId);
  const [planId, setPlanId] = useState<string | undefined>(
    plans.some((plan) => plan.planId === remembered) ? remembered : plans[0]?.planId,
  );
  const { card } = context;

  const proceed = () => {
    const plan = plans.find((p) => p.planId === planId);
    if (!plan || !card || context.busy) return;
    useInstallments.getState().choose({ planId: plan.planId, numberOfInstallments: plan.numberOfInstallments });
    context.checkout({ srcDigitalCardId: card.srcDigitalCardId, installmentPlan: { planId: plan.planId } });
  };

  const descriptor = card?.paymentCardDescriptor?.toLowerCase();
  const brand = descriptor
    ? t(`CARD_BRANDS.${descriptor}`, { defaultValue: descriptor })
    : (card?.digitalCardData?.descriptorName ?? '');
  return (
    <div className="installments-plan-step">
      <CancelledNotice context={context} message="INSTALLMENTS.PLANS.CANCELLED" />
      {card && (
        <p className="installments-plan-step__card">
          {t('INSTALLMENTS.PLANS.CARD', { card: brand })} <MaskedNumber lastFour={card.panLastFour} />
        </p>
      )}
      <PlanChoices plans={plans} value={planId} onChange={setPlanId} name="installmentPlan" disabled={context.busy} />
      <div className="installments-plan-step__actions">
        <button type="button" className="button button--primary" disabled={context.busy || !planId} onClick={proceed}>
          {t('INSTALLMENTS.PLANS.CONTINUE')}
        </button>
        <button type="button" className="button button--link" onClick={context.back}>
          {t('INSTALLMENTS.PLANS.CHANGE_CARD')}
        </button>
      </div>
    </div>
  );
}

/** Hosted form: the network's own window shows the card choice and the plans. */
export function HostedStep({ context }: { context: PaymentExtensionContext }) {
  const { t } = useTranslation();
  return (
    <div className="installments-hosted-step">
      <CancelledNotice context={context} message="INSTALLMENTS.PAYMENT.HOSTED_CANCELLED" />
      <button
        type="button"
        className="button button--primary"
        disabled={context.busy}
        onClick={() => context.checkout({})}
      >
        {t('INSTALLMENTS.PAYMENT.HOSTED_START')}
      </button>
    </div>
  );
}
