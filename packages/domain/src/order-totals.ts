import { promoDiscountCents } from './promo';

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** False when a promo code was given and it is not a valid one (no discount is applied). */
  promoCodeValid: boolean;
}

/**
 * The order's sums, the same in the cart, at checkout and on the server: the promo code's discount
 * (never more than the subtotal) and free shipping.
 */
export function orderTotals(subtotalCents: number, promoCode?: string | null): OrderTotals {
  const discount = promoCode ? promoDiscountCents(promoCode, subtotalCents) : 0;
  const discountCents = Math.min(discount ?? 0, subtotalCents);
  const shippingCents = 0;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: subtotalCents - discountCents + shippingCents,
    promoCodeValid: discount !== null,
  };
}
