// The Fastify plugin that mounts the whole sandbox (register it with `prefix: '/sandbox'`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@c2p/domain';
import type { DocumentedRoute, OpenApiOptions } from '@c2p/domain/api';
import { NETWORK_SECURITY_SCHEMES } from './api/network-api.ts';
import { sandboxCallerGuards } from './server/caller-guards.ts';
import { keepSignedBodies } from './server/agent-pay/agent-requests.ts';
import { addGuards, guardRoutesByCaller, type CallerGuards } from './server/callers.ts';
import { sdkApiCors } from './server/cors.ts';
import type { SandboxDatabase } from './server/db.ts';
import { dcfFrameAncestors } from './server/dcf-origin.ts';
import { dpaOriginsRoutes } from './server/dpa-origins-api.ts';
import { mockSrcApiRoutes } from './server/mock-src-api.ts';
import { passkeysPageRoutes } from './server/passkeys-page.ts';
import { SdkError } from './server/errors.ts';
import { loadNetworkKeys } from './server/keys.ts';
import { networkApiRoutes, type NetworkApiOptions } from './server/network-api.ts';
import { networkAuthenticator } from './server/network-api-setup.ts';
import type { OnboardedClient } from './server/oauth.ts';
import { ownOrigins } from './server/origins.ts';
import { cardArt, dcfPage, harnessPage, landingPage } from './server/pages.ts';
import { sandboxPageLocale } from './server/pages-strings.ts';
import { ANYONE } from './server/route-callers.ts';
import { sdkApiRoutes } from './server/sdk-api.ts';
import { seedSandbox } from './server/seed.ts';
import { nonEmptyString } from './server/util.ts';

/** Where the package build writes the browser bundles (lib.js, dcf.js), seen from the sources. */
export const DEFAULT_BROWSER_DIR = fileURLToPath(new URL('../dist/browser', import.meta.url));
/** Where the UI kit's build writes src-ui-kit.esm.js and src-ui-kit.css. */
export const DEFAULT_UI_KIT_DIR = fileURLToPath(new URL('../dist/src-ui-kit', import.meta.url));

/**
 * What a merchant page on any origin loads from the network (as from the real network's domain):
 * these alone override the app-wide `Cross-Origin-Resource-Policy: same-origin`.
 */
const CROSS_ORIGIN_ASSETS = new Set([
  '/sandbox/srci/integration/2/lib.js',
  '/sandbox/srci/merchant/2/lib.js',
  '/sandbox/srci/integration/2/hosted-checkout.js',
  '/sandbox/sdk/srcsdk.mastercard.js',
  '/sandbox/dcf.js',
  '/sandbox/srci/integration/components/src-ui-kit/:file',
  '/sandbox/card-art/:file',
  '/sandbox/keys',
  '/sandbox/keys/mcs/fpanEncryption',
  '/sandbox/keys/mcs/payloadVerification',
]);

const UI_KIT_FILES: Record<string, string> = {
  'src-ui-kit.esm.js': 'text/javascript; charset=utf-8',
  'src-ui-kit.esm.js.map': 'application/json; charset=utf-8',
  'src-ui-kit.css': 'text/css; charset=utf-8',
};

export interface NetworkSandboxOptions {
  db: SandboxDatabase;
  /** The folder holding lib.js and dcf.js (the package's dist/browser). */
  browserDir?: string;
  /** The folder holding the built UI kit (the package's dist/src-ui-kit). */
  uiKitDir?: string;
  /** An artificial delay before every SDK API answer, for live demos. 0 by default. */
  latencyMs?: number;
  /**
   * The names the server answers to (scheme, host and port, no path): the public base URL first,
   * for every absolute URL the sandbox answers (dcfUrl, the cards' DCF uri, the /sandbox page),
   * then the other origins it is served at. "Our own origin" (same-origin pages, the windows, the
   * passkeys' relying party) is one of these, never the request's Host header. A function when
   * known only once the server listens.
   */
  publicOrigins?: readonly string[] | (() => readonly string[]);
  /**
   * The guards of the host's caller table (callers.ts), when the host guards every route by its
   * callers itself: the sandbox adds those of its own callers (the merchant page, the network
   * window, the merchant server, its own pages, agents). Without it, the sandbox guards its own routes.
   */
  callerGuards?: CallerGuards;
  /** Sessions (init) one caller address may open per minute; 120 by default. */
  initsPerMinute?: number;
  /**
   * The merchant clients onboarded at the network (the developer portal's job at the real one): the
   * network APIs answer only requests signed with one of their keys. None by default.
   */
  clients?: OnboardedClient[];
  /**
   * DPAs only one client may register a key for (DPA id to client id): the DPAs the host is
   * configured with, so that a client onboarded through POST /sandbox/clients cannot take them first.
   */
  dpaOwners?: Record<string, string>;
  /**
   * Given the network API's description once its routes are known, for the host to publish (its
   * OpenAPI document and reference page, as it publishes its own API's).
   */
  describeNetworkApi?(api: NetworkApiDescription): void;
}

