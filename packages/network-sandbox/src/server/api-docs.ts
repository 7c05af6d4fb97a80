// The network API's published description: its OpenAPI 3.1 document, generated from the routes'
// zod schemas, and a reference page that reads it with Swagger UI, every file from this origin.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type DocumentedRoute, type OpenApiDocument, type OpenApiOptions } from '@c2p/domain/api';
import { escapeHtml as e } from './util.ts';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Starts Swagger UI on the document its container names: a file, as the CSP allows no inline script. */
const STARTER = `window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({ url: root.dataset.document, dom_id: '#swagger-ui', deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout', validatorUrl: null, tryItOutEnabled: false });
});
`;

/** The renderer's files by name: their type and where they come from. */
const RENDERER_FILES: Record<string, [type: string, load: () => Promise<Buffer | string>]> = {
  'swagger-ui.css': ['text/css; charset=utf-8', () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui.css'))],
  'swagger-ui-bundle.js': [
    'text/javascript; charset=utf-8',
    () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')),
  ],
  'start.js': ['text/javascript; charset=utf-8', async () => STARTER],
};

export interface ApiDocsOptions extends Omit<OpenApiOptions, 'routes'> {
  /** The API's own prefix inside this plugin, e.g. /api: serves /api/openapi.json and /api/reference. */
  base: string;
  /** The public path of `base`, e.g. /sandbox/api, for the links the page holds. */
  publicBase: string;
  /** The routes it describes: read when first asked, once every route is registered. */
  routes: () => readonly DocumentedRoute[];
}

function referencePage(title: string, documentUrl: string, assets: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}: reference</title><link rel="stylesheet" href="${e(assets)}/swagger-ui.css"></head>
<body><h1 hidden>${e(title)}</h1>
<noscript><p>This page needs JavaScript; the document itself is <a href="${e(documentUrl)}">${e(documentUrl)}</a>.</p></noscript>
<div id="swagger-ui" data-document="${e(documentUrl)}"></div>
<script src="${e(assets)}/swagger-ui-bundle.js"></script><script src="${e(assets)}/start.js"></script>
</body></html>
`;
}

export async function apiDocsRoutes(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  const { base, publicBase, routes, ...document } = options;
  let built: OpenApiDocument | undefined;
  app.get(`${base}/openapi.json`, async (_request, reply) => {
    built ??= openApiDocument({ ...document, routes: routes() });
    return reply.header('cache-control', 'no-cache').send(built);
  });

  const page = referencePage(document.title, `${publicBase}/openapi.json`, `${publicBase}/reference/assets`);
  app.get(`${base}/reference`, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );

  const loaded = new Map<string, Promise<Buffer | string>>();
  app.get<{ Params: { file: string } }>(`${base}/reference/assets/:file`, async (request, reply) => {
    const { file } = request.params;
    const found = Object.hasOwn(RENDERER_FILES, file) ? RENDERER_FILES[file] : undefined;
    if (!found) return reply.status(404).send({ statusCode: 404, message: 'No such reference file' });
    const [type, load] = found;
    if (!loaded.has(file)) loaded.set(file, load());
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=3600')
      .send(await loaded.get(file));
  });
}
