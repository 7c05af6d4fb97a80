import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  Address,
  ClickToPayPayment,
  Order,
  PaymentAuthentication,
  Shipping,
  SupportedCardBrand,
} from '@c2p/domain';

/** What the payment step chose: a card typed in the shop, or a Click to Pay payload our server holds. */
export type PaymentSummary =
  | {
      method: 'card';
      brand: SupportedCardBrand;
      lastFour: string;
      expiry: string;
      /** The guided tour's passkey experience: how its mock network said the payment was confirmed. */
      authentication?: PaymentAuthentication;
    }
  | ({ method: 'click-to-pay' } & ClickToPayPayment);

interface CheckoutState {
  /** customerData and shouldSaveAsBillingAddress of the spec's shop state. */
  shipping?: Shipping;
  billingAddress?: Address;
  payment?: PaymentSummary;
  promoCode?: string;
  /** The payment method chosen on the payment step, kept so Back and Forward return to it. */
  paymentMethod: 'click-to-pay' | 'card';
  /** 'installments' when the shopper chose Pay in installments in the cart. */
  intent: 'pay' | 'installments';
  /** One key per order attempt, so a double click or a retry makes one order. */
  idempotencyKey?: string;
  order?: Order;
  /** The payment of the placed order as the payment step kept it: a saved card's adds its network token. */
  paid?: PaymentSummary;
  /** Set when an order is placed, until the thank-you page has emptied the cart for it. */
  justPlaced: boolean;
  setShipping(shipping: Shipping, billingAddress?: Address): void;
  setPayment(payment: PaymentSummary): void;
  setPromoCode(code: string | undefined): void;
  setPaymentMethod(method: 'click-to-pay' | 'card'): void;
  setIntent(intent: 'pay' | 'installments'): void;
  orderKey(): string;
  placed(order: Order): void;
  /** The thank-you page shows: the next checkout starts afresh. */
  resetAttempt(): void;
  /** A guided tour starts: nothing of an earlier checkout (its shopper, address, payment) shows. */
  forget(): void;
}

// Kept for the tab's session, so a reload on any checkout step keeps what was entered. Never a card number.
export const useCheckout = create<CheckoutState>()(
  persist(
    (set, get) => ({
      intent: 'pay',
      paymentMethod: 'click-to-pay',
      justPlaced: false,
      setShipping: (shipping, billingAddress) => set({ shipping, billingAddress }),
      setPayment: (payment) => set({ payment }),
      setPromoCode: (promoCode) => set({ promoCode }),
      setPaymentMethod: (paymentMethod) => set({ paymentMethod }),
      setIntent: (intent) => set({ intent }),
      orderKey() {
        const existing = get().idempotencyKey;
        if (existing) return existing;
        const key = crypto.randomUUID();
        set({ idempotencyKey: key });
        return key;
      },
      placed: (order) => set({ order, paid: get().payment, justPlaced: true }),
      resetAttempt: () =>
        set({ justPlaced: false, idempotencyKey: undefined, payment: undefined, promoCode: undefined, intent: 'pay' }),
      forget: () =>
        set({
          shipping: undefined,
          billingAddress: undefined,
          payment: undefined,
          promoCode: undefined,
          paymentMethod: 'click-to-pay',
          intent: 'pay',
          idempotencyKey: undefined,
          order: undefined,
          paid: undefined,
          justPlaced: false,
        }),
    }),
    { name: 'checkout', storage: createJSONStorage(() => sessionStorage) },
  ),
);
