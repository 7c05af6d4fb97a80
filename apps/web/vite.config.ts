import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative path: Vite bundles it into the config, whereas Node cannot load the package's TypeScript.
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_META } from '../../packages/domain/src/product.ts';

/**
 * In development the page comes from Vite, not the server: it carries the products key the server
 * would (PRODUCTS_API_KEY, else the demo key), as the server puts it in every page it serves.
 */
function devProductsApiKey(): Plugin {
  return {
    name: 'c2p-dev-products-api-key',
    apply: 'serve',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: PRODUCTS_API_KEY_META, content: process.env.PRODUCTS_API_KEY || DEMO_PRODUCTS_API_KEY },
        injectTo: 'head',
      },
    ],
  };
}

const COMPRESSIBLE = /\.(js|css|svg)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside each compressible file of the build, at the highest levels, for the
 * server to send as they are (`preCompressed`) instead of compressing each request. Small files too:
 * without a copy, each request for one looked for both copies before sending the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'c2p-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          await writeFile(
            `${path}.br`,
            await brotli(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
          );
          await writeFile(`${path}.gz`, await gzipped(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), devProductsApiKey(), precompress()],
  define: {
    // Shown in the footer as the release date and time of this build.
    __RELEASE_DATE__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    target: 'es2022',
    // The SPA's HTML is served with a CSP that forbids inline script, so keep Vite from inlining any.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The modules the entry imports statically go into one chunk, which every first page loads. Left
    // to the automatic splitting they came as dozens of small files: a product page took 58 requests
    // (24 now), and /home 129.8 KB of gzip JS (121.1 now). Routes stay lazy, in chunks of their own.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
});
