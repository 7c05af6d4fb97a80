import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { normalisePromoCode, promoDiscountCents } from '@c2p/domain';
import { useCheckout } from '../../lib/checkout-store';

export function PromoCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const applied = useCheckout((s) => s.promoCode);
  const setPromoCode = useCheckout((s) => s.setPromoCode);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('VALIDATION.PROMO_CODE_REQUIRED'));
    if (promoDiscountCents(code, 0) === null) return setError(t('VALIDATION.PROMO_CODE_INVALID'));
    setError(undefined);
    setPromoCode(normalisePromoCode(code));
    setCode('');
  };

  if (applied) {
    return (
      <div className="promo-code">
        <p role="status">{t('SHOP.PROMO.APPLIED', { code: applied })}</p>
        <button type="button" className="button button--link" onClick={() => setPromoCode(undefined)}>
          {t('SHOP.PROMO.REMOVE')}
        </button>
      </div>
    );
  }
  return (
    <form className="promo-code" onSubmit={apply} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('SHOP.PROMO.LABEL')}</label>
        <div className="promo-code__row">
          <input
            id={id}
            value={code}
            dir="ltr"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('SHOP.PROMO.APPLY')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="field__hint">
            {t('SHOP.PROMO.HINT')}
          </p>
        )}
      </div>
    </form>
  );
}
