import type { FastifyInstance } from 'fastify';

/**
 * The CSP allows our own origin, plus the card network's origins for its SDK, UI kit, card art
 * and DCF window. Inline styles are allowed because React style attributes and the toast library's
 * injected stylesheet need them; inline scripts are not.
 */
export function contentSecurityPolicy(networkOrigins: string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...networkOrigins],
    'style-src': ["'self'", "'unsafe-inline'", ...networkOrigins],
    'img-src': ["'self'", 'data:', ...networkOrigins],
    'font-src': ["'self'", ...networkOrigins],
    'connect-src': ["'self'", ...networkOrigins],
    'frame-src': ["'self'", ...networkOrigins],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/** A year, subdomains included: what HSTS preload lists ask for, without opting into preload. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers, computed once rather than on every request (they never vary): run per
 * request, helmet cost the products API a third of its throughput.
 */
export function registerSecurityHeaders(app: FastifyInstance, networkOrigins: string[] = []): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(networkOrigins),
    // same-origin-allow-popups so the card network's popup window (DCF) can talk back to its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Only over HTTPS (browsers ignore it on plain HTTP); request.protocol believes the proxy's
    // X-Forwarded-Proto only when TRUST_PROXY names it.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
