import { defineConfig } from 'vitest/config';

// Used when the UI kit's tests are run on their own: npx vitest run --root packages/network-sandbox/src/ui-kit
// (Vite may leave a git-ignored node_modules/.vite-temp folder here.)
export default defineConfig({
  cacheDir: '../../../../node_modules/.vite/ui-kit',
  test: { include: ['*.test.ts'], environment: 'jsdom' },
});
