import { useTranslation } from '../../lib/i18n';
import amex from '../../assets/cards/amex.svg';
import discover from '../../assets/cards/discover.svg';
import mastercard from '../../assets/cards/mastercard.svg';
import unknown from '../../assets/cards/unknown.svg';
import visa from '../../assets/cards/visa.svg';

export const CARD_LOGOS = { amex, visa, mastercard, discover, unknown } as const;
export type CardBrand = keyof typeof CARD_LOGOS;

export function CardLogo({ brand }: { brand: CardBrand }) {
  const { t } = useTranslation();
  return <img className="card-logo" src={CARD_LOGOS[brand]} alt={t(`CARD_BRANDS.${brand}`)} width="48" height="32" />;
}
