import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { detectCardBrand, formatMoney, lastFour as lastFourOf } from '@c2p/domain';
import { isEmailAddress } from '@c2p/domain/forms';
import { clickToPaySession } from '../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../lib/click-to-pay/errors';
import type { CheckoutResponse } from '../../lib/click-to-pay/types';
import { useTranslation } from '../../lib/i18n';
import { MockWindow } from './mock-window';

const AMOUNT = { transactionAmount: 100, transactionCurrencyCode: 'USD' };

interface Saved {
  lastFour: string;
  brand: string;
}

function Field({
  name,
  label,
  type = 'text',
  error,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
  autoComplete?: string;
}) {
  const id = `cof-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        dir="ltr"
        autoComplete={autoComplete}
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

/**
 * The card-on-file tour on the mock SRC: the shopper signs in to the shop, saves a card (the
 * network encrypts it) and pays with it, confirming in the network's window.
 */
export function CardOnFileTour({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState<string>();
  const [saved, setSaved] = useState<Saved>();
  const [paid, setPaid] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  const signIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found: Record<string, string> = {};
    if (!isEmailAddress(address)) found.email = t('VALIDATION.EMAIL');
    if (password.length < 5) found.password = t('TOUR.COF.REQUIRED');
    setErrors(found);
    if (Object.keys(found).length === 0) setEmail(address);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const number = String(data.get('number') ?? '').replace(/\D/g, '');
    const expiry = String(data.get('expiry') ?? '');
    const code = String(data.get('securityCode') ?? '');
    const found: Record<string, string> = {};
    if (!number) found.number = t('TOUR.COF.REQUIRED');
    if (!/^\d{2}\/\d{2}$/.test(expiry)) found.expiry = t('TOUR.COF.REQUIRED');
    if (!/^\d{3,4}$/.test(code)) found.securityCode = t('TOUR.COF.REQUIRED');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const client = await clickToPaySession().ready;
      const [month, year] = expiry.split('/');
      const encrypted = await client.call<{ cardBrand: string }>('encryptCard', {
        primaryAccountNumber: number,
        panExpirationMonth: month,
        panExpirationYear: year,
        cardSecurityCode: code,
      });
      const brand = encrypted?.cardBrand ?? detectCardBrand(number);
      setSaved({ lastFour: lastFourOf(number), brand });
    } catch (error) {
      setMessage(sdkErrorMessage('encryptCard', error));
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (!saved || busy) return;
    flushSync(() => setWindowOpen(true));
    setBusy(true);
    setMessage(undefined);
    try {
      const client = await clickToPaySession().ready;
      const result = await client.call<CheckoutResponse>('checkoutWithCard', {
        srcDigitalCardId: `card-on-file-${saved.lastFour}`,
        windowRef: frame.current?.contentWindow,
        dpaTransactionOptions: { transactionAmount: AMOUNT },
      });
      if (result?.checkoutActionCode === 'COMPLETE') {
        setPaid(true);
        onDone();
      }
    } catch (error) {
      setMessage(sdkErrorMessage('checkoutWithCard', error));
    } finally {
      setWindowOpen(false);
      setBusy(false);
    }
  };

  return (
    <div className="tour-flow" aria-busy={busy}>
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <section aria-labelledby="cof-sign-in-title" className="tour-flow__step">
        <h2 id="cof-sign-in-title">{t('TOUR.COF.SIGN_IN_TITLE')}</h2>
        {email ? (
          <p role="status">{t('TOUR.COF.SIGNED_IN', { email })}</p>
        ) : (
          <form noValidate onSubmit={signIn} className="tour-flow__form">
            <Field name="email" type="email" label={t('TOUR.COF.EMAIL')} error={errors.email} autoComplete="email" />
            <Field
              name="password"
              type="password"
              label={t('TOUR.COF.PASSWORD')}
              error={errors.password}
              autoComplete="current-password"
            />
            <button type="submit" className="button button--primary" data-tour="cof-sign-in">
              {t('TOUR.COF.SIGN_IN')}
            </button>
          </form>
        )}
      </section>
      {email && (
        <section aria-labelledby="cof-save-title" className="tour-flow__step">
          <h2 id="cof-save-title">{t('TOUR.COF.SAVE_TITLE')}</h2>
          {saved ? (
            <p role="status">{t('TOUR.COF.SAVED', { brand: saved.brand, lastFour: saved.lastFour })}</p>
          ) : (
            <form noValidate onSubmit={(event) => void save(event)} className="tour-flow__form">
              <Field name="number" label={t('TOUR.COF.CARD_NUMBER')} error={errors.number} autoComplete="cc-number" />
              <Field name="expiry" label={t('TOUR.COF.EXPIRY')} error={errors.expiry} autoComplete="cc-exp" />
              <Field
                name="securityCode"
                label={t('TOUR.COF.SECURITY_CODE')}
                error={errors.securityCode}
                autoComplete="cc-csc"
              />
              <button type="submit" className="button button--primary" data-tour="cof-save" disabled={busy}>
                {t('TOUR.COF.SAVE')}
              </button>
            </form>
          )}
        </section>
      )}
      {saved && (
        <section aria-labelledby="cof-pay-title" className="tour-flow__step">
          <h2 id="cof-pay-title">{t('TOUR.COF.PAY_TITLE')}</h2>
          {paid ? (
            <p role="status" className="tour-flow__done">
              {t('TOUR.COF.DONE', { lastFour: saved.lastFour })}
            </p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-tour="cof-pay"
              disabled={busy}
              onClick={() => void pay()}
            >
              {t('TOUR.COF.PAY', { amount: formatMoney(10000, i18n.language), lastFour: saved.lastFour })}
            </button>
          )}
        </section>
      )}
      {windowOpen && <MockWindow ref={frame} />}
    </div>
  );
}
