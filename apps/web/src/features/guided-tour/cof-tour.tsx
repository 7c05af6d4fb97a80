import { useState, type FormEvent } from 'react';
import {
  detectCardBrand,
  formatMoney,
  inLocaleDigits,
  lastFour as lastFourOf,
  SUPPORTED_CARD_BRANDS,
} from '@c2p/domain';
import { isEmailAddress } from '@c2p/domain/forms';
import type { CheckoutResponse } from '../../lib/click-to-pay/types';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { TOUR_AMOUNT, TOUR_AMOUNT_CENTS, TourDone, TourFlow, TourStepSection, useTourSdk } from './tour-flow';

interface Saved {
  lastFour: string;
  brand: string;
}

/** The catalogue's name for a brand id the network answered ('mastercard' reads Mastercard). */
const brandKey = (brand: string) =>
  (SUPPORTED_CARD_BRANDS as readonly string[]).includes(brand.toLowerCase()) ? brand.toLowerCase() : 'unknown';

interface FieldSpec {
  name: string;
  /** Its label's message key. */
  label: string;
  type?: string;
  autoComplete: string;
}

const SIGN_IN_FIELDS: FieldSpec[] = [
  { name: 'email', type: 'email', label: 'TOUR.COF.EMAIL', autoComplete: 'email' },
  { name: 'password', type: 'password', label: 'TOUR.COF.PASSWORD', autoComplete: 'current-password' },
];

const CARD_FIELDS: FieldSpec[] = [
  { name: 'number', label: 'TOUR.COF.CARD_NUMBER', autoComplete: 'cc-number' },
  { name: 'expiry', label: 'TOUR.COF.EXPIRY', autoComplete: 'cc-exp' },
  { name: 'securityCode', label: 'TOUR.COF.SECURITY_CODE', autoComplete: 'cc-csc' },
];

type Errors = Record<string, string>;

function Field({ label, error, ...input }: FieldSpec & { error?: string }) {
  const id = `cof-${input.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        dir="ltr"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form of the tour: its fields with their problems once sent, and its submit button (marked for the hint). */
function TourForm({
  fields,
  validate,
  onValid,
  submit,
  tour,
  disabled,
}: {
  fields: FieldSpec[];
  validate(data: FormData, t: TFunction): Errors;
  onValid(data: FormData): void;
  submit: string;
  /** The hint's handle on the submit button. */
  tour: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const submitted = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found = validate(data, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(data);
  };
  return (
    <form noValidate onSubmit={submitted} className="tour-flow__form">
      {fields.map((field) => (
        <Field key={field.name} {...field} label={t(field.label)} error={errors[field.name]} />
      ))}
      <button type="submit" className="button button--primary" data-tour={tour} disabled={disabled}>
        {submit}
      </button>
    </form>
  );
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

function signInErrors(data: FormData, t: TFunction): Errors {
  const found: Errors = {};
  if (!isEmailAddress(text(data, 'email').trim())) found.email = t('VALIDATION.EMAIL');
  if (text(data, 'password').length < 5) found.password = t('TOUR.COF.REQUIRED');
  return found;
}

function cardErrors(data: FormData, t: TFunction): Errors {
  const found: Errors = {};
  if (!text(data, 'number').replace(/\D/g, '')) found.number = t('TOUR.COF.REQUIRED');
  if (!/^\d{2}\/\d{2}$/.test(text(data, 'expiry'))) found.expiry = t('TOUR.COF.REQUIRED');
  if (!/^\d{3,4}$/.test(text(data, 'securityCode'))) found.securityCode = t('TOUR.COF.REQUIRED');
  return found;
}

/** encryptCard's parameters from the card form. */
function cardToEncrypt(data: FormData) {
  const [month, year] = text(data, 'expiry').split('/');
  return {
    primaryAccountNumber: text(data, 'number').replace(/\D/g, ''),
    panExpirationMonth: month,
    panExpirationYear: year,
    cardSecurityCode: text(data, 'securityCode'),
  };
}

/**
 * The card-on-file tour on the mock SRC: the shopper signs in to the shop, saves a card (the
 * network encrypts it) and pays with it, confirming in the network's window.
 */
export function CardOnFileTour({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const { busy, call, flow } = useTourSdk();
  const [email, setEmail] = useState<string>();
  const [saved, setSaved] = useState<Saved>();
  const [paid, setPaid] = useState(false);
  const lastFour = saved && inLocaleDigits(saved.lastFour, i18n.language);

  const save = (data: FormData) => {
    const card = cardToEncrypt(data);
    const number = card.primaryAccountNumber;
    void call<{ cardBrand: string }>('encryptCard', card, (encrypted) =>
      setSaved({ lastFour: lastFourOf(number), brand: encrypted?.cardBrand ?? detectCardBrand(number) }),
    );
  };

  const pay = (card: Saved) => {
    if (busy) return;
    const params = {
      srcDigitalCardId: `card-on-file-${card.lastFour}`,
      dpaTransactionOptions: { transactionAmount: TOUR_AMOUNT },
    };
    const paidWith = (result: CheckoutResponse | undefined) => {
      if (result?.checkoutActionCode !== 'COMPLETE') return;
      setPaid(true);
      onDone();
    };
    void call<CheckoutResponse>('checkoutWithCard', params, paidWith, true);
  };

  return (
    <TourFlow {...flow}>
      <TourStepSection id="cof-sign-in-title" title={t('TOUR.COF.SIGN_IN_TITLE')}>
        {email ? (
          <p role="status">{t('TOUR.COF.SIGNED_IN', { email })}</p>
        ) : (
          <TourForm
            fields={SIGN_IN_FIELDS}
            validate={signInErrors}
            onValid={(data) => setEmail(text(data, 'email').trim())}
            submit={t('TOUR.COF.SIGN_IN')}
            tour="cof-sign-in"
          />
        )}
      </TourStepSection>
      {email && (
        <TourStepSection id="cof-save-title" title={t('TOUR.COF.SAVE_TITLE')}>
          {saved ? (
            <p role="status">{t('TOUR.COF.SAVED', { brand: t(`CARD_BRANDS.${brandKey(saved.brand)}`), lastFour })}</p>
          ) : (
            <TourForm
              fields={CARD_FIELDS}
              validate={cardErrors}
              onValid={save}
              submit={t('TOUR.COF.SAVE')}
              tour="cof-save"
              disabled={busy}
            />
          )}
        </TourStepSection>
      )}
      {saved && (
        <TourStepSection id="cof-pay-title" title={t('TOUR.COF.PAY_TITLE')}>
          {paid ? (
            <TourDone>{t('TOUR.COF.DONE', { lastFour })}</TourDone>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-tour="cof-pay"
              disabled={busy}
              onClick={() => pay(saved)}
            >
              {t('TOUR.COF.PAY', { amount: formatMoney(TOUR_AMOUNT_CENTS, i18n.language), lastFour })}
            </button>
          )}
        </TourStepSection>
      )}
    </TourFlow>
  );
}
