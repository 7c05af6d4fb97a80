import { useReducer, useRef, useState, type ReactNode } from 'react';
import { resolveLocale, type ClickToPayPayment, type CommonSettings, type PaymentAuthentication } from '@c2p/domain';
import { useTranslation } from '../../../lib/i18n';
import { Loader } from '../../../components/ui/loader';
import { activeUseCase } from '../../../lib/click-to-pay/settings';
import { paymentSettings } from '../../../lib/click-to-pay/payment-settings';
import { paymentTestNote } from '../../../lib/test-shopper';
import type { ClickToPayClient } from '../../../lib/click-to-pay/client';
import type { MaskedCard } from '../../../lib/click-to-pay/types';
import { useCheckout } from '../../../lib/checkout-store';
import type { PaymentExtension } from '../../installments';
import { ClickToPayButton, isButtonPowered, useCustomStyleSheet } from '../../configuration';
import { InfoButton } from '../../components';
import { DcfFrame, useDcfWindow } from './dcf-window';
import { EmailStep } from './email-step';
import { FailureNotice } from './failure-notice';
import { initialFlow, reducer, type Flow } from './flow';
import { useStepFocus } from './focus-step';
import { CardListStep, OtpStep, type Consent } from './kit-steps';
import { NewCardStep } from './new-card-step';
import * as actions from './payment-actions';
import { useNetworkSession, useOrderConfiguration } from './use-network-session';
import './click-to-pay.css';

interface Props {
  onPaid(payment: ClickToPayPayment): void;
  /** A variant that takes over after the card is chosen (or, hosted, once the SDK is ready). */
  extension?: PaymentExtension;
  /** The guided tour's mock SRC has no payload to fetch: the card it answered is the payment (with how it was confirmed). */
  onMockPaid?(card: MaskedCard, authentication?: PaymentAuthentication): void;
  /** Card on File: a choice under the new-card form, and the card as the network's SDK encrypted it. */
  newCardOption?: { render(): ReactNode; onEncrypted(encryptedCard: string): void };
}

/**
 * Click to Pay on the payment step, for the spec's three use cases: a recognised shopper picks a
 * card; a known email gets a one-time code, then its cards; an unknown email enters a card that the
 * network encrypts and enrols. Each ends in the DCF window the settings choose, then our server
 * fetches the payload and the review step shows what it holds.
 */
export function ClickToPayPayment(props: Props) {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language).iso;
  const [settings] = useState<CommonSettings>(paymentSettings);
  // Spec section 4: read on mount from MSDT_USECASE (or the running tour's experience); it picks the test data suggested to the shopper.
  const [useCase] = useState(activeUseCase);
  const [testNote] = useState(paymentTestNote);
  const [flow, dispatch] = useReducer(reducer, initialFlow);
  const { config, transactionAmount } = useOrderConfiguration();
  useCustomStyleSheet();
  const hosted = props.extension?.hosted === true;
  const client = useNetworkSession({ config, settings, hosted, attempt: flow.attempt, dispatch });
  const dcf = useDcfWindow(settings.windowRefType);
  const stepRef = useStepFocus(flow.step.name);
  const consent = useRef<Consent>({ given: false, rememberMe: false });
  const shipping = useCheckout((s) => s.shipping);
  const [email, setEmail] = useState(shipping?.contact.type === 'email' ? shipping.contact.email : '');
  const context: actions.PaymentContext = {
    client,
    flow,
    dispatch,
    openWindow: dcf.open,
    config,
    settings,
    transactionAmount,
    consent,
    shipping,
    email,
    onPaid: props.onPaid,
    onMockPaid: props.onMockPaid,
  };
  const { step, message } = flow;
  const brands = config.cardBrands.join(',');

  return (
    <div className="c2p" aria-busy={step.name === 'loading' || flow.busy} data-use-case={useCase}>
      {step.name !== 'cards' && step.name !== 'otp' && <src-mark card-brands={brands} locale={locale} height="24" />}
      {message && (
        // On the code step the network's element announces the error itself; ours is shown, not announced twice.
        <p className="form__error" role={step.name === 'otp' ? undefined : 'alert'}>
          {message}
        </p>
      )}
      <div ref={stepRef} tabIndex={-1} className="c2p__step">
        <PaymentStep
          {...props}
          {...{ context, client, brands, locale, testNote, email, setEmail }}
          onConsent={(next) => (consent.current = next)}
        />
      </div>
      {dcf.isOpen && <DcfFrame ref={dcf.frameRef} presentation={settings.dcfPresentationType} />}
    </div>
  );
}

