// Bundles the UI kit like the network ships it: one ES module and one CSS file.
//   node packages/network-sandbox/src/ui-kit/build.mjs [outdir]
// Default outdir: packages/network-sandbox/dist/src-ui-kit (the server serves it at
// /sandbox/srci/integration/components/src-ui-kit/). Add --watch to rebuild on change.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const watch = args.includes('--watch');
const outdir = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(here, '../../dist/src-ui-kit'));

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: [path.join(here, 'index.ts')],
  outfile: path.join(outdir, 'src-ui-kit.esm.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'info',
};

await mkdir(outdir, { recursive: true });
await copyFile(path.join(here, 'src-ui-kit.css'), path.join(outdir, 'src-ui-kit.css'));
if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  const result = await esbuild.build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(`src-ui-kit: ${(bytes / 1024).toFixed(1)} KB → ${outdir}`);
}
