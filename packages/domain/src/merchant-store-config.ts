import type { SupportedCardBrand } from './card.ts';
import { TEST_CARDS, TEST_CONTACT, TEST_SECURITY_CODE, testCardExpiry } from './test-data.ts';
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

const DOCS_BASE = 'https://developer.mastercard.com/unified-checkout-solutions/documentation';
const CODE_BASE = 'https://github.com/Mastercard/click-to-pay-demo';

/** Where the network documents each component; the code links point at our own sample for it. */
const DOCUMENTATION_PATHS: Record<DocumentedComponent, string> = {
  cardInput: 'ui-components/src-card-input',
  otpInput: 'ui-components/src-otp-input',
  cardList: 'ui-components/src-card-list',
  cardEncryption: 'sdk-reference/encrypt-card',
  singleCard: 'ui-components/src-card',
  profileLookup: 'sdk-reference/id-lookup',
  getCards: 'sdk-reference/get-cards',
  checkoutWithCard: 'sdk-reference/checkout-with-card',
  checkoutWithNewCard: 'sdk-reference/checkout-with-new-card',
  fetchPayload: 'api-reference/payload',
  postConfirmationLink: 'api-reference/confirmations',
};

export function defaultDocumentationLinks(): Record<DocumentedComponent, DocumentationLink> {
  return Object.fromEntries(
    DOCUMENTED_COMPONENTS.map((component) => [
      component,
      {
        documentationLink: `${DOCS_BASE}/${DOCUMENTATION_PATHS[component]}/`,
        codeLink: `${CODE_BASE}#${component}`,
      },
    ]),
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
