import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, INSTALLMENTS_MINIMUM_AMOUNT, installmentPlans, type InstallmentPlan } from '@c2p/domain';
import { FeatureCards } from '../../components/layout/feature-cards';
import { Page } from '../../components/layout/page';
import { activateTool } from '../../lib/active-tool';
import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { TEST_OTP } from '../../lib/test-shopper';
import { MaskedNumber } from '../../components/ui/masked-number';
import { useTranslation } from '../../lib/i18n';
import { lowestMonthly } from './format';
import { HostedSwitch } from './hosted-switch';
import { centsOf, planLabel } from './format';
import { PlanChoices } from './plans';
import './installments.css';
import './lander.css';

/** The example the illustrations use: a cart of 130.00, which the schedule splits into 43.33, 43.33, 43.34. */
const EXAMPLE_CENTS = 13_000;

/**
 * The installments lander (tool mock-tool-installments): what the network offers, the inline and
 * the hosted form side by side (drawn with the payment step's own components), and a way into the shop.
 */
export default function InstallmentsLander() {
  const { t, i18n } = useTranslation();
  useEffect(() => activateTool('mock-tool-installments'), []);
  const [plans] = useState(() => installmentPlans(EXAMPLE_CENTS, 'USD'));
  const example = formatMoney(EXAMPLE_CENTS, i18n.language, 'USD');
  const minimum = formatMoney(INSTALLMENTS_MINIMUM_AMOUNT * 100, i18n.language, 'USD');

  return (
    <Page title={t('INSTALLMENTS.LANDER.TITLE')} className="installments-lander">
      <p className="installments-lander__intro">{t('INSTALLMENTS.LANDER.INTRO')}</p>

      <section aria-labelledby="il-offers">
        <h2 id="il-offers">{t('INSTALLMENTS.LANDER.OFFERS_TITLE')}</h2>
        <FeatureCards
          cards={(['ELIGIBILITY', 'PLANS', 'CREDIT'] as const).map((key) => ({
            title: t(`INSTALLMENTS.LANDER.${key}_TITLE`),
            text: t(`INSTALLMENTS.LANDER.${key}_TEXT`, { minimum }),
          }))}
        />
      </section>

      <section aria-labelledby="il-forms">
        <h2 id="il-forms">{t('INSTALLMENTS.LANDER.FORMS_TITLE')}</h2>
        <p>{t('INSTALLMENTS.LANDER.EXAMPLE', { amount: example })}</p>
        <div className="installments-lander__forms fit-columns">
          <FormExample form="inline" plans={plans}>
            <p className="installments-payment__offer">
              {t('INSTALLMENTS.PAYMENT.ELIGIBLE', {
                amount: formatMoney(lowestMonthly(plans) ?? 0, i18n.language, 'USD'),
              })}
            </p>
            <p>
              {t('INSTALLMENTS.PLANS.CARD', { card: 'Mastercard' })} <MaskedNumber lastFour="9726" />
            </p>
          </FormExample>
          <FormExample form="hosted" plans={plans}>
            <p className="installments-lander__network-bar">Click to Pay</p>
            <p>
              Mastercard <MaskedNumber lastFour="9726" />
            </p>
          </FormExample>
        </div>
      </section>

      <section aria-labelledby="il-start" className="installments-lander__start">
        <h2 id="il-start">{t('INSTALLMENTS.LANDER.START_TITLE')}</h2>
        <p>
          {t('INSTALLMENTS.LANDER.START_TEXT', {
            minimum,
            email: storeConfiguration().testDataContactDetails[0]?.emailId ?? '',
            code: TEST_OTP,
          })}
        </p>
        <div className="installments-lander__actions">
          {/* The variant runs in the live shop against the network; the lander's mock tool is the tour's. */}
          <Link to="/products" className="button button--primary" onClick={() => activateTool('live-tool')}>
            {t('INSTALLMENTS.LANDER.START')}
          </Link>
          <Link to="/demo/guided-tour/installments/steps" className="button button--secondary">
            {t('INSTALLMENTS.LANDER.TOUR_START')}
          </Link>
        </div>
      </section>
    </Page>
  );
}

/** The two forms the lander draws: its messages, its screen's title, the plan shown chosen. */
const FORMS = {
  inline: { id: 'il-inline', key: 'INLINE', screen: 'YOUR_PAGE', plan: 'PLAN-3M' },
  hosted: { id: 'il-hosted', key: 'HOSTED', screen: 'NETWORK_WINDOW', plan: 'PLAN-6M' },
} as const;

/**
 * One form drawn with the payment step's own plan choices, marked as an example and working as one:
 * a plan can be chosen, and Continue says what it does in the shop. The page's form, or the
 * network's window with the hosted switch under it. `children` show the card above the plans.
 */
function FormExample({
  form,
  plans,
  children,
}: {
  form: keyof typeof FORMS;
  plans: InstallmentPlan[];
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { id, key, screen, plan } = FORMS[form];
  const [chosen, setChosen] = useState<string>(plan);
  const [continued, setContinued] = useState(false);
  const network = form === 'hosted';
  const chosenPlan = plans.find((candidate) => candidate.planId === chosen);
  return (
    <figure className="installments-lander__form" aria-labelledby={id}>
      <h3 id={id}>{t(`INSTALLMENTS.LANDER.${key}_TITLE`)}</h3>
      <p>{t(`INSTALLMENTS.LANDER.${key}_TEXT`)}</p>
      <div className={`installments-lander__screen${network ? ' installments-lander__screen--network' : ''}`}>
        <p className="installments-lander__screen-title">
          <span>{t(`INSTALLMENTS.LANDER.${screen}`)}</span>
          <span className="installments-lander__badge">{t('INSTALLMENTS.LANDER.EXAMPLE_BADGE')}</span>
        </p>
        {children}
        <PlanChoices
          plans={plans}
          value={chosen}
          onChange={(planId) => {
            setChosen(planId);
            setContinued(false);
          }}
          name={`lander-${form}`}
        />
        <button type="button" className="button button--primary" onClick={() => setContinued(true)}>
          {t('INSTALLMENTS.PLANS.CONTINUE')}
        </button>
        <p className="installments-lander__continued" aria-live="polite">
          {continued && chosenPlan
            ? t(`INSTALLMENTS.LANDER.${key}_CONTINUED`, {
                plan: planLabel(
                  t,
                  i18n.language,
                  chosenPlan.numberOfInstallments,
                  centsOf(chosenPlan.installmentAmount),
                  chosenPlan.currency,
                ),
              })
            : ''}
        </p>
      </div>
      {network && <HostedSwitch />}
    </figure>
  );
}
