import { ADMIN_SESSION_COOKIE } from '../storage-keys.ts';
import { PRODUCTS_API_KEY_HEADER } from '../product.ts';
import { accountsApi } from './accounts.ts';
import { adminApi } from './admin.ts';
import { agentCheckoutApi } from './agent-checkout.ts';
import { healthApi } from './health.ts';
import { mockSrcApi } from './mock-src.ts';
import { ordersApi } from './orders.ts';
import { paymentsApi } from './payments.ts';
import { productsApi } from './products.ts';

/** Every route of the merchant's API, by area (the sandbox's network API is documented on its own). */
export const MERCHANT_API = {
  health: healthApi,
  products: productsApi,
  accounts: accountsApi,
  admin: adminApi,
  orders: ordersApi,
  payments: paymentsApi,
  mockSrc: mockSrcApi,
  agentCheckout: agentCheckoutApi,
} as const;

/** The security schemes the merchant routes name. */
export const MERCHANT_SECURITY_SCHEMES = {
  productsApiKey: {
    type: 'apiKey',
    in: 'header',
    name: PRODUCTS_API_KEY_HEADER,
    description: 'The products API key (PRODUCTS_API_KEY); each served page carries it in a meta tag.',
  },
  shopperToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The token that sign-in or registration answered, as the whole header value (no scheme).',
  },
  adminSession: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_SESSION_COOKIE,
    description: 'The admin session cookie that POST /api/admin/login sets.',
  },
  agentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description:
      'An AI agent’s HTTP Message Signature (RFC 9421, Ed25519, as Web Bot Auth and the Trusted Agent Protocol use it): Signature-Input covers @authority, @path, @method and, with a body, Content-Digest, with created, expires, a nonce, keyid (the network’s agent key directory) and tag.',
  },
};
