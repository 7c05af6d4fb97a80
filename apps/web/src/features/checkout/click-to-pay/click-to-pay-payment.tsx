import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../lib/i18n';
import {
  cartSubtotalCents,
  CURRENCY,
  fromCents,
  orderTotals,
  resolveLocale,
  type ClickToPayPayment,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
} from '@c2p/domain';
import { isEmailAddress } from '@c2p/domain/forms';
import { TextField } from '../../../components/form/fields';
import { Loader } from '../../../components/ui/loader';
import { notify } from '../../../components/ui/toast';
import { clickToPaySession, type ClickToPayClient } from '../../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../../lib/click-to-pay/errors';
import { loadUiKit, ScriptLoadTimeout } from '../../../lib/click-to-pay/sdk-loader';
import { activeUseCase, commonSettings } from '../../../lib/click-to-pay/settings';
import {
  isSdkError,
  type CheckoutResponse,
  type InitiateValidationResponse,
  type MaskedCard,
} from '../../../lib/click-to-pay/types';
import { useCart } from '../../cart';
import { CardForm, type EnteredCard } from '../card-form';
import { useCheckout } from '../../../lib/checkout-store';
import { DcfFrame, openDcfPopup } from './dcf-window';
import { useElementEvents } from './use-element-events';
import { focusStep } from './focus-step';
import { fetchPayloadWithRetry, FailureNotice } from './failure-notice';
import type { PaymentExtension } from '../../installments';
import {
  authenticateParams,
  ClickToPayButton,
  isButtonPowered,
  liveCheckoutConfiguration,
  useCustomStyleSheet,
} from '../../configuration';
import { InfoButton } from '../../components';
import './click-to-pay.css';

type Step =
  | { name: 'loading' }
  | { name: 'unavailable'; message: string; retry?(): void }
  | { name: 'cards'; cards: MaskedCard[] }
  | { name: 'email' }
  | {
      name: 'otp';
      validation: InitiateValidationResponse;
      errorReason?: string;
      errorMessage?: string;
      failures?: number;
    }
  | { name: 'new-card' }
  | { name: 'paying' }
  /** A variant's own step (installments: the plans for the chosen card, or its hosted form). */
  | { name: 'extension'; card?: MaskedCard; cancelled?: boolean };

interface Consent {
  given: boolean;
  rememberMe: boolean;
}

/**
 * Click to Pay on the payment step, for the spec's three use cases: a recognised shopper picks a
 * card; a known email gets a one-time code, then its cards; an unknown email enters a card that the
 * network encrypts and enrols. Each ends in the DCF window the settings choose, then our server
 * fetches the payload and the review step shows what it holds.
 */
