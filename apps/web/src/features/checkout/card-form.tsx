import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  cardNumberError,
  detectCardBrand,
  expiryError,
  formatCardNumber,
  securityCodeError,
  type SupportedCardBrand,
} from '@c2p/domain';
import { CardLogo } from '../../components/layout/card-logos';
import { focusField, TextField } from '../../components/form/fields';
import { storeConfiguration } from '../../lib/click-to-pay/settings';

type CardField = 'number' | 'expiry' | 'securityCode';

/** A card as typed and checked: digits only, MM/YY, and the brand it belongs to. */
export interface EnteredCard {
  number: string;
  expiry: string;
  securityCode: string;
  brand: SupportedCardBrand;
}

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** Types MM/YY: the slash arrives by itself after the month. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The shop's card entry with the spec's checks by each field. It hands a checked card to `onSubmit`;
 * the card number never leaves the browser except inside the network's encryption.
 */
export function CardForm({
  enabled,
  submitLabel,
  busy = false,
  onSubmit,
  children,
  id,
}: {
  enabled: readonly SupportedCardBrand[];
  submitLabel: string;
  busy?: boolean;
  onSubmit(card: EnteredCard): void;
  /** Shown between the fields and the submit button (a consent, say). */
  children?: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<CardField, string>>({ number: '', expiry: '', securityCode: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const brand = detectCardBrand(values.number, enabled);

  const errorOf = (field: CardField, v = values): string | undefined =>
    field === 'number'
      ? cardNumberError(digitsOf(v.number), enabled)
      : field === 'expiry'
        ? expiryError(v.expiry)
        : securityCodeError(v.securityCode, detectCardBrand(v.number, enabled));
  const check = (field: CardField, value: string) => {
    const next = { ...values, [field]: value };
    setErrors((e) => ({ ...e, [field]: errorOf(field, next) }));
  };
  const set = (field: CardField, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = { number: errorOf('number'), expiry: errorOf('expiry'), securityCode: errorOf('securityCode') };
    setErrors(found);
    const invalid = (['number', 'expiry', 'securityCode'] as const).find((field) => found[field]);
    if (invalid || brand === 'unknown') {
      focusField(formRef.current, invalid ?? 'number');
      return;
    }
    onSubmit({ number: digitsOf(values.number), expiry: values.expiry, securityCode: values.securityCode, brand });
  };

  // The configured test card (widget and test data config), the built-in one unless changed there.
  const [testCard] = useState(() => storeConfiguration().testDataCardDetails);
  const useTestCard = () => {
    setValues({
      number: formatCardNumber(testCard.cardNumber),
      expiry: formatExpiry(testCard.expiryDate),
      securityCode: testCard.securityCode,
    });
    setErrors({});
  };
  const error = (field: CardField) => (errors[field] ? { key: errors[field] } : undefined);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="checkout-form" id={id}>
      <div className="card-entry">
        <div className="card-entry__number">
          <TextField
            name="number"
            label={t('CHECKOUT.PAYMENT.CARD_NUMBER')}
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
            value={values.number}
            error={error('number')}
            onChange={(value) => set('number', formatCardNumber(value))}
            onCheck={(value) => check('number', value)}
          />
          <CardLogo brand={brand} />
        </div>
        <TextField
          name="expiry"
          label={t('CHECKOUT.PAYMENT.EXPIRY')}
          placeholder={t('CHECKOUT.PAYMENT.EXPIRY_PLACEHOLDER')}
          inputMode="numeric"
          autoComplete="cc-exp"
          dir="ltr"
          maxLength={5}
          value={values.expiry}
          error={error('expiry')}
          onChange={(value) => set('expiry', formatExpiry(value))}
          onCheck={(value) => check('expiry', value)}
        />
        <TextField
          name="securityCode"
          label={t('CHECKOUT.PAYMENT.SECURITY_CODE')}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          maxLength={4}
          value={values.securityCode}
          error={error('securityCode')}
          onChange={(value) => set('securityCode', value.replace(/\D/g, ''))}
          onCheck={(value) => check('securityCode', value)}
        />
      </div>
      <div className="test-card">
        <p>
          {t('CHECKOUT.PAYMENT.TEST_CARD_HINT')}{' '}
          <bdi dir="ltr" className="ltr">
            {formatCardNumber(testCard.cardNumber)}
          </bdi>
        </p>
        <button type="button" className="button button--link" onClick={useTestCard}>
          {t('CHECKOUT.PAYMENT.USE_TEST_CARD')}
        </button>
      </div>
      {children}
      <button type="submit" className="button button--primary next-step" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
