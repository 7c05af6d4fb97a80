import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, testCardPayment } from '@c2p/domain';
// Server throughput as an outsider measures it: the production build at its default settings
// (default log level, the log drained as a terminal would take it), autocannon in a process of its
// own, and for the products API a bare node:http server, in a process of its own too, answering the
// same bytes. The two are measured in alternating runs and the median ratio reported, so that a
// neighbour's burst on a shared machine weighs on both. Figures, not assertions.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadFrom, type LoadFigures, type LoadSpec } from './load-generator.ts';
import { median, quick, spread } from './options.ts';
import { startServer, type RunningServer } from './server.ts';
import { SHIPPING } from './shopper-state.ts';

const CONNECTIONS = 50;
const DURATION_S = quick ? 2 : 8;
const WARMUP_S = quick ? 1 : 2;
const PRODUCTS_RUNS = quick ? 3 : 5;
const PRODUCTS_REQUESTS = quick ? 20_000 : 200_000;
const API_KEY = { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY };
/** What a browser's fetch adds: the products list comes compressed (encoded once, at its first request). */
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
// Sign-in is limited to 20 attempts a minute per account, so the run spreads over many shoppers.
const SHOPPERS = Array.from({ length: 60 }, (_, i) => ({
  email: `bench.shopper.${i}@example.com`,
  password: 'bench password 1',
}));

const BARE_SERVER = `
const body = Buffer.from(process.env.BODY, 'base64');
const headers = { ...JSON.parse(process.env.HEADERS), 'content-length': body.length };
const server = require('node:http').createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

export async function measureProducts(): Promise<Record<string, number | string>> {
  // One data directory for the runs' servers: each starts on it as an existing one (under a second).
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-products-'));
  try {
    return {
      ...(await productsAgainstBareNode(dataDir, {})),
      ...(await productsAgainstBareNode(dataDir, AS_A_BROWSER)),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Orders on the embedded database (and PostgreSQL when given one), and sign-in. */
export async function measureOrders(): Promise<Record<string, number | string>> {
  return withServer(async (server) => {
    const orders = await loadFrom(orderLoad(server.url, await firstProductId(server.url)));
    const signIn = await signInLoad(server.url);
    const onPostgres = await ordersOnPostgres();
    return {
      'POST /api/orders, embedded database: req/s, p50 / p99 ms, failed (goal >= 500, p99 <= 150)': orderFigures(
        orders,
        150,
      ),
      ...(onPostgres
        ? {
            'POST /api/orders, PostgreSQL: req/s, p50 / p99 ms, failed (goal p99 <= 100)': orderFigures(
              onPostgres,
              100,
            ),
          }
        : {}),
      'sign-in req/s, p99 ms at 10 connections, failed': `${signIn.rps}, ${signIn.p99}, ${signIn.non2xx + signIn.errors}`,
    };
  });
}

/** The production build at its default settings, on a data directory of its own. */
async function withServer<T>(measure: (server: RunningServer) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-load-'));
  // Default settings but for the trusted proxy: orders come from many addresses (X-Forwarded-For).
  const server = await startServer(dataDir, { LOG_LEVEL: undefined, TRUST_PROXY: 'true' });
  try {
    return await measure(server);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * GET /api/products from ours and from the bare server, alternating which goes first: each run a
 * fixed number of requests, with the CPU time (user + system) each server process spent on them.
 * CPU per request is the figure: a neighbour's burst on a shared machine slows both servers' clocks
 * far more than the work each request costs (a host short of memory bandwidth still raises it, the
 * product's more than the bare server's: decision record 030). Each run starts both servers afresh: one
 * instance of the same build differed from the next by up to a tenth (where its code and data
 * landed), which a median over runs of one instance would keep. Requests a second are kept beside it.
 */
async function productsAgainstBareNode(
  dataDir: string,
  asked: Record<string, string>,
): Promise<Record<string, string>> {
  const headersSent = { ...API_KEY, ...asked };
  const spec = (url: string, pid: number): LoadSpec => ({
    url: `${url}/api/products`,
    headers: headersSent,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    amount: PRODUCTS_REQUESTS,
    cpuOfPid: pid,
    warmupS: WARMUP_S,
  });
  const ours: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  let coding = 'identity';
  for (let run = 0; run < PRODUCTS_RUNS; run += 1) {
    const server = await startServer(dataDir, { LOG_LEVEL: undefined, TRUST_PROXY: 'true' });
    try {
      // node:http, so that the bytes stay as sent (fetch would decode a compressed body).
      const answer = await rawGet(`${server.url}/api/products`, headersSent);
      coding = answer.headers['content-encoding'] ?? 'identity';
      const bare = await startBareServer(answer);
      try {
        const measureOurs = async () => ours.push(await loadFrom(spec(server.url, server.pid)));
        const measureBare = async () => baseline.push(await loadFrom(spec(bare.url, bare.pid)));
        if (run % 2 === 0) await measureOurs().then(measureBare);
        else await measureBare().then(measureOurs);
      } finally {
        bare.stop();
      }
    } finally {
      await server.stop();
    }
  }
  const perRequestUs = (figures: LoadFigures) => (figures.cpuMs! * 1000) / figures.requests;
  const systemPerRequestUs = (figures: LoadFigures) => (figures.systemCpuMs! * 1000) / figures.requests;
  const userPerRequestUs = (figures: LoadFigures) => perRequestUs(figures) - systemPerRequestUs(figures);
  const cpuRatios = ours.map((figures, run) => perRequestUs(figures) / perRequestUs(baseline[run]!));
  const cpuRatio = median(cpuRatios);
  const ratios = ours.map((figures, run) => figures.rps / baseline[run]!.rps);
  const ratio = median(ratios);
  const requests = PRODUCTS_REQUESTS.toLocaleString('en-US');
  const cpuFigures = {
    [`GET /api/products CPU per request, µs, median of ${PRODUCTS_RUNS} runs of ${requests}, fresh servers each (bare node:http)`]: `${median(ours.map(perRequestUs)).toFixed(1)} (${median(baseline.map(perRequestUs)).toFixed(1)})`,
    [`products CPU per request to bare node, median of ${PRODUCTS_RUNS} alternating runs (goal <= 1.2)`]: `${cpuRatio.toFixed(2)} (${spread(cpuRatios)}) ${cpuRatio <= 1.2 ? 'met' : 'NOT met'}`,
    // The kernel's part grows with the machine's cost of a send and a wake-up, and with which side
    // waits for the other: the split shows how much of the ratio is the server's own work.
    'the same in user / system µs (bare node:http)': `${median(ours.map(userPerRequestUs)).toFixed(1)} / ${median(ours.map(systemPerRequestUs)).toFixed(1)} (${median(baseline.map(userPerRequestUs)).toFixed(1)} / ${median(baseline.map(systemPerRequestUs)).toFixed(1)})`,
  };
  if (asked['accept-encoding']) {
    return Object.fromEntries(
      Object.entries(cpuFigures).map(([label, value]) => [`${label}, asked as a browser (${coding})`, value]),
    );
  }
  return {
    ...cpuFigures,
    [`GET /api/products req/s, median of ${PRODUCTS_RUNS} (bare node:http)`]: `${median(ours.map((f) => f.rps))} (${median(baseline.map((f) => f.rps))})`,
    'GET /api/products p50 / p99 ms, medians': `${median(ours.map((f) => f.p50))} / ${median(ours.map((f) => f.p99))}`,
    [`products req/s ratio to bare node, median of ${PRODUCTS_RUNS} (goal >= 0.85; swings with the machine's load)`]: `${ratio.toFixed(2)} (${spread(ratios)}) ${ratio >= 0.85 ? 'met' : 'NOT met'}`,
    'products failed requests': String(ours.reduce((sum, f) => sum + f.non2xx + f.errors, 0)),
  };
}

