import type { SupportedCardBrand } from './card.ts';
import type { Address, Contact } from './forms.ts';
import type { OrderInstallments } from './installments.ts';
import type { PaymentAuthentication, PaymentCredential } from './payments.ts';

/** What an order keeps of the card: never the number, only what a receipt shows. */
export type OrderPayment =
  | { method: 'card'; brand: SupportedCardBrand; lastFour: string }
  | {
      method: 'click-to-pay';
      brand: SupportedCardBrand;
      lastFour: string;
      credential: PaymentCredential;
      dynamicDataType: string | null;
      /** When the post-transaction confirmation reached the network; null until then. */
      confirmedAt: string | null;
      /** The installment plan the order is paid in (issue 14); absent when paid in full. */
      installments?: OrderInstallments;
      /** How the shopper confirmed the payment (transaction authentication); absent when not asked for. */
      authentication?: PaymentAuthentication;
    };

export interface OrderItem {
  id: number;
  slug: string;
  name: string;
  image: string;
  /** USD with two decimals, as priced by the server. */
  price: number;
  count: number;
  lineTotal: number;
}

/** An order as `POST /api/orders` and `GET /api/orders` answer it; amounts in USD, two decimals. */
export interface Order {
  orderNumber: string;
  createdAt: string;
  items: OrderItem[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  currency: string;
  promoCode: string | null;
  contact: Contact;
  shippingAddress: Address;
  billingAddress: Address;
  payment: OrderPayment;
}