export function ClickToPayPayment({
  onPaid,
  extension,
  onMockPaid,
  newCardOption,
}: {
  onPaid(payment: ClickToPayPayment): void;
  /** A variant that takes over after the card is chosen (or, hosted, once the SDK is ready). */
  extension?: PaymentExtension;
  /** The guided tour's mock SRC has no payload to fetch: the card it answered is the payment. */
  onMockPaid?(card: MaskedCard): void;
  /** Card on File: a choice under the new-card form, and the card as the network's SDK encrypted it. */
  newCardOption?: { render(): ReactNode; onEncrypted(encryptedCard: string): void };
}) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const [configured] = useState<MerchantCheckoutConfiguration>(liveCheckoutConfiguration);
  const [settings] = useState<CommonSettings>(commonSettings);
  // Spec section 4: read on mount from MSDT_USECASE; it picks the test data suggested to the shopper.
  const [useCase] = useState(activeUseCase);
  const [client, setClient] = useState<ClickToPayClient>();
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [cards, setCards] = useState<MaskedCard[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [dcfOpen, setDcfOpen] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  const consent = useRef<Consent>({ given: false, rememberMe: false });
  const shipping = useCheckout((s) => s.shipping);
  const promoCode = useCheckout((s) => s.promoCode);
  const items = useCart((s) => s.items);
  const initialEmail = shipping?.contact.type === 'email' ? shipping.contact.email : '';

  // The network is told the truth from init on: the order's total (the cart less the promo code;
  // shipping is free) in the shop's currency. The server refuses an order of another amount.
  const subtotal = cartSubtotalCents(items);
  const total = fromCents(orderTotals(subtotal, promoCode).totalCents);
  const transactionAmount = useMemo(() => ({ transactionAmount: total, transactionCurrencyCode: CURRENCY }), [total]);
  const config = useMemo<MerchantCheckoutConfiguration>(
    () => ({ ...configured, dpaTransactionOptions: { ...configured.dpaTransactionOptions, transactionAmount } }),
    [configured, transactionAmount],
  );
  useCustomStyleSheet();
  // Spec section 4's button-powered flag: the Click to Pay use case starts from the network's button.
  const [started, setStarted] = useState(() => !isButtonPowered());
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const retryLoad = () => {
    setStep({ name: 'loading' });
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    let live = true;
    const session = clickToPaySession({ config, settings });
    session.ready
      .then(async (ready) => {
        await loadUiKit(config.srciEnv.uiKitJs, config.srciEnv.uiKitCss);
        const found = (await ready.call<MaskedCard[]>('getCards')) ?? [];
        if (!live) return;
        setClient(ready);
        setCards(found);
        if (extension?.hosted) setStep({ name: 'extension' });
        else setStep(found.length > 0 ? { name: 'cards', cards: found } : { name: 'email' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const text =
          error instanceof ScriptLoadTimeout || !isSdkError(error)
            ? t('APP_DEFAULT_ERROR_MESSAGE')
            : sdkErrorMessage('init', error);
        // One message, on the step, with a way forward (issue 18 item 5); the API log has the call.
        setStep({ name: 'unavailable', message: text, retry: retryLoad });
      });
    return () => {
      live = false;
    };
  }, [config, settings, t, attempt, extension?.hosted]); // `attempt`: Retry runs it again

  // A keyboard or screen reader user lands on each new step, not back at the top of the page.
  useEffect(() => {
    if (step.name === 'loading' || step.name === 'paying') return;
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    focusStep(stepRef.current);
  }, [step.name]);

  const brands = config.cardBrands.join(',');

  const fail = (method: string, error: unknown) => {
    const text = sdkErrorMessage(method, error);
    setMessage(text);
    return text;
  };

  const afterSignOut = async () => {
    setCards([]);
    setStep({ name: 'email' });
  };

  // ---- DCF window -------------------------------------------------------------------------
  const openWindow = (): { windowRef: Window; close(): void } => {
    if (settings.windowRefType === 'popup') {
      const popup = openDcfPopup();
      if (popup) return { windowRef: popup, close: () => popup.close() };
    }
    flushSync(() => setDcfOpen(true));
    const frame = frameRef.current!;
    return {
      windowRef: frame.contentWindow!,
      close: () => {
        frame.src = 'about:blank';
        setDcfOpen(false);
      },
    };
  };

  /** Opens the DCF window unless the caller already did, in the shopper's click (`dcf`). */
  const checkout = async (
    method: 'checkoutWithCard' | 'checkoutWithNewCard' | 'checkoutWithInstallments',
    params: Record<string, unknown>,
    dcf = openWindow(),
    back: Step = cards.length > 0 ? { name: 'cards', cards } : { name: 'new-card' },
  ) => {
    if (!client) return dcf.close();
    setBusy(true);
    setMessage(undefined);
    // The step stays behind the network's window (no collapse to a spinner); 'paying' follows COMPLETE.
    try {
      const result = await client.call<CheckoutResponse>(method, {
        ...params,
        windowRef: dcf.windowRef,
        dpaTransactionOptions: { transactionAmount },
      });
      dcf.close();
      await handleResult(result, back);
    } catch (error) {
      dcf.close();
      fail(method, error);
      setStep(back);
    } finally {
      setBusy(false);
    }
  };

  const handleResult = async (result: CheckoutResponse | undefined, back: Step) => {
    switch (result?.checkoutActionCode) {
      case 'COMPLETE': {
        const mockCard = client?.source === 'mock' ? result.checkoutResponseData?.maskedCard : undefined;
        if (mockCard && onMockPaid) return onMockPaid(mockCard);
        const correlationId = result.checkoutResponseData?.srcCorrelationId;
        const merchantTransactionId = result.headers?.['merchant-transaction-id'];
        const flowId = result.headers?.['x-src-cx-flow-id'];
        if (!correlationId || !merchantTransactionId || !flowId) break;
        const request = {
          srcDpaId: config.srciEnv.dpaId,
          srcCorrelationId: correlationId,
          merchantTransactionId,
          flowId,
        };
        await fetchPayloadWithRetry({ ...request, transactionAmount }, onPaid, setStep, t('API_ERRORS.FETCH_PAYLOAD'));
        return;
      }
      case 'CANCEL':
      case 'CHANGE_CARD':
        setStep(back);
        return;
      case 'ADD_CARD':
        setStep({ name: 'new-card' });
        return;
      case 'SWITCH_CONSUMER':
        await client?.call('signOut').catch(() => undefined);
        await afterSignOut();
        return;
      default:
        break;
    }
    void notify('error', t('SRCI_ERRORS.CHECKOUT.DEFAULT_ERROR'));
    setStep(back);
  };

  // ---- Identity -------------------------------------------------------------------------
  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!client || busy) return;
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setEmailError(t('VALIDATION.OTP_EMAIL'));
      return;
    }
    setEmailError(undefined);
    setMessage(undefined);
    setBusy(true);
    // The configuration's authentication module: the network's own code screen (authenticate).
    if (settings.consumerAuthenticationModule) {
      const dcf = openWindow();
      try {
        const found =
          (
            await client.call<{ cards?: MaskedCard[] }>(
              'authenticate',
              authenticateParams(address, dcf.windowRef, settings),
            )
          )?.cards ?? [];
        setCards(found);
        setStep(found.length > 0 ? { name: 'cards', cards: found } : { name: 'new-card' });
      } catch (error) {
        fail('authenticate', error);
      } finally {
        dcf.close();
        setBusy(false);
      }
      return;
    }
    try {
      const found = await client.call<{ consumerPresent: boolean }>('idLookup', { email: address });
      if (!found?.consumerPresent) {
        setStep({ name: 'new-card' });
        return;
      }
      await sendCode();
    } catch (error) {
      fail('idLookup', error);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (requestedValidationChannelId?: string) => {
    if (!client) return;
    try {
      const validation = await client.call<InitiateValidationResponse>(
        'initiateValidation',
        requestedValidationChannelId ? { requestedValidationChannelId } : undefined,
      );
      if (validation) setStep({ name: 'otp', validation });
    } catch (error) {
      fail('initiateValidation', error);
    }
  };

  const validate = async (value: string, rememberMe: boolean) => {
    if (!client || step.name !== 'otp') return;
    setMessage(undefined);
    consent.current = { ...consent.current, rememberMe };
    try {
      const found = (await client.call<MaskedCard[]>('validate', { value, rememberMe })) ?? [];
      setCards(found);
      setStep(found.length > 0 ? { name: 'cards', cards: found } : { name: 'new-card' });
    } catch (error) {
      // One message, the spec's, shown by the code fields themselves (not a second one above them).
      setStep({
        ...step,
        errorMessage: sdkErrorMessage('validate', error),
        errorReason: isSdkError(error) ? error.reason : 'UNKNOWN_ERROR',
        failures: (step.failures ?? 0) + 1,
      });
    }
  };

  // ---- Cards ----------------------------------------------------------------------------
  const payWithCard = (srcDigitalCardId: string) => {
    if (busy) return;
    if (extension) {
      setStep({ name: 'extension', card: cards.find((card) => card.srcDigitalCardId === srcDigitalCardId) });
      return;
    }
    void checkout('checkoutWithCard', {
      srcDigitalCardId,
      // Asked once: on the code step (or by the consent), never again in the network's window.
      rememberMe: consent.current.rememberMe,
    });
  };

  const signOut = async () => {
    if (!client) return;
    await client.call('signOut').catch((error: unknown) => fail('signOut', error));
    await afterSignOut();
  };

  const payWithNewCard = (card: EnteredCard) => {
    if (!client || busy) return;
    // The popup must open inside the click (a later one is blocked): the encryption happens while
    // it shows its loader, and the checkout then runs in the same window.
    const dcf = openWindow();
    setBusy(true);
    void (async () => {
      try {
        const [month, year] = card.expiry.split('/');
        const encrypted = await client.call<{ encryptedCard: string; cardBrand: string }>('encryptCard', {
          primaryAccountNumber: card.number,
          panExpirationMonth: month,
          panExpirationYear: year,
          cardSecurityCode: card.securityCode,
          ...(shipping
            ? { cardholderFirstName: shipping.address.firstName, cardholderLastName: shipping.address.lastName }
            : {}),
        });
        if (!encrypted) throw new Error('encryptCard answered nothing');
        newCardOption?.onEncrypted(encrypted.encryptedCard);
        await checkout(
          'checkoutWithNewCard',
          {
            encryptedCard: encrypted.encryptedCard,
            cardBrand: encrypted.cardBrand,
            consumer: consumerDetails(),
            ...(settings.requestedRecognitionToken ? { recognitionTokenRequested: true } : {}),
            ...(consent.current.given
              ? { complianceSettings: config.complianceSettings, rememberMe: consent.current.rememberMe }
              : {}),
          },
          dcf,
        );
      } catch (error) {
        dcf.close();
        fail('encryptCard', error);
        setBusy(false);
      }
    })();
  };

  const consumerDetails = () => {
    const contact = shipping?.contact;
    return {
      ...(email.trim() ? { emailAddress: email.trim() } : {}),
      ...(contact?.type === 'phone'
        ? {
            mobileNumber: {
              countryCode: contact.phoneCountryCode.replace('+', ''),
              phoneNumber: contact.phoneNumber.replace(/\D/g, ''),
            },
          }
        : {}),
      ...(shipping ? { firstName: shipping.address.firstName, lastName: shipping.address.lastName } : {}),
    };
  };

  return (
    <div className="c2p" aria-busy={step.name === 'loading' || busy} data-use-case={useCase}>
      {step.name !== 'cards' && step.name !== 'otp' && (
        <src-mark card-brands={brands} locale={locale.iso} height="24" />
      )}
      {message && (
        // On the code step the network's element announces the error itself; ours is shown, not announced twice.
        <p className="form__error" role={step.name === 'otp' ? undefined : 'alert'}>
          {message}
        </p>
      )}
      <div ref={stepRef} tabIndex={-1} className="c2p__step">
        {step.name === 'loading' && <Loader label={t('CLICK_TO_PAY.LOADING')} />}
        {step.name === 'unavailable' && <FailureNotice message={step.message} onRetry={step.retry} />}
        {!started && client && (step.name === 'email' || step.name === 'cards') && (
          <ClickToPayButton
            brands={brands}
            locale={locale.iso}
            transactionId={client.transactionId}
            onPress={() => setStarted(true)}
          />
        )}
        {started && step.name === 'email' && (
          <form noValidate onSubmit={lookUp} className="c2p__email">
            <p>{t('CLICK_TO_PAY.EMAIL_INTRO')}</p>
            <InfoButton slug="email-lookup" />
            <TextField
              name="c2pEmail"
              type="email"
              label={t('CLICK_TO_PAY.EMAIL')}
              autoComplete="email"
              dir="ltr"
              value={email}
              error={emailError ? { text: emailError } : undefined}
              onChange={setEmail}
              onCheck={() => undefined}
            />
            <p className="c2p__hint">{t(`CLICK_TO_PAY.TEST_DATA.${useCase}`)}</p>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('CLICK_TO_PAY.LOOK_UP')}
            </button>
            {busy && <Loader label={t('POLISH.LOOKING_UP')} />}
          </form>
        )}
        {step.name === 'otp' && (
          <OtpStep
            validation={step.validation}
            errorReason={step.errorReason}
            errorMessage={step.errorMessage}
            failures={step.failures ?? 0}
            brands={brands}
            locale={locale.iso}
            dark={settings.otpDarkTheme}
            onContinue={(value, rememberMe) => void validate(value, rememberMe)}
            onResend={() => sendCode()}
            onAlternate={(channelId) => sendCode(channelId)}
            onNotYou={() => setStep({ name: 'email' })}
          />
        )}
        {step.name === 'otp' && <InfoButton slug="otp-input" />}
        {started && step.name === 'cards' && (
          <CardListStep
            cards={step.cards}
            brands={brands}
            locale={locale.iso}
            onSelect={payWithCard}
            onAddCard={() => setStep({ name: 'new-card' })}
            onSignOut={() => void signOut()}
          />
        )}
        {started && step.name === 'cards' && <InfoButton slug="card-list" />}
        {step.name === 'new-card' && (
          <div className="c2p__new-card">
            <h3>{t('CLICK_TO_PAY.NEW_CARD_TITLE')}</h3>
            <InfoButton slug="card-input" />
            <CardForm
              enabled={config.cardBrands}
              busy={busy}
              submitLabel={t('CLICK_TO_PAY.PAY_WITH_CARD')}
              onSubmit={payWithNewCard}
            >
              <ConsentStep locale={locale.iso} onChange={(next) => (consent.current = next)} />
              {newCardOption?.render()}
            </CardForm>
            {cards.length > 0 ? (
              <button type="button" className="button button--link" onClick={() => setStep({ name: 'cards', cards })}>
                {t('CLICK_TO_PAY.BACK_TO_CARDS')}
              </button>
            ) : (
              <button type="button" className="button button--link" onClick={() => setStep({ name: 'email' })}>
                {t('CLICK_TO_PAY.OTHER_EMAIL')}
              </button>
            )}
          </div>
        )}
        {step.name === 'paying' && <Loader label={t('CLICK_TO_PAY.PAYING')} />}
        {busy && (step.name === 'cards' || step.name === 'new-card') && (
          <Loader label={t('POLISH.IN_NETWORK_WINDOW')} />
        )}
        {step.name === 'extension' &&
          client &&
          extension?.render({
            client,
            card: step.card,
            cancelled: step.cancelled === true,
            busy,
            checkout: (params) =>
              void checkout('checkoutWithInstallments', params, openWindow(), { ...step, cancelled: true }),
            back: () => setStep(cards.length > 0 ? { name: 'cards', cards } : { name: 'email' }),
          })}
      </div>
      {dcfOpen && <DcfFrame ref={frameRef} presentation={settings.dcfPresentationType} />}
    </div>
  );
}

