import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { APP_VERSION, DEMO_PRODUCTS_API_KEY, DEMO_SRC_CLIENT_ID, defaultCheckoutConfiguration } from '@c2p/domain';
import { MERCHANT_SECURITY_SCHEMES, type DocumentedRoute } from '@c2p/domain/api';
import { networkSandbox, ownOrigins, type NetworkApiDescription } from '@c2p/network-sandbox';
import type { DatabaseHandle } from './db/client.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { agentCheckoutRoutes, type AgentCheckoutOptions } from './features/agent-checkout/routes.ts';
import { apiDocumentRoutes, referenceAssetRoutes } from './features/api-docs/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { mockSrcRoutes } from './features/mock-src/routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { merchantCardRoutes } from './features/merchant-cards/routes.ts';
import { networkSettings } from './features/payments/network-client.ts';
import { loadSigningKey } from './features/payments/network-signing.ts';
import { paymentRoutes, type PaymentRoutesOptions } from './features/payments/routes.ts';
import { catalogueSnapshot, seedProducts } from './features/products/repository.ts';
import { productRoutes } from './features/products/routes.ts';
import { writeAccessLine } from './lib/access-log.ts';
import { safeLogger } from './lib/logging.ts';
import { rateLimitsFor } from './lib/rate-limits.ts';
import type { Clock } from './lib/sign-in-backoff.ts';
import { registerCallerGuards } from './plugins/callers.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHostGuard } from './plugins/host-guard.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerRouteSchemas } from './plugins/route-schemas.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { DEFAULT_NETWORK_ORIGINS } from './config.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { SANDBOX_BROWSER_DIR, SANDBOX_UI_KIT_DIR } from './paths.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** The built web app; without it only the API is served (API tests). */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The products API key (PRODUCTS_API_KEY); the demo key by default. */
  productsApiKey?: string;
  /** An artificial delay (ms) before each network sandbox SDK answer, for live demos (SANDBOX_LATENCY_MS). */
  sandboxLatencyMs?: number;
  /** The card network's API base (NETWORK_API_BASE_URL); unset, our own sandbox over HTTP. */
  networkApiBaseUrl?: string | undefined;
  /** The merchant's SRC client id (SRC_CLIENT_ID); the demo one by default. */
  srcClientId?: string;
  /** The DPAs the shop acts for besides its default one (SRC_DPA_IDS). */
  srcDpaIds?: string[];
  /** Origins of the card network's scripts and windows, for the CSP (NETWORK_ORIGINS). */
  networkOrigins?: string[];
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: boolean | string[];
  /** The sign-in backoff's clock (ms since the epoch); tests move it instead of sleeping. */
  clock?: Clock;
  /**
   * The names the server answers to, the public base URL first (PUBLIC_BASE_URL and PUBLIC_ALIASES,
   * or a function once listening); the address it listens at is always one of them.
   */
  publicOrigins?: readonly string[] | (() => readonly string[]);
  /** The analytics tag loaded after the cookie notice is accepted (ANALYTICS_SCRIPT_URL); none by default. */
  analyticsScriptUrl?: string | undefined;
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The names of a server built without any (the tests; main.ts passes config.ts's): the default
 * address and its loopback alias, and both without a port, as requests made in-process name them.
 */
export const DEFAULT_PUBLIC_ORIGINS = [
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost',
  'http://127.0.0.1',
];

/** The configured names and the listening address's, kept once the server listens (they cannot change then). */
function originsOnceListening(app: FastifyInstance, configured: NonNullable<AppOptions['publicOrigins']>) {
  let kept: readonly string[] | undefined;
  return (): readonly string[] => {
    if (kept) return kept;
    const all = [
      ...new Set([...(typeof configured === 'function' ? configured() : configured), ...listeningOrigins(app)]),
    ];
    if (app.server.listening) kept = all;
    return all;
  };
}

/**
 * The origins of the address the server listens at, by which it calls its own network sandbox
 * (payments/network-client.ts): http://127.0.0.1:<port> for a loopback or wildcard address.
 */
function listeningOrigins(app: FastifyInstance): string[] {
  const address = app.server.listening ? app.server.address() : null;
  if (address === null || typeof address === 'string') return [];
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return [`http://${host}:${address.port}`];
}

/** One access line per request, when it is answered: Fastify's two lines doubled the log's cost. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request errored');
    else writeAccessLine(request, reply);
  }
}

export async function buildApp({
  database,
  webDistDir,
  logger = false,
  productsApiKey = DEMO_PRODUCTS_API_KEY,
  sandboxLatencyMs = 0,
  networkApiBaseUrl,
  srcClientId = DEMO_SRC_CLIENT_ID,
  srcDpaIds = [],
  networkOrigins = [DEFAULT_NETWORK_ORIGINS],
  trustProxy = false,
  clock,
  publicOrigins = DEFAULT_PUBLIC_ORIGINS,
  analyticsScriptUrl,
}: AppOptions): Promise<FastifyInstance> {
  // The catalogue is written at every start, so edits to the seed reach existing databases.
  await seedProducts(database.db);
  // Nothing writes products while the server runs: the catalogue is read once, for every route.
  const catalogue = await catalogueSnapshot(database.db);

  const app = Fastify({
    logger: safeLogger(logger),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy,
  });
  registerErrorHandling(app);
  const origins = ownOrigins(originsOnceListening(app, publicOrigins));
  const routes = registerRouteSchemas(app);
  const network = networkSettings(app, networkApiBaseUrl, srcClientId);
  const callerGuards = registerCallerGuards(app, database.db, origins, network.baseUrl);
  registerInputGuard(app);
  registerNoStore(app);
  // The analytics tag's origin may serve its script and receive its beacons (docs/decisions/013).
  const analyticsOrigins = analyticsScriptUrl ? [new URL(analyticsScriptUrl).origin] : [];
  registerSecurityHeaders(app, [...networkOrigins, ...analyticsOrigins]);
  await app.register(compress, { threshold: 1024 });
  // After compress, so that the guard comes before its hook on each route, ahead of all but onRequest.
  registerCrossSiteGuard(app, origins);
  await app.register(cookie);
  // After the cookies are read: the refusal speaks the visitor's language.
  registerHostGuard(app, origins);
  // On PostgreSQL counters live in the database, so every instance on it shares them.
  await app.register(rateLimit, rateLimitsFor(database));

  await app.register(healthRoutes, { database });
  await app.register(adminRoutes, { db: database.db, clock });
  await app.register(productRoutes, { catalogue, apiKey: productsApiKey });
  await app.register(accountRoutes, { db: database.db, clock });
  await app.register(orderRoutes, { db: database.db, catalogue });
  await app.register(mockSrcRoutes, { db: database.db });
  const signingKey = await loadSigningKey(database.db);
  // The configuration screen's DPA id lives in the admin's browser: the server acts for its default
  // DPA and those SRC_DPA_IDS names, never for one a request merely names.
  const shopDpaIds = [...new Set([defaultCheckoutConfiguration().srciEnv.dpaId, ...srcDpaIds])];
  const client = { network, networkApiBaseUrl, srcClientId, signingKey, shopDpaIds };
  await networkClientRoutes(app, { ...client, db: database.db, catalogue, origins });
  // The card network, emulated: it shares the database but none of the shop's tables. This
  // merchant is its one onboarded client, known by the public half of the key it signs with, and
  // its DPAs are kept for it. Its network API is published beside ours.
  let networkApi: NetworkApiDescription | undefined;
  await app.register(networkSandbox, {
    prefix: '/sandbox',
    db: database.db,
    clients: [{ clientId: srcClientId, publicJwk: signingKey.publicJwk }],
    dpaOwners: Object.fromEntries(shopDpaIds.map((dpaId) => [dpaId, srcClientId])),
    browserDir: SANDBOX_BROWSER_DIR,
    uiKitDir: SANDBOX_UI_KIT_DIR,
    latencyMs: sandboxLatencyMs,
    publicOrigins: origins.all,
    callerGuards,
    describeNetworkApi: (api) => (networkApi = api),
  });
  await publishApiDocuments(app, routes, networkApi!);

  if (webDistDir) {
    await registerWebApp(app, webDistDir, {
      productsApiKey,
      productExists: async (id) => catalogue.has(id),
      analyticsScriptUrl,
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send({ statusCode: 404, message: `No such path: ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}

/** The routes that call the card network as the shop's onboarded client: Click to Pay, cards on file, agents. */
async function networkClientRoutes(
  app: FastifyInstance,
  options: Omit<PaymentRoutesOptions, 'db'> & Omit<AgentCheckoutOptions, 'dpaId'> & { shopDpaIds: string[] },
): Promise<void> {
  const { db, networkApiBaseUrl, srcClientId, signingKey, shopDpaIds } = options;
  await app.register(paymentRoutes, { db, networkApiBaseUrl, srcClientId, signingKey, shopDpaIds });
  await app.register(merchantCardRoutes, { db, networkApiBaseUrl, srcClientId, signingKey });
  const { catalogue, origins, network } = options;
  await app.register(agentCheckoutRoutes, { db, catalogue, origins, network, signingKey, dpaId: shopDpaIds[0]! });
}

/** The merchant API's description and the sandbox network API's, one renderer for both. */
async function publishApiDocuments(
  app: FastifyInstance,
  merchantRoutes: readonly DocumentedRoute[],
  networkApi: NetworkApiDescription,
): Promise<void> {
  await app.register(referenceAssetRoutes);
  await app.register(apiDocumentRoutes, {
    title: 'Click to Pay Demo: merchant API',
    version: APP_VERSION,
    description:
      'The shop’s own API: products, shopper accounts, admin, orders, Click to Pay payments and the guided tour’s mock SRC files. Refusals answer `{ statusCode, message, errors }` in the visitor’s language (locale cookie or Accept-Language).',
    securitySchemes: MERCHANT_SECURITY_SCHEMES,
    documentPath: '/api/openapi.json',
    referencePath: '/api/reference',
    routes: () => merchantRoutes.filter((route) => route.url.startsWith('/api/')),
    pageTitleKey: 'API_REFERENCE.PAGE_TITLE.MERCHANT',
  });
  await app.register(apiDocumentRoutes, {
    ...networkApi,
    documentPath: '/sandbox/api/openapi.json',
    referencePath: '/sandbox/api/reference',
    pageTitleKey: 'API_REFERENCE.PAGE_TITLE.NETWORK',
  });
}
