/** The parts of the network SDK's answers (reference sections 4 and 5) the storefront reads. */
export interface MaskedCard {
  srcDigitalCardId: string;
  panLastFour: string;
  panBin?: string;
  panExpirationMonth?: string;
  panExpirationYear?: string;
  paymentCardDescriptor?: string;
  digitalCardData?: { status?: string; descriptorName?: string };
}

export type CheckoutActionCode = 'COMPLETE' | 'CANCEL' | 'ERROR' | 'CHANGE_CARD' | 'ADD_CARD' | 'SWITCH_CONSUMER';

export interface CheckoutResponse {
  checkoutActionCode: CheckoutActionCode;
  checkoutResponse?: string;
  checkoutResponseData?: { srcCorrelationId: string; srciTransactionId?: string; maskedCard?: MaskedCard };
  network?: string;
  headers?: { 'x-src-cx-flow-id'?: string; 'merchant-transaction-id'?: string };
  recognitionToken?: string;
}

export interface ValidationChannel {
  validationChannelId: string;
  identityType: 'EMAIL' | 'SMS';
  maskedValidationChannel: string;
}

export interface InitiateValidationResponse {
  maskedValidationChannel: string;
  network?: string;
  supportedValidationChannels: ValidationChannel[];
}

/** A rejection of the network SDK: `{ reason, message }` (reference section 6). */
export interface SdkError {
  reason: string;
  message?: string;
}

export function isSdkError(value: unknown): value is SdkError {
  return typeof value === 'object' && value !== null && typeof (value as SdkError).reason === 'string';
}

/** The methods of spec section 7, each called through the client wrapper. */
export { SDK_METHODS, type SdkMethod } from '@c2p/domain';
