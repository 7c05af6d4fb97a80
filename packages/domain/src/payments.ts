import type { SupportedCardBrand } from './card.ts';
import type { OrderInstallments } from './installments.ts';
import type { TransactionAmount } from './merchant-config.ts';

/** What the decrypted payload carried: a network token (with a cryptogram) or the card itself. */
export type PaymentCredential = 'TOKEN' | 'CARD';

/** The body of `POST /api/getPayload`: what checkoutWithCard / checkoutWithNewCard answered. */
export interface GetPayloadRequest {
  srcDpaId: string;
  /** checkoutResponseData.srcCorrelationId */
  srcCorrelationId: string;
  /** headers['merchant-transaction-id'] */
  merchantTransactionId: string;
  /** headers['x-src-cx-flow-id'] */
  flowId: string;
  transactionAmount: TransactionAmount;
}

/** What our server keeps for the UI of a decrypted payload: never the token, the card number or the cryptogram. */
export interface ClickToPayPayment {
  /** Our id of the stored payload; an order placed with it takes it over. */
  paymentId: string;
  brand: SupportedCardBrand;
  lastFour: string;
  /** MM/YY of the token or card. */
  expiry: string;
  credential: PaymentCredential;
  /** dynamicData.dynamicDataType, or null when the payload has no cryptogram. */
  dynamicDataType: string | null;
  /** assuranceData.eci, when the network sent one. */
  eci: string | null;
  /** The installment plan the payload carried (issue 14); absent when paid in full. */
  installments?: OrderInstallments;
}

/** The server's own call to the network, shown in the API log next to the SDK calls. */
export interface NetworkCallRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** None for a call without a body (a DELETE). */
  body?: unknown;
  status: number | null;
  response: unknown;
}

export interface GetPayloadResponse {
  data: ClickToPayPayment;
  network: NetworkCallRecord;
}

/** The body of `POST /api/confirmation`, sent after the order is placed. */
export interface ConfirmationRequest {
  orderNumber: string;
  paymentId: string;
}

export interface ConfirmationResponse {
  data: { confirmed: true; confirmedAt: string };
  network: NetworkCallRecord;
}
