import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:load`: concurrent orders, a server killed mid-run, and (with DATABASE_URL) the
 * database dropping its connections, against the built server (apps/server/dist/main.js) run as
 * a child process. Kept out of `npm run test:unit` (the files end in .load.ts).
 */
export default defineConfig({
  test: {
    name: 'load',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.load.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
