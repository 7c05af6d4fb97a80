/// <reference lib="dom" />
// The parts of the SDK's data objects the kit reads (reference sections 3.4 and 4.4).

export interface MaskedCard {
  srcDigitalCardId: string;
  panBin?: string;
  panLastFour: string;
  tokenLastFour?: string;
  panExpirationMonth?: string;
  panExpirationYear?: string;
  paymentCardDescriptor?: string;
  paymentCardType?: string;
  digitalCardData?: {
    status?: string;
    presentationName?: string;
    descriptorName?: string;
    artUri?: string;
    pendingEvents?: string[];
  };
  dateOfCardLastUsed?: string;
  [key: string]: unknown;
}

export interface SupportedValidationChannel {
  validationChannelId: string;
  identityProvider?: string;
  identityType: 'EMAIL_ADDRESS' | 'MOBILE_PHONE_NUMBER' | string;
  maskedValidationChannel: string;
}

export interface ComplianceResource {
  complianceType: 'TERMS_AND_CONDITIONS' | 'PRIVACY_POLICY' | 'REMEMBER_ME' | string;
  uri: string;
  version?: string;
  datePublished?: string;
}
