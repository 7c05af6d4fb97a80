import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  cardNumberError,
  detectCardBrand,
  expiryError,
  formatCardNumber,
  lastFour,
  securityCodeError,
  SUPPORTED_CARD_BRANDS,
  TEST_CARDS,
  TEST_SECURITY_CODE,
  testCardExpiry,
} from '@c2p/domain';
import { CardLogo } from '../../components/layout/card-logos';
import { focusField, TextField } from '../../components/form/fields';
import { useCheckout } from './checkout-store';
import { CheckoutStep } from './checkout-step';

type CardField = 'number' | 'expiry' | 'securityCode';
const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/**
 * The payment step. Card entry is one payment method; Click to Pay joins it here as another
 * method (live tool issue), using the same summary it stores: brand, last four and expiry only.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const setPayment = useCheckout((s) => s.setPayment);
  const intent = useCheckout((s) => s.intent);
  // Until the configuration screen exists, every supported brand is enabled.
  const enabled = SUPPORTED_CARD_BRANDS;
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
    const found = { number: errorOf('number'), expiry: errorOf('expiry'), securityCode: errorOf('securityCode') };
    setErrors(found);
    const invalid = (['number', 'expiry', 'securityCode'] as const).find((field) => found[field]);
    if (invalid || brand === 'unknown') {
      focusField(formRef.current, invalid ?? 'number');
      return;
    }
    setPayment({ method: 'card', brand, lastFour: lastFour(digitsOf(values.number)), expiry: values.expiry });
    navigate('/checkout/review');
  };

  const testCard = TEST_CARDS[0]!;
  const useTestCard = () => {
    const next = {
      number: formatCardNumber(testCard.cardNumber),
      expiry: testCardExpiry(),
      securityCode: TEST_SECURITY_CODE,
    };
    setValues(next);
    setErrors({});
  };
  const error = (field: CardField) => (errors[field] ? { key: errors[field] } : undefined);

  return (
    <CheckoutStep step="payment">
      {intent === 'installments' && (
        <p className="notice" role="note">
          {t('CHECKOUT.PAYMENT.INSTALLMENTS_NOTE')}
        </p>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="checkout-form">
        <section aria-labelledby="card-title">
          <h2 id="card-title">{t('CHECKOUT.PAYMENT.CARD_TITLE')}</h2>
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
        </section>
        <button type="submit" className="button button--primary next-step">
          {t('CHECKOUT.PAYMENT.CONTINUE')}
        </button>
      </form>
    </CheckoutStep>
  );
}

/** Types MM/YY: the slash arrives by itself after the month. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
