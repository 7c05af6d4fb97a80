import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles for the browser: no Node built-in is reachable from the package entry', async () => {
  const result = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
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
