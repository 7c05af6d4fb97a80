import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The CSP allows our own origin, plus the card network's origins for its SDK, UI kit, card art
 * and DCF window. Inline styles are allowed because React style attributes and the toast library's
 * injected stylesheet need them; inline scripts are not.
 */
export async function registerSecurityHeaders(app: FastifyInstance, networkOrigins: string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...networkOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...networkOrigins],
        imgSrc: ["'self'", 'data:', ...networkOrigins],
        fontSrc: ["'self'", ...networkOrigins],
        connectSrc: ["'self'", ...networkOrigins],
        frameSrc: ["'self'", ...networkOrigins],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Off so the card network's popup window (DCF) can talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: false,
  });
}
