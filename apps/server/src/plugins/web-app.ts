import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_SESSION_COOKIE,
  ADMIN_SESSION_META,
  isKnownRoute,
  PRODUCTS_API_KEY_META,
  resolveLocale,
} from '@c2p/domain';
import { localeOf } from '../lib/i18n.ts';

export interface WebAppOptions {
  /** PRODUCTS_API_KEY: every page carries it for the web app to send (not a secret, docs/decisions/010). */
  productsApiKey: string;
  /** Whether `/products/{id}` names a product of the catalogue. */
  productExists?: (id: number) => Promise<boolean>;
  /** ANALYTICS_SCRIPT_URL: the analytics tag the app loads once the cookie notice is accepted. */
  analyticsScriptUrl?: string | undefined;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};
const escapeAttribute = (value: string) => value.replace(/[&"<>']/g, (c) => ATTRIBUTE_ESCAPES[c]!);

const PRODUCT_PAGE = /^\/products\/([^/]+)\/?$/;
const PRODUCT_ID = /^[1-9][0-9]{0,9}$/;
const MAX_PRODUCT_ID = 2_147_483_647;

/**
 * Serves the built single-page app. Fingerprinted files under /assets are cached for a year; any
 * other GET that is not an API path answers index.html (history fallback) with `<html lang dir>`
 * already set from the locale cookie, else the browser's Accept-Language, and status 404 when the
 * path is not one of the app's routes or names a product that does not exist (the app then shows its
 * not-found page). Each page carries the configured products key (PRODUCTS_API_KEY) for the web app to send.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { productsApiKey, productExists = async () => true, analyticsScriptUrl }: WebAppOptions,
): Promise<void> {
  let template: string;
  try {
    template = await readFile(join(distDir, 'index.html'), 'utf8');
  } catch {
    throw new Error(`The web app is not built: ${join(distDir, 'index.html')} is missing. Run "npm run build".`);
  }
  const keyMeta = `<meta name="${PRODUCTS_API_KEY_META}" content="${escapeAttribute(productsApiKey)}">`;
  template = template.replace('</head>', `${keyMeta}</head>`);
  if (analyticsScriptUrl) {
    template = template.replace(
      /<head>/,
      `<head>\n    <meta name="analytics-script-url" content="${escapeAttribute(analyticsScriptUrl)}" />`,
    );
  }
  const pages = new Map<string, string>();
  const pageFor = (localeCode: string | undefined, adminCookie: boolean): string => {
    const locale = resolveLocale(localeCode);
    const name = `${locale.code}${adminCookie ? '+admin' : ''}`;
    let page = pages.get(name);
    if (!page) {
      page = template.replace(/<html[^>]*>/, `<html lang="${locale.code}" dir="${locale.dir}">`);
      if (adminCookie) page = page.replace('</head>', `<meta name="${ADMIN_SESSION_META}" content="present"></head>`);
      pages.set(name, page);
    }
    return page;
  };

  // The plugin only sends files: the route is ours, so that it declares its callers as every route does.
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    serve: false,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each compressible file: sent as they are, where the
    // browser takes them, rather than compressed again on every request.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(join(distDir, 'assets'));
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  const isAppPage = async (path: string): Promise<boolean> => {
    if (!isKnownRoute(path)) return false;
    const id = PRODUCT_PAGE.exec(path)?.[1];
    if (id === undefined) return true;
    if (!PRODUCT_ID.test(id) || Number(id) > MAX_PRODUCT_ID) return false;
    // With the database down the page is still served: the app says what it can.
    return productExists(Number(id)).catch(() => true);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply
      .status((await isAppPage(path)) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(pageFor(localeOf(request), Boolean(request.cookies[ADMIN_SESSION_COOKIE])));
  };

  app.get<{ Params: { '*': string } }>('/*', { config: { callers: ['anyone'] } }, (request, reply) =>
    reply.sendFile(request.params['*']),
  );
  app.get('/', { config: { callers: ['anyone'] } }, sendPage);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      // The network sandbox answers its own paths; an unknown one is a 404, never the app.
      !path.startsWith('/sandbox/') &&
      path !== '/sandbox' &&
      !path.startsWith('/assets/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (isPage) return sendPage(request, reply);
    return reply.status(404).send({ statusCode: 404, message: `No such path: ${request.method} ${path}` });
  });
}
