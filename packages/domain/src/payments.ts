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

/** How the shopper confirmed a payment in the network's window (transaction authentication). */
export type AuthenticationMethod = 'PASSKEY' | 'OTP';

/**
 * What the merchant server made of a payload's authentication data (issue 31): AUTHENTICATED when
 * the payload's `authenticationData` and the answer's `assuranceData` agree and are well formed,
 * UNVERIFIED when they do not (the payment then counts as not authenticated). Never the
 * authentication value itself.
 */
export interface PaymentAuthentication {
  /** The method the payload named; null when it named none the shop knows. */
  method: AuthenticationMethod | null;
  result: 'AUTHENTICATED' | 'UNVERIFIED';
  /** The payload's ECI for the authorisation ('02': fully authenticated); null when it had none. */
  eci: string | null;
  /** assuranceData.verificationData[0].verificationMethod: '07' a passkey (FIDO2), '04' a one-time code. */
  verificationMethod: string | null;
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
  /** How the shopper confirmed the payment, when the merchant asked for an authenticated payload and got one. */
  authentication?: PaymentAuthentication;
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
