import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statementsDuring, type TestServer } from '../../test/harness.ts';
import { nextIp } from '../../test/shop.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { perIpLimit, rateLimitsFor } from './rate-limits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A server with one route limited to `max` hits a minute per address, its counters on `database`. */
async function limitedApp(database: DatabaseHandle, max: number): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(rateLimit, rateLimitsFor(database));
  app.get('/limited', { config: { rateLimit: perIpLimit(max) } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const hit = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: '/limited', remoteAddress: ip });

// Counters in the database (PostgreSQL's way) are tried on whichever database the tests run on.
const inDatabase = (): DatabaseHandle => ({ ...server.database, driver: 'postgres' });
const inMemory = (): DatabaseHandle => ({ ...server.database, driver: 'pglite' });

describe.each([
  ['in the database', inDatabase],
  ['in memory', inMemory],
])('per-address limits with counters %s', (_, database) => {
  it('lets exactly the limit through when an address sends a burst at once', async () => {
    const app = await limitedApp(database(), 5);
    const ip = nextIp();
    const burst = await Promise.all(Array.from({ length: 12 }, () => hit(app, ip)));
    expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const limited = burst.filter((answer) => answer.statusCode === 429);
    expect(limited).toHaveLength(7);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await hit(app, nextIp())).statusCode).toBe(200);
    await app.close();
  });
});

describe('per-address limits with counters in the database', () => {
  it('counts a burst from many addresses in a handful of statements, not one each', async () => {
    const app = await limitedApp(inDatabase(), 5);
    try {
      const statements = await statementsDuring(server.database.db, async () => {
        const answers = await Promise.all(Array.from({ length: 40 }, () => hit(app, nextIp())));
        expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      });
      expect(statements).toBeLessThanOrEqual(4);
    } finally {
      await app.close();
    }
  });

  it('starts a counter over once its window has ended', async () => {
    const app = await limitedApp(inDatabase(), 2);
    const ip = nextIp();
    expect([(await hit(app, ip)).statusCode, (await hit(app, ip)).statusCode]).toEqual([200, 200]);
    expect((await hit(app, ip)).statusCode).toBe(429);
    await server.database.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '1 second' where key like ${`%${ip}`}`,
    );
    expect((await hit(app, ip)).statusCode).toBe(200);
    await app.close();
  });
});
