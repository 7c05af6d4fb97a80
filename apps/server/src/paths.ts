import { fileURLToPath } from 'node:url';

// This module sits one level below apps/server both as source (src/) and when bundled (dist/),
// so the same relative paths work in tests, in development and in production.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const SANDBOX_BROWSER_DIR = fileURLToPath(
  new URL('../../../packages/network-sandbox/dist/browser', import.meta.url),
);
export const SANDBOX_UI_KIT_DIR = fileURLToPath(
  new URL('../../../packages/network-sandbox/dist/src-ui-kit', import.meta.url),
);
