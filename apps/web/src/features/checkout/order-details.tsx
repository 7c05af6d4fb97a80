import { useTranslation } from 'react-i18next';
import { toCents, type Address, type Contact } from '@c2p/domain';
import { CardLogo, type CardBrand } from '../../components/layout/card-logos';
import { Price } from '../../components/ui/price';

export function AddressBlock({ address }: { address: Address }) {
  return (
    <address className="address-block">
      {address.firstName} {address.lastName}
      <br />
      {address.streetAddress1}
      {address.streetAddress2 && (
        <>
          <br />
          {address.streetAddress2}
        </>
      )}
      <br />
      {address.city}, {address.state} <bdi dir="ltr">{address.zipCode}</bdi>
      <br />
      {address.country}
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
      <span>{t('CHECKOUT.PAYMENT.ENDING_IN', { brand: t(`CARD_BRANDS.${logo}`) })}</span>{' '}
      <bdi dir="ltr" className="ltr">
        •••• {lastFour}
      </bdi>
    </span>
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
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.id}>
          <img src={line.image} alt="" width="56" height="56" />
          <span className="order-lines__name">{line.name}</span>
          <span>{t('CHECKOUT.REVIEW.QUANTITY', { count: line.count })}</span>
          <Price cents={toCents(line.price) * line.count} />
        </li>
      ))}
    </ul>
  );
}
