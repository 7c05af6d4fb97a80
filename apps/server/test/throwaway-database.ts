import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the database at `url` over a connection of its own; answers its rows. */
export async function runOn<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database named `<prefix>_<random>` beside the one at `baseUrl`, so that a run
 * never sees another's data; `drop` removes it even while connections to it are still open.
 */
export async function createThrowawayDatabase(baseUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOn(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await runOn(baseUrl, `drop database if exists ${name} with (force)`);
  };
  return { name, url: url.toString(), drop };
}
