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
  'agentEnrol',
  'agentCart',
  'agentMandate',
  'agentOpenMandate',
  'agentCredentials',
  'agentComplete',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Which steps each use case walks (spec section 1's three use cases). */
export const USE_CASE_FLOWS: Record<'RETURNING' | 'NEW_USER' | 'NEW_DEVICE', FlowStep[]> = {
  RETURNING: ['init', 'cards', 'checkout', 'payload', 'confirmation'],
  NEW_USER: ['init', 'lookup', 'newCard', 'encrypt', 'checkout', 'payload', 'confirmation'],
  NEW_DEVICE: ['init', 'lookup', 'otp', 'cards', 'checkout', 'payload', 'confirmation'],
};

/** Which steps an AI agent's two stories walk (issue 39): the agentic component pages show these. */
export const AGENT_FLOWS: Record<'AGENT_IMMEDIATE' | 'AGENT_AUTONOMOUS', FlowStep[]> = {
  AGENT_IMMEDIATE: ['agentEnrol', 'agentCart', 'agentMandate', 'agentCredentials', 'agentComplete'],
  AGENT_AUTONOMOUS: ['agentEnrol', 'agentOpenMandate', 'agentCart', 'agentCredentials', 'agentComplete'],
};

/** What a page's live demo runs: an SDK call in the browser, or one of the merchant server's calls. */
export type DemoKind = 'sdk' | 'server' | 'card-input' | 'agent-checkout' | 'mandate-chain';

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

/** A page: its i18n key is its slug in capitals (card-list reads CARD_LIST); most demo an SDK call. */
function page(
  slug: string,
  links: ComponentEntry['links'],
  step: FlowStep,
  calls: string[],
  { kind = 'sdk', element }: Partial<Pick<ComponentEntry, 'kind' | 'element'>> = {},
): ComponentEntry {
  const key = slug.toUpperCase().replaceAll('-', '_');
  return { slug, links, key, step, kind, calls, ...(element ? { element } : {}) };
}

/** The agentic pages' links: the public credential format and its reference code (Verifiable Intent). */
const AGENTIC_LINKS: DocumentationLink = {
  documentationLink: 'https://github.com/agent-intent/verifiable-intent/blob/main/spec/credential-format.md',
  codeLink: 'https://github.com/agent-intent/verifiable-intent',
};

/** One of the spec's eleven, whose links the merchant store configuration keeps under `storeKey`. */
const documented = (storeKey: DocumentedComponent) => ({ storeKey });

export const COMPONENTS: readonly ComponentEntry[] = [
  page('card-input', documented('cardInput'), 'newCard', [], { kind: 'card-input' }),
  page('otp-input', documented('otpInput'), 'otp', ['idLookup', 'initiateValidation'], { element: 'src-otp-input' }),
  page('card-list', documented('cardList'), 'cards', ['getCards'], { element: 'src-card-list' }),
  page('card-encryption', documented('cardEncryption'), 'encrypt', ['encryptCard']),
  page('single-card', documented('singleCard'), 'cards', ['getCards'], { element: 'src-card-list' }),
  page('email-lookup', documented('profileLookup'), 'lookup', ['idLookup']),
  page('get-cards', documented('getCards'), 'cards', ['getCards']),
  page('checkout-with-card', documented('checkoutWithCard'), 'checkout', ['getCards', 'checkoutWithCard']),
  page('checkout-with-new-card', documented('checkoutWithNewCard'), 'checkout', ['encryptCard', 'checkoutWithNewCard']),
  page('fetch-payload', documented('fetchPayload'), 'payload', ['getPayload'], { kind: 'server' }),
  page('post-confirmation', documented('postConfirmationLink'), 'confirmation', ['confirmation'], { kind: 'server' }),
  page('authenticate', { documentationLink: NETWORK_DOCS.authenticate, codeLink: NETWORK_CODE.webSdkSample }, 'otp', [
    'authenticate',
  ]),
  // Issue 39: an AI agent's side of the checkout, and the mandate chain a party verifies.
  page('agent-checkout', AGENTIC_LINKS, 'agentCart', ['POST /api/agent/checkouts'], { kind: 'agent-checkout' }),
  page('mandate-chain', AGENTIC_LINKS, 'agentCredentials', ['verifyMandate'], { kind: 'mandate-chain' }),
];

export const componentBySlug = (slug: string | undefined) => COMPONENTS.find((entry) => entry.slug === slug);
