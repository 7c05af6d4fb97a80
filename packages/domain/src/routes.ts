/** The component pages (issue 17): one page per web component or SDK call an integration uses. */
export const COMPONENT_SLUGS = [
  'card-input',
  'otp-input',
  'card-list',
  'card-encryption',
  'single-card',
  'email-lookup',
  'get-cards',
  'checkout-with-card',
  'checkout-with-new-card',
  'fetch-payload',
  'post-confirmation',
  // Issue 31: the network's combined sign-in (payment passkey, else the code).
  'authenticate',
  // Issue 39: the agent-facing checkout and verifying a mandate chain.
  'agent-checkout',
  'mandate-chain',
] as const;

/** The client routes of spec section 2. The server answers 404 for any other page path. */
export const ROUTE_PATTERNS = [
  '/',
  '/home',
  '/products',
  '/products/:id',
  '/cart',
  '/cart/empty',
  '/checkout',
  '/checkout/shipping',
  '/checkout/payment',
  '/checkout/review',
  '/checkout/thank-you',
  '/sign-in',
  '/cookie',
  '/card-on-file',
  '/card-on-file/saved-cards',
  '/demo/guided-tour',
  '/demo/guided-tour/steps',
  '/demo/guided-tour/card-on-file',
  '/demo/guided-tour/card-on-file/steps',
  '/demo/guided-tour/installments',
  '/demo/guided-tour/installments/steps',
  '/demo/guided-tour/recognized-user',
  // Issue 39: the agent tour's two experiences.
  '/demo/guided-tour/agent/steps',
  '/demo/guided-tour/agent/autonomous/steps',
  // Issue 39: the live tool's agentic checkout.
  '/agentic-checkout',
  '/srci/config',
  '/components',
  ...COMPONENT_SLUGS.map((slug) => `/components/${slug}` as const),
] as const;

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** Whether a page path (no query, trailing slash ignored) is one of the app's routes. */
export function isKnownRoute(path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTE_PATTERNS.some((pattern) => matches(pattern, normalised));
}