/** The flow's step as the shopper sees it, each wired to the payment's actions. */
function PaymentStep({
  context,
  client,
  brands,
  locale,
  testNote,
  email,
  setEmail,
  onConsent,
  extension,
  newCardOption,
}: Props & {
  context: actions.PaymentContext;
  client: ClickToPayClient | undefined;
  brands: string;
  locale: string;
  testNote: ReturnType<typeof paymentTestNote>;
  email: string;
  setEmail(email: string): void;
  onConsent(consent: Consent): void;
}) {
  const { t } = useTranslation();
  // Spec section 4's button-powered flag: the Click to Pay use case starts from the network's button.
  const [started, setStarted] = useState(() => !isButtonPowered());
  const { flow, dispatch } = context;
  const { step, busy } = flow;
  const kit = { brands, locale };
  return (
    <>
      {step.name === 'loading' && <Loader label={t('CLICK_TO_PAY.LOADING')} />}
      {step.name === 'unavailable' && <FailureNotice message={step.message} onRetry={step.retry} />}
      {!started && client && (step.name === 'email' || step.name === 'cards') && (
        <ClickToPayButton {...kit} transactionId={client.transactionId} onPress={() => setStarted(true)} />
      )}
      {started && step.name === 'email' && (
        <EmailStep
          {...{ email, testNote, busy }}
          onEmailChange={setEmail}
          onLookUp={(address) => void actions.lookUp(context, address)}
        />
      )}
      {step.name === 'otp' && <CodeStep context={context} {...kit} />}
      {started && step.name === 'cards' && (
        <>
          <CardListStep
            {...kit}
            cards={step.cards}
            onSelect={(id) => actions.payWithCard(context, id, extension)}
            onAddCard={() => dispatch({ type: 'add-card' })}
            onSignOut={() => void actions.signOut(context)}
          />
          <InfoButton slug="card-list" />
        </>
      )}
      {step.name === 'new-card' && (
        <NewCardStep
          {...{ locale, busy, onConsent }}
          brands={context.config.cardBrands}
          hasCards={flow.cards.length > 0}
          option={newCardOption?.render()}
          onSubmit={(card) => actions.payWithNewCard(context, card, newCardOption?.onEncrypted)}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {step.name === 'paying' && <Loader label={t('CLICK_TO_PAY.PAYING')} />}
      {busy && (step.name === 'cards' || step.name === 'new-card') && <Loader label={t('POLISH.IN_NETWORK_WINDOW')} />}
      {step.name === 'extension' && client && <ExtensionStep {...{ extension, client, flow, context }} />}
    </>
  );
}

/** The one-time code's step: checked, sent again or to the other channel, or another email. */
function CodeStep({ context, brands, locale }: { context: actions.PaymentContext; brands: string; locale: string }) {
  const { step } = context.flow;
  if (step.name !== 'otp') return null;
  return (
    <>
      <OtpStep
        brands={brands}
        locale={locale}
        validation={step.validation}
        errorReason={step.errorReason}
        errorMessage={step.errorMessage}
        failures={step.failures ?? 0}
        dark={context.settings.otpDarkTheme}
        onContinue={(value, rememberMe) => void actions.validate(context, value, rememberMe)}
        onResend={() => actions.sendCode(context)}
        onAlternate={(channelId) => actions.sendCode(context, channelId)}
        onNotYou={() => context.dispatch({ type: 'change-email' })}
      />
      <InfoButton slug="otp-input" />
    </>
  );
}

/** The variant's own step (installments), with a checkout that returns to it when cancelled. */
function ExtensionStep({
  extension,
  client,
  flow,
  context,
}: {
  extension: PaymentExtension | undefined;
  client: ClickToPayClient;
  flow: Flow;
  context: actions.PaymentContext;
}) {
  const { step, busy } = flow;
  if (step.name !== 'extension' || !extension) return null;
  return extension.render({
    client,
    card: step.card,
    cancelled: step.cancelled === true,
    busy,
    checkout: (params) =>
      void actions.checkout(context, 'checkoutWithInstallments', params, context.openWindow(), {
        ...step,
        cancelled: true,
      }),
    back: () => context.dispatch({ type: 'back' }),
  });
}
