// The addresses the demo sends visitors to outside itself: the card network's published
// documentation and code. Each was checked against the network's own pages (developer.mastercard.com,
// "Mastercard Checkout Solutions", formerly Unified Checkout Solutions) and Mastercard's public
// repositories; nothing can be fetched offline, so network-links.test.ts holds them to this list.

const DOCS = 'https://developer.mastercard.com/mastercard-checkout-solutions';

/** The network's developer documentation, by what it explains. */
export const NETWORK_DOCS = {
  /** Click to Pay use cases: the product's entry page. */
  clickToPay: `${DOCS}/documentation/use-cases/click-to-pay/`,
  /** JavaScript Methods: the SDK reference's index. */
  sdkReference: `${DOCS}/documentation/sdk-reference/`,
  /** identityLookup: whether an email or phone has a Click to Pay profile. */
  identityLookup: `${DOCS}/documentation/sdk-reference/identity-lookup/`,
  /** getSrcProfile: the masked cards of a recognised or validated consumer. */
  getSrcProfile: `${DOCS}/documentation/sdk-reference/get-src-profile/`,
  /** checkout: with a chosen card, or with an encrypted new card. */
  checkout: `${DOCS}/documentation/sdk-reference/checkout-method/`,
  /** authenticate for Click to Pay: the network's window signs the consumer in, payment passkey else code. */
  authenticate: `${DOCS}/documentation/sdk-reference/authenticate/authenticate_clicktopay/`,
  /** User recognised through email or mobile lookup: the one-time code step. */
  repeatUserNewDevice: `${DOCS}/documentation/use-cases/click-to-pay/repeatuser_newdevice/`,
  /** UI/UX best practices for a recognised user: the card list and how each card shows. */
  cardListBestPractices: `${DOCS}/tutorial/returninguser_recognized_ui/best-practices/`,
  /** First-time user UI: the card entry of a new user. */
  firstTimeUser: `${DOCS}/tutorial/first_time_ui/`,
  /** Card Encryption tutorial: the card encrypted to the network's key. */
  cardEncryption: `${DOCS}/tutorial/perform-encryption/`,
  /** Fetch, decrypt, authorize and confirm: the merchant server's part of every use case. */
  fetchAndDecrypt: `${DOCS}/documentation/use-cases/click-to-pay/fetch_decrypt_auth_confirm/`,
  /** Report the Transaction Results: the confirmations API. */
  confirmations: `${DOCS}/tutorial/integrate_apis/step10/`,
} as const;

/** Mastercard's published code, by what it shows. */
export const NETWORK_CODE = {
  /** A merchant page driving the JavaScript SDK (init, idLookup, validation, getCards, encryptCard, checkouts). */
  webSdkSample: 'https://github.com/Mastercard/web-native-integration',
  /** Mastercard's library to decrypt JWE payloads such as encryptedPayload. */
  payloadDecryption: 'https://github.com/Mastercard/client-encryption-nodejs',
  /** Mastercard's OAuth 1.0a signer for the network API calls (checkout, confirmations). */
  apiSigning: 'https://github.com/Mastercard/oauth1-signer-nodejs',
} as const;

/** Mastercard's Click to Pay legal pages, as its UX best practices tell integrators to link them. */
export const NETWORK_LEGAL = {
  terms: 'https://www.mastercard.com/global/click-to-pay/country-listing/terms.html',
  privacy: 'https://www.mastercard.com/global/click-to-pay/country-listing/privacy.html',
} as const;

/** Every outside address above, for the check. */
export const NETWORK_LINKS: readonly string[] = [
  ...Object.values(NETWORK_DOCS),
  ...Object.values(NETWORK_CODE),
  ...Object.values(NETWORK_LEGAL),
];
