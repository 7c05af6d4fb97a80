import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, testCardPayment } from '@c2p/domain';
// Server throughput and latency with autocannon against the production build: the products API
// side by side with a bare node:http server answering the same bytes, valid orders, and sign-in.
// Figures, not assertions: targets are reported as met or not.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './server.ts';
import { SHIPPING } from './shopper-state.ts';

const DURATION_S = 8;
const WARMUP_S = 2;
const CONNECTIONS = 50;
const API_KEY = { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY };
// Sign-in is limited to 20 attempts a minute per account, so the run spreads over many shoppers.
const SHOPPERS = Array.from({ length: 60 }, (_, i) => ({
  email: `bench.shopper.${i}@example.com`,
  password: 'bench password 1',
}));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Runs autocannon after a short unmeasured run, so both servers are measured warm (JIT done). */
async function cannon(options: autocannon.Options): Promise<Figures> {
  await autocannon({ duration: WARMUP_S, connections: CONNECTIONS, ...options });
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const BARE_SERVER = `
const body = Buffer.from(process.env.BODY, 'base64');
const headers = { ...JSON.parse(process.env.HEADERS), 'content-length': body.length };
const server = require('node:http').createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

// Each request comes from its own address (the server trusts X-Forwarded-For from its proxy), so
// the per-client rate limits measure many shoppers rather than one flooding client.
const someClient = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

export async function measureThroughput(): Promise<Record<string, number | string>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-load-'));
  const server = await startServer(dataDir, { TRUST_PROXY: 'true' });
  const products = await fetch(`${server.url}/api/products`, { headers: API_KEY });
  const body = Buffer.from(await products.arrayBuffer());
  // The same bytes: every header of ours (security headers included) but those node:http sets itself.
  const headers = Object.fromEntries(
    [...products.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
  );
  // In its own process, as our server is, so neither shares a core with autocannon.
  const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, BODY: body.toString('base64'), HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(bare.stdout!, 'data')) as [Buffer];
  const bareUrl = `http://127.0.0.1:${port.toString().trim()}`;
  const productId = ((JSON.parse(body.toString()) as { data: { id: number }[] }).data[0] ?? { id: 1 }).id;

  try {
    const ours = await cannon({ url: `${server.url}/api/products`, headers: API_KEY });
    const baseline = await cannon({ url: `${bareUrl}/api/products` });
    const order = JSON.stringify({
      items: [{ id: productId, count: 1 }],
      shipping: SHIPPING,
      payment: testCardPayment(),
    });
    const orders = await cannon({
      url: `${server.url}/api/orders`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
              'x-forwarded-for': someClient(),
            },
            body: order,
          }),
        },
      ],
    });
    for (const shopper of SHOPPERS) {
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': someClient() },
        body: JSON.stringify({
          ...shopper,
          firstName: 'Bench',
          lastName: 'Shopper',
          phoneNumber: '+1-2025550100',
          phoneCountryCode: '+1',
        }),
      });
      if (!registered.ok)
        throw new Error(`registering ${shopper.email}: ${registered.status} ${await registered.text()}`);
    }
    let next = 0;
    const signIn = await cannon({
      url: `${server.url}/api/auth/user/login`,
      method: 'POST',
      connections: 10,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': someClient() },
            body: JSON.stringify(SHOPPERS[next++ % SHOPPERS.length]),
          }),
        },
      ],
    });
    const ratio = ours.rps / baseline.rps;
    const atInfo = await productsAtDefaultLogLevel();
    const infoRatio = atInfo.rps / baseline.rps;
    return {
      'GET /api/products req/s (bare node:http)': `${ours.rps} (${baseline.rps})`,
      'GET /api/products p50 / p99 ms at 50 connections': `${ours.p50} / ${ours.p99}`,
      'products ratio to bare node (target >= 0.7)': `${ratio.toFixed(2)} ${ratio >= 0.7 ? 'met' : 'NOT met'}`,
      'products p99 under 25 ms': ours.p99 < 25 ? 'met' : 'NOT met',
      'products ratio at the default log level (info, one line a request)': `${infoRatio.toFixed(2)} ${infoRatio >= 0.7 ? 'met' : 'NOT met'}`,
      'POST /api/orders req/s, p99 ms, non-2xx': `${orders.rps}, ${orders.p99}, ${orders.non2xx}`,
      'sign-in req/s, p99 ms at 10 connections, non-2xx': `${signIn.rps}, ${signIn.p99}, ${signIn.non2xx}`,
    };
  } finally {
    bare.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** GET /api/products from a server logging at its default level (info), its log drained unread. */
async function productsAtDefaultLogLevel(): Promise<Figures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-info-'));
  const server = await startServer(dataDir, { LOG_LEVEL: 'info' });
  try {
    return await cannon({ url: `${server.url}/api/products`, headers: API_KEY });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
