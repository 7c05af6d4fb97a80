import { fileURLToPath } from 'node:url';

// This module sits one level below apps/server both as source (src/) and when bundled (dist/),
// so the same relative paths work in tests, in development and in production.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
