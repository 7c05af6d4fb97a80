import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles for the browser: no Node built-in is reachable from the package entries', async () => {
  const result = await build({
    entryPoints: ['../src/index.ts', '../src/agent/index.ts'].map((entry) => new URL(entry, import.meta.url).pathname),
    outdir: 'out',
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((path) => path.startsWith('node:') || path.includes('crypto-nodejs'))).toEqual([]);
  expect(inputs.some((path) => path.endsWith('http-message-sig/dist/index.mjs'))).toBe(true);
});
