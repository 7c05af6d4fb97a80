import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than cores, runs one file at a time on CI's two cores: two
    // workers run every file in 99 s instead of 145 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads start faster than the default child processes: every file took 165-187 s of CPU
    // in threads against 198-231 s in processes.
    pool: 'threads',
    // `extends: true`: each project takes the options above (inline projects do not by default).
    projects: [
      {
        extends: true,
        test: { name: 'domain', isolate: false, include: ['packages/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'agentic', isolate: false, include: ['packages/agentic/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database (a copy of one migrated PGlite, or a throwaway PostgreSQL database).
          globalSetup: ['apps/server/test/pglite-template.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          include: ['packages/network-sandbox/**/*.test.ts'],
          environment: 'node',
          // Builds lib.js and dcf.js once, so the script routes serve what the browser gets.
          globalSetup: ['packages/network-sandbox/test/global-setup.ts', 'apps/server/test/pglite-template.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        define: { __RELEASE_DATE__: JSON.stringify('2026-01-01T00:00:00.000Z') },
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
