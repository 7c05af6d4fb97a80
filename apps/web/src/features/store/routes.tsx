import { useTranslation } from 'react-i18next';
import { Page } from '../../components/layout/page';

export { StoreLayout } from './store-layout';

function AreaPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <p className="area-note">{t('PAGES.COMING_NEXT')}</p>
    </Page>
  );
}

export const ProductsPage = () => <AreaPage titleKey="PAGES.PRODUCTS" />;
export const ProductPage = () => <AreaPage titleKey="PAGES.PRODUCT" />;
export const CartPage = () => <AreaPage titleKey="PAGES.CART" />;
export const EmptyCartPage = () => <AreaPage titleKey="PAGES.CART_EMPTY" />;
export { AreaPage };
