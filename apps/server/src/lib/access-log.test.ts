import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER } from '@c2p/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';

interface LogLine {
  msg: string;
  level: number;
  time: number;
  pid: number;
  reqId: string;
  req: { method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
}

let server: TestServer;
let writes: string[] = [];
const lines = () =>
  writes
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
const accessLines = () => lines().filter((line) => line.msg === 'request completed');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({ app: { logger: { level: 'info', stream } } });
});
afterAll(() => server.close());
beforeEach(() => {
  writes = [];
});

describe('the access log', () => {
  it('writes one JSON line per answered request, with what an operator reads, by the end of the turn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.app.inject({
          url: i % 2 ? '/api/products' : '/api/products/1',
          headers: i % 4 === 3 ? {} : { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
        }),
      ),
    );
    await nextTurn();
    const logged = accessLines();
    expect(logged).toHaveLength(20);
    expect(new Set(logged.map((line) => line.reqId)).size).toBe(20);
    expect(logged.map((line) => line.res.statusCode).sort()).toEqual(answers.map((a) => a.statusCode).sort());
    for (const line of logged) {
      expect(line).toMatchObject({ level: 30, req: { method: 'GET' }, res: {}, msg: 'request completed' });
      expect(line.req.url).toMatch(/^\/api\/products/);
      expect(typeof line.time).toBe('number');
      expect(typeof line.pid).toBe('number');
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
    }
    // Lines of one turn go out together, not one write each.
    expect(writes.length).toBeLessThan(20);
  });

  it('logs the path only, a card number in it masked however its groups are separated (round 3, item 7)', async () => {
    await server.app.inject({ url: '/api/products?card=5120350100064545&q=x' });
    await server.app.inject({ url: '/api/products/5120%203501%200006%204545' });
    await server.app.inject({ url: '/api/products/5120+3501+0006+4545?code=123' });
    await nextTurn();
    expect(accessLines().map((line) => line.req.url)).toEqual([
      '/api/products',
      '/api/products/[digits masked]',
      '/api/products/[digits masked]',
    ]);
    expect(writes.join('')).not.toMatch(/5120|4545|code=/);
  });

  it('writes nothing below its level', async () => {
    server.app.log.level = 'warn';
    try {
      await server.app.inject({ url: '/api/products' });
      await nextTurn();
      expect(accessLines()).toHaveLength(0);
    } finally {
      server.app.log.level = 'info';
    }
  });
});
