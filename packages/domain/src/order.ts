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
  /** Present when an AI agent placed the order for the shopper (issue 39), with the shop's evidence. */
  agent?: AgentOrder;
}

/** Where a check of an agent's order looked: the request signature, a credential layer, or the payment payload. */
export type AgentCheckLayer = 'request' | 'L1' | 'L2' | 'L3b' | 'payload';

/** One check the shop made before placing an agent's order, with both values it compared. */
export interface AgentCheck {
  layer: AgentCheckLayer;
  /** Stable name (`sd_hash`, `checkout_hash`, `signature`…); the web app translates it. */
  name: string;
  outcome: 'pass' | 'fail' | 'skip';
  compared?: {
    relation: 'equals' | 'at_most' | 'at_least' | 'between' | 'one_of' | 'present';
    expected?: unknown;
    actual?: unknown;
  };
  /** The refusal's code, for a failed check. */
  code?: string;
  note?: string;
}

/** A credential as the shop decoded it: signed header and payload, each disclosure, the claims they resolve to. */
export interface AgentEvidenceLayer {
  layer: 'L1' | 'L2' | 'L3b';
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  disclosures: { digest: string; name?: string; value?: unknown }[];
  claims: Record<string, unknown>;
}

/**
 * An order an agent placed (Agent Pay): who the agent is in the network's key directory, whether
 * the shopper approved this cart (immediate) or open limits (autonomous), and the evidence for a
 * dispute. Nothing in it is secret: no card number, token or cryptogram.
 */
export interface AgentOrder {
  initiatedBy: 'AGENT';
  program: 'AGENT_PAY';
  agent: { agentId: string; name: string; keyid: string };
  mode: 'immediate' | 'autonomous';
  checkoutId: string;
  checks: AgentCheck[];
  layers: AgentEvidenceLayer[];
}
