import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { AreaPage } from '../store/routes';

/** Checkout steps live in the URL (shipping, payment, review, thank-you), so Back and Forward walk them. */
export function CheckoutLayout() {
  const { t } = useTranslation();
  return (
    <div className="checkout" aria-label={t('PAGES.CHECKOUT')}>
      <Outlet />
    </div>
  );
}

export const CheckoutStart = () => <Navigate to="/checkout/shipping" replace />;
export const ShippingPage = () => <AreaPage titleKey="PAGES.SHIPPING" />;
export const PaymentPage = () => <AreaPage titleKey="PAGES.PAYMENT" />;
export const ReviewPage = () => <AreaPage titleKey="PAGES.REVIEW" />;
export const ThankYouPage = () => <AreaPage titleKey="PAGES.THANK_YOU" />;
