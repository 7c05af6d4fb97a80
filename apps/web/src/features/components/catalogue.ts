import { NETWORK_CODE, NETWORK_DOCS, type DocumentationLink, type DocumentedComponent } from '@c2p/domain';

/** The steps of the three use cases, in flow order; each component page highlights its own. */
export const FLOW_STEPS = [
  'init',
  'lookup',
  'otp',
  'cards',
  'newCard',
  'encrypt',
  'checkout',
  'payload',
  'confirmation',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Which steps each use case walks (spec section 1's three use cases). */
export const USE_CASE_FLOWS: Record<'RETURNING' | 'NEW_USER' | 'NEW_DEVICE', FlowStep[]> = {
  RETURNING: ['init', 'cards', 'checkout', 'payload', 'confirmation'],
  NEW_USER: ['init', 'lookup', 'newCard', 'encrypt', 'checkout', 'payload', 'confirmation'],
  NEW_DEVICE: ['init', 'lookup', 'otp', 'cards', 'checkout', 'payload', 'confirmation'],
};

/** What a page's live demo runs: an SDK call in the browser, or one of the merchant server's calls. */
export type DemoKind = 'sdk' | 'server' | 'card-input';

export interface ComponentEntry {
  slug: string;
  /**
   * Where its documentation and code links come from: its key in the merchant store configuration
   * (the spec's eleven, section 3), or for a page the spec does not list, its own fixed links.
   */
  links: { storeKey: DocumentedComponent } | DocumentationLink;
  /** The i18n key segment: COMPONENTS.PAGES.{key}. */
  key: string;
  step: FlowStep;
  kind: DemoKind;
  /** SDK methods (or server operations) the demo calls, in order. */
  calls: string[];
  /** The UI kit element the page shows, if any. */
  element?: 'src-card-list' | 'src-otp-input';
}

export const COMPONENTS: readonly ComponentEntry[] = [
  {
    slug: 'card-input',
    links: { storeKey: 'cardInput' },
    key: 'CARD_INPUT',
    step: 'newCard',
    kind: 'card-input',
    calls: [],
  },
  {
    slug: 'otp-input',
    links: { storeKey: 'otpInput' },
    key: 'OTP_INPUT',
    step: 'otp',
    kind: 'sdk',
    calls: ['idLookup', 'initiateValidation'],
    element: 'src-otp-input',
  },
  {
    slug: 'card-list',
    links: { storeKey: 'cardList' },
    key: 'CARD_LIST',
    step: 'cards',
    kind: 'sdk',
    calls: ['getCards'],
    element: 'src-card-list',
  },
  {
    slug: 'card-encryption',
    links: { storeKey: 'cardEncryption' },
    key: 'CARD_ENCRYPTION',
    step: 'encrypt',
    kind: 'sdk',
    calls: ['encryptCard'],
  },
  {
    slug: 'single-card',
    links: { storeKey: 'singleCard' },
    key: 'SINGLE_CARD',
    step: 'cards',
    kind: 'sdk',
    calls: ['getCards'],
    element: 'src-card-list',
  },
  {
    slug: 'email-lookup',
    links: { storeKey: 'profileLookup' },
    key: 'EMAIL_LOOKUP',
    step: 'lookup',
    kind: 'sdk',
    calls: ['idLookup'],
  },
  {
    slug: 'get-cards',
    links: { storeKey: 'getCards' },
    key: 'GET_CARDS',
    step: 'cards',
    kind: 'sdk',
    calls: ['getCards'],
  },
  {
    slug: 'checkout-with-card',
    links: { storeKey: 'checkoutWithCard' },
    key: 'CHECKOUT_WITH_CARD',
    step: 'checkout',
    kind: 'sdk',
    calls: ['getCards', 'checkoutWithCard'],
  },
  {
    slug: 'checkout-with-new-card',
    links: { storeKey: 'checkoutWithNewCard' },
    key: 'CHECKOUT_WITH_NEW_CARD',
    step: 'checkout',
    kind: 'sdk',
    calls: ['encryptCard', 'checkoutWithNewCard'],
  },
  {
    slug: 'fetch-payload',
    links: { storeKey: 'fetchPayload' },
    key: 'FETCH_PAYLOAD',
    step: 'payload',
    kind: 'server',
    calls: ['getPayload'],
  },
  {
    slug: 'post-confirmation',
    links: { storeKey: 'postConfirmationLink' },
    key: 'POST_CONFIRMATION',
    step: 'confirmation',
    kind: 'server',
    calls: ['confirmation'],
  },
  {
    slug: 'authenticate',
    links: { documentationLink: NETWORK_DOCS.authenticate, codeLink: NETWORK_CODE.webSdkSample },
    key: 'AUTHENTICATE',
    step: 'otp',
    kind: 'sdk',
    calls: ['authenticate'],
  },
];

export const componentBySlug = (slug: string | undefined) => COMPONENTS.find((entry) => entry.slug === slug);
