import { useState } from 'react';
import { cardNumberError, detectCardBrand, expiryError, formatCardNumber, securityCodeError } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';

interface Props {
  initial: Record<string, unknown>;
}

/** The card input as the shop's checkout uses it: the brand follows the number, each field says what is wrong. */
export function CardInputDemo({ initial }: Props) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(formatCardNumber(String(initial.primaryAccountNumber ?? '')));
  const year = String(initial.panExpirationYear ?? '').slice(-2);
  const [expiry, setExpiry] = useState(
    initial.panExpirationMonth ? `${String(initial.panExpirationMonth)}/${year}` : '',
  );
  const [code, setCode] = useState(String(initial.cardSecurityCode ?? ''));
  const brand = detectCardBrand(number);
  const errors = {
    number: cardNumberError(number),
    expiry: expiryError(expiry),
    code: securityCodeError(code, brand),
  };
  const field = (
    id: keyof typeof errors,
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <div className="field">
      <label htmlFor={`demo-${id}`}>{label}</label>
      <input
        id={`demo-${id}`}
        dir="ltr"
        value={value}
        autoComplete={autoComplete}
        inputMode="numeric"
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `demo-${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {errors[id] && (
        <p id={`demo-${id}-error`} className="field__error">
          {t(errors[id])}
        </p>
      )}
    </div>
  );
  return (
    <div className="component-demo__card-input">
      {field('number', t('COMPONENTS.CARD_INPUT.NUMBER'), number, (v) => setNumber(formatCardNumber(v)), 'cc-number')}
      {field('expiry', t('COMPONENTS.CARD_INPUT.EXPIRY'), expiry, setExpiry, 'cc-exp')}
      {field('code', t('COMPONENTS.CARD_INPUT.CODE'), code, setCode, 'cc-csc')}
      <p role="status" data-testid="detected-brand">
        {t('COMPONENTS.CARD_INPUT.BRAND', { brand: t(`COMPONENTS.BRANDS.${brand}`) })}
      </p>
    </div>
  );
}
