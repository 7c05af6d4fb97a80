import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any Drizzle PostgreSQL database (PGlite or node-postgres) whose migrations include the sandbox's tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's schema type is none of our business
export type SandboxDatabase = PgDatabase<PgQueryResultHKT, any>;
