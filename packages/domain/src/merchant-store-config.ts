import type { SupportedCardBrand } from './card.ts';
import { TEST_CARDS, TEST_CONTACT, TEST_SECURITY_CODE, testCardExpiry } from './test-data.ts';
import { NETWORK_CODE, NETWORK_DOCS } from './network-links.ts';
import { storedOfVersionOrDefaults } from './stored-json.ts';

/**
 * The merchant store configuration of spec section 3: the documentation and code links the
 * component pages show and the test data the tour offers. Kept in local storage under
 * `merchantStoreConfiguration`, replaced by the defaults when its `lastUpdated` differs (spec section 4).
 */
export const STORE_CONFIG_VERSION = '13/03/2023';

/** The spec's eleven documented components, in its order; the component pages use these keys. */
export const DOCUMENTED_COMPONENTS = [
  'cardInput',
  'otpInput',
  'cardList',
  'cardEncryption',
  'singleCard',
  'profileLookup',
  'getCards',
  'checkoutWithCard',
  'checkoutWithNewCard',
  'fetchPayload',
  'postConfirmationLink',
] as const;
export type DocumentedComponent = (typeof DOCUMENTED_COMPONENTS)[number];

export interface DocumentationLink {
  codeLink: string;
  documentationLink: string;
}

export interface TestDataCardDetails {
  cardStatus: 'SUCCESS';
  cardNumber: string;
  expiryDate: string;
  securityCode: string;
}

export interface TestDataContactDetails {
  emailId: string;
  phoneNumber: string;
  /** The phone as shown to a person, e.g. "+1 202-555-0143". */
  phoneNumberText: string;
  phoneCountryCode: string;
  schemes: Partial<Record<SupportedCardBrand, boolean>>;
}

export interface MerchantStoreConfiguration {
  lastUpdated: string;
  documentationLinks: Record<DocumentedComponent, DocumentationLink>;
  testDataCardDetails: TestDataCardDetails;
  testDataContactDetails: TestDataContactDetails[];
}

/** Where the network documents each component, and Mastercard's published code that shows it (network-links.ts). */
const COMPONENT_LINKS: Record<DocumentedComponent, DocumentationLink> = {
  cardInput: { documentationLink: NETWORK_DOCS.firstTimeUser, codeLink: NETWORK_CODE.webSdkSample },
  otpInput: { documentationLink: NETWORK_DOCS.repeatUserNewDevice, codeLink: NETWORK_CODE.webSdkSample },
  cardList: { documentationLink: NETWORK_DOCS.cardListBestPractices, codeLink: NETWORK_CODE.webSdkSample },
  cardEncryption: { documentationLink: NETWORK_DOCS.cardEncryption, codeLink: NETWORK_CODE.webSdkSample },
  singleCard: { documentationLink: NETWORK_DOCS.cardListBestPractices, codeLink: NETWORK_CODE.webSdkSample },
  profileLookup: { documentationLink: NETWORK_DOCS.identityLookup, codeLink: NETWORK_CODE.webSdkSample },
  getCards: { documentationLink: NETWORK_DOCS.getSrcProfile, codeLink: NETWORK_CODE.webSdkSample },
  checkoutWithCard: { documentationLink: NETWORK_DOCS.checkout, codeLink: NETWORK_CODE.webSdkSample },
  checkoutWithNewCard: { documentationLink: NETWORK_DOCS.checkout, codeLink: NETWORK_CODE.webSdkSample },
  fetchPayload: { documentationLink: NETWORK_DOCS.fetchAndDecrypt, codeLink: NETWORK_CODE.payloadDecryption },
  postConfirmationLink: { documentationLink: NETWORK_DOCS.confirmations, codeLink: NETWORK_CODE.apiSigning },
};

export function defaultDocumentationLinks(): Record<DocumentedComponent, DocumentationLink> {
  return Object.fromEntries(
    DOCUMENTED_COMPONENTS.map((component) => [component, { ...COMPONENT_LINKS[component] }]),
  ) as Record<DocumentedComponent, DocumentationLink>;
}

export function defaultTestCardDetails(now = new Date()): TestDataCardDetails {
  return {
    cardStatus: 'SUCCESS',
    cardNumber: TEST_CARDS[0]!.cardNumber,
    expiryDate: testCardExpiry(now),
    securityCode: TEST_SECURITY_CODE,
  };
}

export function defaultTestContact(): TestDataContactDetails {
  const { email, phoneCountryCode, phoneNumber, schemes } = TEST_CONTACT;
  return {
    emailId: email,
    phoneNumber,
    phoneNumberText: `${phoneCountryCode} ${phoneNumber.slice(0, 3)}-${phoneNumber.slice(3, 6)}-${phoneNumber.slice(6)}`,
    phoneCountryCode,
    schemes: { ...schemes },
  };
}

export function defaultStoreConfiguration(now = new Date()): MerchantStoreConfiguration {
  return {
    lastUpdated: STORE_CONFIG_VERSION,
    documentationLinks: defaultDocumentationLinks(),
    testDataCardDetails: defaultTestCardDetails(now),
    testDataContactDetails: [defaultTestContact()],
  };
}

/** The stored store configuration when it is of the built-in version, else the defaults. Unreadable counts as absent. */
export function storedOrDefaultStoreConfiguration(stored: string | null): MerchantStoreConfiguration {
  return storedOfVersionOrDefaults(stored, defaultStoreConfiguration(), ['documentationLinks']);
}
