import { useEffect, useRef, useState } from 'react';
import type { InitiateValidationResponse, MaskedCard } from '../../../lib/click-to-pay/types';
import { useElementEvents } from './use-element-events';

/** The shopper's answers on the network's consent element, asked once per checkout. */
export interface Consent {
  given: boolean;
  rememberMe: boolean;
}

// The steps the network's UI kit draws (reference section 7): we load them and hear their events.

export function CardListStep({
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

export function OtpStep({
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

export function ConsentStep({ locale, onChange }: { locale: string; onChange(consent: Consent): void }) {
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
