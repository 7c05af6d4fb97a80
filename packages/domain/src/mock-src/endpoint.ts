/** The network SDK's methods: what a mock SRC file answers for, and what the web app's client calls. */
export const SDK_METHODS = [
  'init',
  'idLookup',
  'initiateValidation',
  'validate',
  'authenticate',
  'getCards',
  'checkout',
  'checkoutWithCard',
  'encryptCard',
  'checkoutWithNewCard',
  'isInstallmentsEligible',
  'checkoutWithInstallments',
  'signOut',
] as const;
export type SdkMethod = (typeof SDK_METHODS)[number];

/** Where the sandbox answers mock SRC calls (the SRC network entry's mock endpoint). */
export const MOCK_SRC_ENDPOINT = '/sandbox/mock-src/answer';

/** The tools that run on the mock SRC instead of the network's SDK. */
export const isMockTool = (tool: string): boolean => tool.startsWith('mock-tool');
