import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { idempotencyKey, nextIp, orderBody } from '../../../test/shop.ts';
import { orders } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';

// A server whose order writer lets only two orders wait, so that a burst overflows it.
vi.mock('./order-writer.ts', async (original) => {
  const actual = await original<typeof import('./order-writer.ts')>();
  return {
    ...actual,
    orderWriter: (db: Parameters<typeof actual.orderWriter>[0]) => actual.orderWriter(db, { maxWaiting: 2 }),
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/orders when more orders wait than the server takes', () => {
  it('answers 503 with Retry-After in the visitor language, storing nothing of those orders', async () => {
    const keys = Array.from({ length: 6 }, () => idempotencyKey());
    const responses = await Promise.all(
      keys.map((key) =>
        server.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: orderBody(),
          headers: { 'idempotency-key': key, cookie: 'locale=fr-FR' },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(keys.length - busy.length);
    expect(busy[0]!.json()).toEqual({ statusCode: 503, message: translate('fr-FR', 'API.ORDER.BUSY') });
    expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.idempotencyKey, keys));
    expect(stored!.n).toBe(keys.length - busy.length);

    // Sent again, the refused orders go through.
    const refusedKeys = keys.filter((_, index) => responses[index]!.statusCode === 503);
    for (const key of refusedKeys) {
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(),
        headers: { 'idempotency-key': key },
        remoteAddress: nextIp(),
      });
      expect(again.statusCode).toBe(201);
    }
  });
});
