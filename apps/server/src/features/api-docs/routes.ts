import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defineRoute,
  errors,
  openApiDocument,
  type DocumentedRoute,
  type OpenApiDocument,
  type OpenApiOptions,
} from '@c2p/domain/api';
import { fieldError } from '../../lib/http-errors.ts';
import { localeOf, t } from '../../lib/i18n.ts';

/** The renderer's files, served from our own origin (no CDN): swagger-ui-dist, from node_modules. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
export const REFERENCE_ASSETS_PATH = '/api/reference/assets';

/** What each reference page runs: Swagger UI on the document its container names (no inline script). */
const INITIALIZER = `window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-document'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

const ASSETS: Record<string, { type: string; load: () => Promise<Buffer | string> }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', load: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    load: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')),
  },
  'reference.js': { type: 'text/javascript; charset=utf-8', load: async () => INITIALIZER },
  'favicon-32x32.png': { type: 'image/png', load: () => readFile(join(SWAGGER_UI_DIR, 'favicon-32x32.png')) },
};

const tags = ['Documentation'];
const docsRoutes = {
  asset: defineRoute('GET', `${REFERENCE_ASSETS_PATH}/:file`, {
    summary: 'A file of the reference page’s renderer (Swagger UI)',
    tags,
    security: [],
    params: z.object({ file: z.string().describe(Object.keys(ASSETS).join(', ')) }),
    response: { 200: z.unknown().describe('The file'), ...errors(404) },
  }),
};

/** Serves the renderer's files once for every reference page (merchant API now, the sandbox's later). */
export async function referenceAssetRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, Promise<Buffer | string>>();
  const { asset } = docsRoutes;
  app.withTypeProvider<ZodTypeProvider>().get(asset.url, { schema: asset.schema }, async (request, reply) => {
    const { file } = request.params;
    const found = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!found) throw fieldError(404, 'file', t(request, 'API_REFERENCE.NO_SUCH_FILE'));
    const { type, load } = found;
    let body = cache.get(file);
    if (!body) {
      body = load();
      cache.set(file, body);
    }
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=3600')
      .send(await body);
  });
}

export interface ApiDocumentOptions extends Omit<OpenApiOptions, 'routes'> {
  /** Where the OpenAPI document is served, e.g. /api/openapi.json. */
  documentPath: string;
  /** Where its reference page is served, e.g. /api/reference. */
  referencePath: string;
  /** The routes it describes: read when first asked, once every route is registered. */
  routes: () => readonly DocumentedRoute[];
  /** The catalogue key of its reference page's title, in the visitor's language (the document's own title stays English). */
  pageTitleKey: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One API's published description: its OpenAPI 3.1 document (generated from the routes' zod
 * schemas) and a readable reference page on it. Registered once per API with its own title and
 * routes (the merchant's; the sandbox network's the same way).
 */
export async function apiDocumentRoutes(app: FastifyInstance, options: ApiDocumentOptions): Promise<void> {
  const { documentPath, referencePath, routes, pageTitleKey, ...document } = options;
  let built: OpenApiDocument | undefined;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    documentPath,
    {
      schema: {
        summary: `The OpenAPI 3.1 document of this API`,
        tags,
        security: [],
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async () => (built ??= openApiDocument({ ...document, routes: routes() })),
  );

  api.get(
    referencePath,
    { schema: { summary: 'The API reference, a page to read the document with', tags, security: [] } },
    async (request, reply) => {
      const title = escapeHtml(t(request, pageTitleKey));
      const noscript = escapeHtml(t(request, 'API_REFERENCE.NEEDS_JAVASCRIPT'));
      // The renderer speaks English; our own words are in the visitor's language.
      const locale = localeOf(request);
      const inLocale = `lang="${locale}" dir="${locale === 'ar-EG' ? 'rtl' : 'ltr'}"`;
      const html = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="${REFERENCE_ASSETS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${REFERENCE_ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<h1 ${inLocale} style="position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%)">${title}</h1>
<noscript><p ${inLocale}>${noscript} <a href="${escapeHtml(documentPath)}">${escapeHtml(documentPath)}</a></p></noscript>
<div id="swagger-ui" data-document="${escapeHtml(documentPath)}"></div>
<script src="${REFERENCE_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_ASSETS_PATH}/reference.js"></script>
</body>
</html>
`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );
}
