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

type CardFieldName = 'number' | 'expiry' | 'securityCode';

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

/** The card as typed and each field's problem, checked by the spec's rules for the enabled brands. */
function useCardEntry(enabled: readonly SupportedCardBrand[]) {
  const [values, setValues] = useState<Record<CardFieldName, string>>({ number: '', expiry: '', securityCode: '' });
  const [errors, setErrors] = useState<Partial<Record<CardFieldName, string>>>({});
  const errorOf = (field: CardFieldName, v = values): string | undefined =>
    field === 'number'
      ? cardNumberError(digitsOf(v.number), enabled)
      : field === 'expiry'
        ? expiryError(v.expiry)
        : securityCodeError(v.securityCode, detectCardBrand(v.number, enabled));
  return {
    values,
    brand: detectCardBrand(values.number, enabled),
    error: (field: CardFieldName) => (errors[field] ? { key: errors[field] } : undefined),
    set: (field: CardFieldName, value: string) => setValues((v) => ({ ...v, [field]: value })),
    check: (field: CardFieldName, value: string) => {
      const next = { ...values, [field]: value };
      setErrors((e) => ({ ...e, [field]: errorOf(field, next) }));
    },
    /** Shows every field's problem; answers the first invalid field. */
    checkAll: (): CardFieldName | undefined => {
      const found = { number: errorOf('number'), expiry: errorOf('expiry'), securityCode: errorOf('securityCode') };
      setErrors(found);
      return (['number', 'expiry', 'securityCode'] as const).find((field) => found[field]);
    },
    fill: (card: Record<CardFieldName, string>) => {
      setValues(card);
      setErrors({});
    },
  };
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
  const entry = useCardEntry(enabled);
  const { values, brand } = entry;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = entry.checkAll();
    if (invalid || brand === 'unknown') {
      focusField(formRef.current, invalid ?? 'number');
      return;
    }
    onSubmit({ number: digitsOf(values.number), expiry: values.expiry, securityCode: values.securityCode, brand });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="checkout-form" id={id}>
      <div className="card-entry">
        <div className="card-entry__number">
          <CardField
            entry={entry}
            name="number"
            label={t('CHECKOUT.PAYMENT.CARD_NUMBER')}
            autoComplete="cc-number"
            format={formatCardNumber}
          />
          <CardLogo brand={brand} />
        </div>
        <CardField
          entry={entry}
          name="expiry"
          label={t('CHECKOUT.PAYMENT.EXPIRY')}
          placeholder={t('CHECKOUT.PAYMENT.EXPIRY_PLACEHOLDER')}
          autoComplete="cc-exp"
          maxLength={5}
          format={formatExpiry}
        />
        <CardField
          entry={entry}
          name="securityCode"
          label={t('CHECKOUT.PAYMENT.SECURITY_CODE')}
          autoComplete="cc-csc"
          maxLength={4}
          format={(value) => value.replace(/\D/g, '')}
        />
      </div>
      <TestCardHint onUse={entry.fill} />
      {children}
      <button type="submit" className="button button--primary next-step" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** One field of the card: typed as digits left to right, formatted as typed, checked on keyup and blur. */
function CardField({
  entry,
  name,
  format,
  ...field
}: {
  entry: ReturnType<typeof useCardEntry>;
  name: CardFieldName;
  label: string;
  placeholder?: string;
  autoComplete: string;
  maxLength?: number;
  format(value: string): string;
}) {
  return (
    <TextField
      {...field}
      name={name}
      inputMode="numeric"
      dir="ltr"
      value={entry.values[name]}
      error={entry.error(name)}
      onChange={(value) => entry.set(name, format(value))}
      onCheck={(value) => entry.check(name, value)}
    />
  );
}

/** The configured test card (widget and test data config), the built-in one unless changed there. */
function TestCardHint({ onUse }: { onUse(card: Record<CardFieldName, string>): void }) {
  const { t } = useTranslation();
  const [testCard] = useState(() => storeConfiguration().testDataCardDetails);
  const use = () =>
    onUse({
      number: formatCardNumber(testCard.cardNumber),
      expiry: formatExpiry(testCard.expiryDate),
      securityCode: testCard.securityCode,
    });
  return (
    <div className="test-card">
      <p>
        {t('CHECKOUT.PAYMENT.TEST_CARD_HINT')}{' '}
        <bdi dir="ltr" className="ltr">
          {formatCardNumber(testCard.cardNumber)}
        </bdi>
      </p>
      <button type="button" className="button button--link" onClick={use}>
        {t('CHECKOUT.PAYMENT.USE_TEST_CARD')}
      </button>
    </div>
  );
}
