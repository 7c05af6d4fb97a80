import { useTranslation } from '../../lib/i18n';
import { toCents, type Address, type Contact, type OrderInstallments, type PaymentAuthentication } from '@c2p/domain';
import { InstallmentsSchedule } from '../installments';
import { CardLogo, type CardBrand } from '../../components/layout/card-logos';
import { countryName } from '../../components/form/countries';
import { MaskedNumber } from '../../components/ui/masked-number';
import { Price } from '../../components/ui/price';
import { useProductNames } from '../products';
import { PaymentAuthenticationDetails } from './payment-authentication';

/** Each line takes its direction from what the shopper typed (a Latin address stays in order in Arabic). */
export function AddressBlock({ address }: { address: Address }) {
  const { i18n } = useTranslation();
  return (
    <address className="address-block">
      <bdi>
        {address.firstName} {address.lastName}
      </bdi>
      <br />
      <bdi>{address.streetAddress1}</bdi>
      {address.streetAddress2 && (
        <>
          <br />
          <bdi>{address.streetAddress2}</bdi>
        </>
      )}
      <br />
      <bdi>
        {address.city}, {address.state} {address.zipCode}
      </bdi>
      <br />
      {countryName(address.country, i18n.language)}
    </address>
  );
}

export function ContactLine({ contact }: { contact: Contact }) {
  return (
    <bdi dir="ltr" className="ltr">
      {contact.type === 'email' ? contact.email : `${contact.phoneCountryCode} ${contact.phoneNumber}`}
    </bdi>
  );
}

export function PaymentLine({ brand, lastFour }: { brand: string; lastFour: string }) {
  const { t } = useTranslation();
  const known = (['amex', 'visa', 'mastercard', 'discover'] as const).find((b) => b === brand);
  const logo: CardBrand = known ?? 'unknown';
  return (
    <span className="payment-line">
      <CardLogo brand={logo} />
      <span>
        {t('CHECKOUT.PAYMENT.ENDING_IN', { brand: t(`CARD_BRANDS.${logo}`) })} <MaskedNumber lastFour={lastFour} />
      </span>
    </span>
  );
}

type ShownPayment =
  | { method: 'card'; brand: string; lastFour: string; authentication?: PaymentAuthentication }
  | {
      method: 'click-to-pay';
      brand: string;
      lastFour: string;
      credential: 'TOKEN' | 'CARD';
      dynamicDataType: string | null;
      confirmedAt?: string | null;
      installments?: OrderInstallments;
      authentication?: PaymentAuthentication;
    };

const NAMED_CRYPTOGRAMS = [
  'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
  'CARD_APPLICATION_CRYPTOGRAM_LONG_FORM',
  'DYNAMIC_CARD_SECURITY_CODE',
];

/** Shoppers read the cryptogram type in words; the network's value stays in the API log. */
function cryptogramKey(dynamicDataType: string | null): string {
  if (!dynamicDataType || dynamicDataType === 'NONE') return 'CHECKOUT.PAYMENT_DETAILS.NO_CRYPTOGRAM';
  const known = NAMED_CRYPTOGRAMS.includes(dynamicDataType) ? dynamicDataType : 'OTHER';
  return `CHECKOUT.PAYMENT_DETAILS.CRYPTOGRAM_TYPE.${known}`;
}

/** How the payment step's payment was made, as Review and the thank-you page both name it: a card on file says so. */
const methodKeyOf = (chosen: object | undefined) =>
  chosen && 'merchantCardId' in chosen ? 'CARD_ON_FILE.THANK_YOU.METHOD' : 'CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY';

/**
 * The card line, and for Click to Pay what the payload held: a token or the card, and the cryptogram
 * type. `chosen` is the payment as the payment step kept it, which knows a card on file.
 */
export function PaymentDetails({ payment, chosen }: { payment: ShownPayment; chosen?: object }) {
  const { t } = useTranslation();
  return (
    <>
      <PaymentLine brand={payment.brand} lastFour={payment.lastFour} />
      {payment.method === 'click-to-pay' && (
        <dl className="payment-details">
          <div>
            <dt>{t('CHECKOUT.PAYMENT_DETAILS.METHOD')}</dt>
            <dd>{t(methodKeyOf(chosen))}</dd>
          </div>
          <div>
            <dt>{t('CHECKOUT.PAYMENT_DETAILS.CREDENTIAL')}</dt>
            <dd>{t(`CHECKOUT.PAYMENT_DETAILS.CREDENTIAL_${payment.credential}`)}</dd>
          </div>
          <div>
            <dt>{t('CHECKOUT.PAYMENT_DETAILS.CRYPTOGRAM')}</dt>
            <dd data-testid="cryptogram-type">{t(cryptogramKey(payment.dynamicDataType))}</dd>
          </div>
          {payment.confirmedAt !== undefined && (
            <div>
              <dt>{t('CHECKOUT.PAYMENT_DETAILS.CONFIRMATION')}</dt>
              <dd>
                {t(
                  payment.confirmedAt ? 'CHECKOUT.PAYMENT_DETAILS.CONFIRMED' : 'CHECKOUT.PAYMENT_DETAILS.NOT_CONFIRMED',
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
      {payment.authentication && <PaymentAuthenticationDetails authentication={payment.authentication} />}
      {payment.method === 'click-to-pay' && payment.installments && (
        <InstallmentsSchedule installments={payment.installments} />
      )}
    </>
  );
}

export interface LineView {
  id: number;
  name: string;
  image: string;
  price: number;
  count: number;
}

export function OrderLines({ lines }: { lines: LineView[] }) {
  const { t } = useTranslation();
  const name = useProductNames();
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.id}>
          <img src={line.image} alt="" width="56" height="56" />
          <span className="order-lines__name">{name(line.id, line.name)}</span>
          <span>{t('CHECKOUT.REVIEW.QUANTITY', { count: line.count })}</span>
          <Price cents={toCents(line.price) * line.count} />
        </li>
      ))}
    </ul>
  );
}
