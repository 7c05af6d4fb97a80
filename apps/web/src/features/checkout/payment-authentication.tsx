import { useId } from 'react';
import type { PaymentAuthentication } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';

const KEY = 'CHECKOUT.PAYMENT_DETAILS.AUTHENTICATION';

/** What the shopper reads first: how the payment was confirmed, or that it does not count as authenticated. */
function headlineKey({ result, method }: PaymentAuthentication): string {
  if (result !== 'AUTHENTICATED') return `${KEY}.UNVERIFIED`;
  return method === 'PASSKEY' ? `${KEY}.CONFIRMED_PASSKEY` : `${KEY}.CONFIRMED_OTP`;
}

/**
 * How the shopper confirmed an authenticated payment (issue 31), and the assurance data the shop
 * received with it: the method with the network's verification code, the result and the ECI.
 */
export function PaymentAuthenticationDetails({
  authentication,
  collapsible = false,
}: {
  authentication: PaymentAuthentication;
  /** Folded under its headline (the order history's table). */
  collapsible?: boolean;
}) {
  const { t } = useTranslation();
  const headline = t(headlineKey(authentication));
  const headlineClass = `payment-authentication__headline payment-authentication__headline--${authentication.result.toLowerCase()}`;
  return (
    <div className="payment-authentication" data-testid="payment-authentication">
      {collapsible ? (
        <details>
          <summary className={headlineClass}>{headline}</summary>
          <AssuranceData authentication={authentication} />
        </details>
      ) : (
        <>
          <p className={headlineClass}>{headline}</p>
          <AssuranceData authentication={authentication} />
        </>
      )}
    </div>
  );
}

/** The assurance data as the shop received it: method and verification code, result, ECI. */
function AssuranceData({ authentication }: { authentication: PaymentAuthentication }) {
  const { t } = useTranslation();
  const label = useId();
  const { method, result, eci, verificationMethod } = authentication;
  const code = verificationMethod ?? t(`${KEY}.NONE`);
  return (
    <>
      <p id={label} className="payment-authentication__label">
        {t(`${KEY}.ASSURANCE`)}
      </p>
      <dl className="payment-details" aria-labelledby={label}>
        <div>
          <dt>{t(`${KEY}.METHOD`)}</dt>
          <dd>{t(`${KEY}.METHODS.${method ?? 'UNKNOWN'}`, { code })}</dd>
        </div>
        <div>
          <dt>{t(`${KEY}.RESULT`)}</dt>
          <dd>{t(`${KEY}.RESULTS.${result}`)}</dd>
        </div>
        <div>
          <dt>{t(`${KEY}.COMMERCE_INDICATOR`)}</dt>
          <dd>
            <bdi dir="ltr">{eci ?? t(`${KEY}.NONE`)}</bdi>
          </dd>
        </div>
      </dl>
    </>
  );
}
