import { Outlet } from 'react-router';
import { Redirect } from '../../components/ui/redirect';

export { PaymentPage } from './payment-page';
export { ReviewPage } from './review-page';
export { ShippingPage } from './shipping-page';
export { ThankYouPage } from './thank-you-page';

/** Checkout steps live in the URL (shipping, payment, review, thank-you), so Back and Forward walk them. */
export function CheckoutLayout() {
  return <Outlet />;
}

export const CheckoutStart = () => <Redirect to="/checkout/shipping" />;