/** A bare node:http server, in a process of its own, answering every request with these headers and bytes. */
async function startBareServer(answer: { headers: Record<string, string>; body: Buffer }) {
  // Every header of ours (security headers included) but those node:http sets itself.
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
    ),
  );
  const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, BODY: answer.body.toString('base64'), HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(bare.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}`, pid: bare.pid!, stop: () => bare.kill() };
}

/** A GET's headers and bytes as they came. */
async function rawGet(url: string, headers: Record<string, string>) {
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(url, { headers }, resolve).on('error', reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) };
}

export async function firstProductId(url: string): Promise<number> {
  const answer = await fetch(`${url}/api/products`, { headers: API_KEY });
  return ((await answer.json()) as { data: { id: number }[] }).data[0]!.id;
}

/** A card order of one product, from a new shopper (address and Idempotency-Key) each request. */
export function orderLoad(url: string, productId: number): LoadSpec {
  return {
    url: `${url}/api/orders`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ id: productId, count: 1 }], shipping: SHIPPING, payment: testCardPayment() }),
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    freshShopperPerRequest: true,
  };
}

function orderFigures(figures: LoadFigures, p99Goal: number): string {
  const failed = figures.non2xx + figures.errors;
  const met = figures.rps >= 500 && figures.p99 <= p99Goal && failed === 0;
  return `${figures.rps}, ${figures.p50} / ${figures.p99}, ${failed} ${met ? 'met' : 'NOT met'}`;
}

/**
 * The same order load on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL), in a database of its own
 * made for the run and dropped after it; skipped without either.
 */
async function ordersOnPostgres(): Promise<LoadFigures | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `c2p_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-pg-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir, { LOG_LEVEL: undefined, TRUST_PROXY: 'true', DATABASE_URL: databaseUrl.href });
    return await loadFrom(orderLoad(server.url, await firstProductId(server.url)));
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Sign-in (argon2id) at 10 connections, spread over 60 registered shoppers. */
async function signInLoad(url: string): Promise<LoadFigures> {
  for (const [index, shopper] of SHOPPERS.entries()) {
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.0.${index + 1}` },
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
  return loadFrom({
    url: `${url}/api/auth/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    bodies: SHOPPERS.map((shopper) => JSON.stringify(shopper)),
    freshShopperPerRequest: true,
    connections: 10,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
  });
}