function CardListStep({
  cards,
  brands,
  locale,
  onSelect,
  onAddCard,
  onSignOut,
}: {
  cards: MaskedCard[];
  brands: string;
  locale: string;
  onSelect(id: string): void;
  onAddCard(): void;
  onSignOut(): void;
}) {
  const ref = useElementEvents<HTMLElement & { loadCards(cards: MaskedCard[]): void }>({
    selectSrcDigitalCardId: (event) => onSelect(String(event.detail)),
    clickAddCardLink: () => onAddCard(),
    clickSignOutLink: () => onSignOut(),
  });
  useEffect(() => {
    ref.current?.loadCards(cards);
  }, [cards, ref]);
  return (
    <src-card-list
      ref={ref}
      card-brands={brands}
      locale={locale}
      display-sign-out=""
      display-add-card=""
      display-preferred-card=""
    />
  );
}

function OtpStep({
  validation,
  errorReason,
  errorMessage,
  failures,
  brands,
  locale,
  dark,
  onContinue,
  onResend,
  onAlternate,
  onNotYou,
}: {
  validation: InitiateValidationResponse;
  errorReason: string | undefined;
  errorMessage: string | undefined;
  /** Wrong answers so far: the same reason twice is still a new answer for the kit. */
  failures: number;
  brands: string;
  locale: string;
  dark: boolean;
  onContinue(value: string, rememberMe: boolean): void;
  onResend(): Promise<void>;
  onAlternate(channelId: string): Promise<void>;
  onNotYou(): void;
}) {
  const [resending, setResending] = useState(false);
  const resend = (run: () => Promise<void>) => {
    setResending(true);
    void run().finally(() => setResending(false));
  };
  const ref = useElementEvents<HTMLElement & { loadSupportedValidationChannels(c: unknown[]): void }>({
    continue: (event) => {
      const detail = event.detail as { value?: string; rememberMe?: boolean };
      onContinue(String(detail.value ?? ''), Boolean(detail.rememberMe));
    },
    resendOtp: () => resend(onResend),
    alternateRequested: () => {
      const other = validation.supportedValidationChannels.find(
        (channel) => channel.maskedValidationChannel !== validation.maskedValidationChannel,
      );
      if (other) resend(() => onAlternate(other.validationChannelId));
    },
    notYouRequested: () => onNotYou(),
    close: () => onNotYou(),
  });
  useEffect(() => {
    ref.current?.loadSupportedValidationChannels(validation.supportedValidationChannels);
  }, [validation, ref]);
  // Set on every failure, not only when the reason changes (React would skip an unchanged
  // attribute): the kit leaves its checking state, with the fields disabled, only when it is set.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (errorMessage) element.setAttribute('error-message', errorMessage);
    else element.removeAttribute('error-message');
    if (errorReason) element.setAttribute('error-reason', errorReason);
    else element.removeAttribute('error-reason');
  }, [errorReason, errorMessage, failures, ref]);
  // An attribute, not a property (React would set the kit's `dark` property to '', which is off).
  useEffect(() => {
    ref.current?.toggleAttribute('dark', dark);
  }, [dark, ref]);
  return (
    <src-otp-input
      ref={ref}
      masked-identity-value={validation.maskedValidationChannel}
      network-id={validation.network ?? 'mastercard'}
      card-brands={brands}
      locale={locale}
      display-remember-me=""
      display-cancel-option=""
      otp-resend-loading={resending ? '' : undefined}
    />
  );
}

function ConsentStep({ locale, onChange }: { locale: string; onChange(consent: Consent): void }) {
  const state = useRef<Consent>({ given: false, rememberMe: false });
  const ref = useElementEvents<HTMLElement>({
    checkoutAsGuest: (event) => {
      state.current = { ...state.current, given: !(event.detail as { checkoutAsGuest: boolean }).checkoutAsGuest };
      onChange(state.current);
    },
    rememberMe: (event) => {
      state.current = { ...state.current, rememberMe: Boolean((event.detail as { rememberMe: boolean }).rememberMe) };
      onChange(state.current);
    },
  });
  return <src-consent ref={ref} locale={locale} display-remember-me="" />;
}
