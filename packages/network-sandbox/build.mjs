// Bundles the browser parts (the SDK lib.js, the SRC-level srcsdk.mastercard.js and the DCF page
// script) into dist/browser, and the UI kit (its own build script) into dist/src-ui-kit.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};
await Promise.all([
  build({ ...common, entryPoints: ['src/sdk/index.ts'], outfile: 'dist/browser/lib.js' }),
  build({ ...common, entryPoints: ['src/dcf/index.ts'], outfile: 'dist/browser/dcf.js' }),
  build({ ...common, entryPoints: ['src/hosted/index.ts'], outfile: 'dist/browser/hosted-checkout.js' }),
  build({ ...common, entryPoints: ['src/srcsdk/index.ts'], outfile: 'dist/browser/srcsdk.mastercard.js' }),
]);
if (existsSync('src/ui-kit/build.mjs') && existsSync('src/ui-kit/index.ts')) {
  execFileSync(process.execPath, ['src/ui-kit/build.mjs'], { stdio: 'inherit' });
}
