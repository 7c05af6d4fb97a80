import { useTranslation } from '../../lib/i18n';
import { orderTotals } from '@c2p/domain';
import { Price } from '../../components/ui/price';

/** Subtotal, promo discount, free shipping and total: the same sums the server will make. */
export function OrderSummary({ subtotalCents, promoCode }: { subtotalCents: number; promoCode?: string | undefined }) {
  const { t } = useTranslation();
  const { discountCents: discount, totalCents } = orderTotals(subtotalCents, promoCode);
  return (
    <dl className="order-summary">
      <div>
        <dt>{t('SHOP.SUMMARY.SUBTOTAL')}</dt>
        <dd>
          <Price cents={subtotalCents} />
        </dd>
      </div>
      {discount > 0 && (
        <div>
          <dt>{t('SHOP.SUMMARY.DISCOUNT', { code: promoCode })}</dt>
          <dd>
            −<Price cents={discount} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t('SHOP.SUMMARY.SHIPPING')}</dt>
        <dd>{t('SHOP.SUMMARY.FREE')}</dd>
      </div>
      <div className="order-summary__total">
        <dt>{t('SHOP.SUMMARY.TOTAL')}</dt>
        <dd>
          <Price cents={totalCents} />
        </dd>
      </div>
    </dl>
  );
}