/** The network API as its OpenAPI document describes it; `routes` is read once all are registered. */
export interface NetworkApiDescription extends Omit<OpenApiOptions, 'routes'> {
  routes: () => readonly DocumentedRoute[];
}

/** Used when the host names none: the server's default address. */
const DEFAULT_PUBLIC_ORIGINS = ['http://localhost:3000'];

export async function networkSandbox(app: FastifyInstance, options: NetworkSandboxOptions): Promise<void> {
  const { db, browserDir = DEFAULT_BROWSER_DIR, uiKitDir = DEFAULT_UI_KIT_DIR, latencyMs = 0, clients = [] } = options;
  const configured = options.publicOrigins ?? DEFAULT_PUBLIC_ORIGINS;
  const origins = ownOrigins(typeof configured === 'function' ? configured : () => configured);
  await seedSandbox(db);
  const keys = await loadNetworkKeys(db);
  const guards = sandboxCallerGuards({ db, origins, authenticate: networkAuthenticator(db, clients) });
  if (options.callerGuards) addGuards(options.callerGuards, guards, app.prefix);
  else guardRoutesByCaller(app, guards);
  keepSignedBodies(app);

  app.addHook('onSend', async (request, reply) => {
    if (!CROSS_ORIGIN_ASSETS.has(request.routeOptions.url ?? '')) return;
    reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ statusCode: 404, message: `No such path: ${request.method} ${request.url.split('?')[0]}` }),
  );

  // The internal SDK API: failures answer { reason, message }, which the SDK rejects with.
  await app.register(async (api) => {
    api.setErrorHandler((error, request, reply) => {
      if (error instanceof SdkError)
        return reply.status(error.statusCode).send({ reason: error.reason, message: error.message });
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500)
        return reply.status(status).send({ reason: 'INVALID_REQUEST', message: (error as Error).message });
      request.log.error({ err: error }, 'sandbox SDK API failed');
      return reply.status(500).send({ reason: 'SERVER_ERROR', message: 'Something went wrong in the sandbox' });
    });
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    sdkApiCors(api, origins);
    if (latencyMs > 0) api.addHook('onRequest', () => new Promise<void>((resolve) => setTimeout(resolve, latencyMs)));
    await sdkApiRoutes(api, { db, keys, origins, initsPerMinute: options.initsPerMinute });
  });

  await networkApis(app, { db, keys, origins, clients, dpaOwners: options.dpaOwners }, options.describeNetworkApi);
  await app.register(mockSrcApiRoutes);
  await app.register(passkeysPageRoutes, { db });

  browserFileRoutes(app, browserDir, uiKitDir);

  app.get('/', ANYONE, (request, reply) => {
    const locale = sandboxPageLocale(request);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .type('text/html; charset=utf-8')
      .send(landingPage(origins.publicBaseUrl(), locale));
  });

  // The DCF runs in the merchant's popup or iframe, often on another origin: the merchant of its
  // checkout (or code) alone may frame it; X-Frame-Options cannot name an origin, so it goes.
  app.get<{ Querystring: Record<string, unknown> }>('/dcf', ANYONE, async (request, reply) => {
    const frameAncestors = await dcfFrameAncestors(db, request.query);
    reply.removeHeader('x-frame-options');
    // The merchant must keep its handle on the popup (window.opener, closed): one on another
    // origin needs no policy here; one on ours, the policy of its own pages, which the popup may
    // have shown first (the configured pop-up URL), for a change of policy would sever the handle.
    const sameOrigin = frameAncestors === origins.of(request);
    reply.header('cross-origin-opener-policy', sameOrigin ? 'same-origin-allow-popups' : 'unsafe-none');
    return reply
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors ${frameAncestors}; object-src 'none'; base-uri 'self'; form-action 'self'`,
      )
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(dcfPage());
  });

  app.get<{ Querystring: { srcDpaId?: string; locale?: string } }>('/harness', ANYONE, (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        harnessPage(
          nonEmptyString(request.query.srcDpaId) ?? 'sandbox-harness-dpa',
          nonEmptyString(request.query.locale) ?? 'en_US',
        ),
      ),
  );

  app.get<{ Params: { file: string } }>('/card-art/:file', ANYONE, (request, reply) => {
    const svg = cardArt(request.params.file.replace(/\.svg$/, ''));
    if (!svg) return reply.status(404).send({ statusCode: 404, message: 'No such card art' });
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
}

/**
 * The network's server APIs (their route schemas are zod's, src/api/network-api.ts, whatever the
 * host uses), described to the host, which publishes them as it publishes its own API.
 */
async function networkApis(
  app: FastifyInstance,
  options: NetworkApiOptions,
  describe?: NetworkSandboxOptions['describeNetworkApi'],
): Promise<void> {
  const { db } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  const networkRoutes: DocumentedRoute[] = [];
  await app.register(async (network) => {
    network.addHook('onRoute', (route) => {
      networkRoutes.push({ method: route.method, url: route.url, schema: route.schema as DocumentedRoute['schema'] });
    });
    await network.register(networkApiRoutes, options);
    await network.register(dpaOriginsRoutes, { db });
  });
  describe?.({
    title: 'Click to Pay network sandbox: network API',
    version: APP_VERSION,
    description:
      'What the merchant’s server calls at the card network (reference sections 8.3, 9, 10, 12, Secure Card on File), as the sandbox answers it. Refusals answer `{ status, reason, message, errordetail }` (section 9.2).',
    securitySchemes: NETWORK_SECURITY_SCHEMES,
    routes: () => networkRoutes,
  });
}

/** The browser files: the SDK scripts, the DCF script and the UI kit, at the network's paths. */
function browserFileRoutes(app: FastifyInstance, browserDir: string, uiKitDir: string): void {
  const sendScript = async (reply: FastifyReply, name: string) => {
    let source: string;
    try {
      source = await readFile(join(browserDir, name), 'utf8');
    } catch {
      return reply
        .status(503)
        .send({ statusCode: 503, message: `${name} is not built: run "npm run build -w packages/network-sandbox"` });
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .type('application/javascript; charset=utf-8')
      .send(source);
  };
  app.get('/srci/integration/2/lib.js', ANYONE, (_request, reply) => sendScript(reply, 'lib.js'));
  app.get('/srci/merchant/2/lib.js', ANYONE, (_request, reply) => sendScript(reply, 'lib.js'));
  app.get('/srci/integration/2/hosted-checkout.js', ANYONE, (_request, reply) =>
    sendScript(reply, 'hosted-checkout.js'),
  );
  app.get('/dcf.js', ANYONE, (_request, reply) => sendScript(reply, 'dcf.js'));
  app.get('/sdk/srcsdk.mastercard.js', ANYONE, (_request, reply) => sendScript(reply, 'srcsdk.mastercard.js'));

  // The UI kit, at the network's path (built by src/ui-kit/build.mjs).
  app.get<{ Params: { file: string } }>(
    '/srci/integration/components/src-ui-kit/:file',
    ANYONE,
    async (request, reply) => {
      const type = UI_KIT_FILES[request.params.file];
      if (!type) return reply.status(404).send({ statusCode: 404, message: 'No such UI kit file' });
      try {
        const body = await readFile(join(uiKitDir, request.params.file));
        return reply
          .header('cache-control', 'no-cache')
          .header('access-control-allow-origin', '*')
          .type(type)
          .send(body);
      } catch {
        return reply.status(503).send({
          statusCode: 503,
          message: 'The UI kit is not built: run "npm run build -w packages/network-sandbox"',
        });
      }
    },
  );
}
