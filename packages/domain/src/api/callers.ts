// Who may call a route of the shop or of the network sandbox, by what the caller holds and proves.
// Every route declares the callers it serves (Fastify's `config.callers`); one guard per caller
// checks the credential before the route runs, and a test tries every route with every caller it
// does not serve (SECURITY.md, "The trust model").

export const CALLERS = {
  anyone: {
    holds: 'nothing',
    proves: 'nothing',
    may: 'read public pages, files and keys; start what answers only the caller itself (init, sign-in, a guest order)',
  },
  shopper: {
    holds: 'the shop session token sign-in answered, in the Authorization header',
    proves: 'the password of a shop account, at sign-in',
    may: 'read and change that account, its addresses, orders and saved cards',
  },
  admin: {
    holds: 'the admin session cookie (HttpOnly, SameSite=Strict), sent from the shop’s own pages',
    proves: 'the admin’s password, at sign-in',
    may: 'change the shop’s settings, its mock SRC files, sessions and the sandbox’s onboarded clients',
  },
  'merchant-page': {
    holds: 'an SDK session token (init’s answer), and sends its Origin',
    proves: 'that it called init, from an origin the DPA allows when a browser sent it',
    may: 'drive the SDK for that session; a consumer’s cards and checkouts only with that consumer’s browser proof',
  },
  'network-window': {
    holds: 'a window token, which only the network’s window ever sees, sent from the sandbox’s own origin',
    proves: 'that its opener, the page that made the session, handed it the window’s grant',
    may: 'show and answer that one checkout or code screen; act for a consumer only with their browser proof',
  },
  'merchant-server': {
    holds: 'an onboarded client’s RSA signing key',
    proves: 'each request, by an OAuth 1.0a RSA-SHA256 signature over its URL and body',
    may: 'register its DPAs’ keys and origins, fetch payloads of its completed checkouts, confirm, keep cards on file',
  },
  'sandbox-page': {
    holds: 'nothing but a page of the sandbox’s own origin (its Origin header is one of the configured names)',
    proves: 'that the browser sent it from a page the sandbox served',
    may: 'open a network window with its grant, remove a test consumer’s passkey',
  },
  agent: {
    holds: 'an Ed25519 key registered at the network’s agent registry (its keyid in the key directory)',
    proves:
      'each request, by an RFC 9421 signature over its authority, path, method and body digest, with a nonce used once',
    may: 'ask for mandates and payment credentials with the agentic token a shopper gave it; buy at a shop’s agent checkout',
  },
} as const;

export type Caller = keyof typeof CALLERS;

export const CALLER_NAMES = Object.keys(CALLERS) as Caller[];

export const isCaller = (value: unknown): value is Caller => typeof value === 'string' && value in CALLERS;

/**
 * The caller each security scheme of the published API documents admits: a documented route
 * declares its callers once, in its contract's `security` (OpenAPI: `[]` or `{}` admit anyone).
 * The products key is no secret (docs/decisions/010): its routes serve anyone.
 */
const SCHEME_CALLERS: Record<string, Caller> = {
  adminSession: 'admin',
  shopperToken: 'shopper',
  productsApiKey: 'anyone',
  oauthRsaSha256: 'merchant-server',
  agentSignature: 'agent',
  networkWindow: 'network-window',
};

/** The callers a route's documented `security` admits; undefined when it documents none. */
export function callersOfSecurity(
  security: ReadonlyArray<Record<string, readonly string[]>> | undefined,
): readonly Caller[] | undefined {
  if (security === undefined) return undefined;
  const schemes = security.map((requirement) => Object.keys(requirement));
  if (schemes.length === 0 || schemes.some((names) => names.length === 0)) return ['anyone'];
  const callers = schemes.flat().map((name) => {
    const caller = SCHEME_CALLERS[name];
    if (!caller) throw new Error(`The security scheme ${name} admits no known caller`);
    return caller;
  });
  return callers.includes('anyone') ? ['anyone'] : [...new Set(callers)];
}
