/** The one working demo promo code: 10 % off the subtotal. Every other code is refused. */
export const DEMO_PROMO_CODE = 'CLICKTOPAY10';
const DEMO_PROMO_PERCENT = 10;

export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The discount in cents, or null when the code is not a valid promo code. */
export function promoDiscountCents(code: string, subtotalCents: number): number | null {
  if (normalisePromoCode(code) !== DEMO_PROMO_CODE) return null;
  return Math.round((subtotalCents * DEMO_PROMO_PERCENT) / 100);
}
