// The trust model as a table (SECURITY.md, issue 36): every route of the shop and of its network
// sandbox declares the callers it serves, and refuses each caller it does not serve, holding that
// caller's own valid credential, before it does anything.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { CALLER_NAMES, type Caller } from '@c2p/domain/api';
import { ensureAdmin } from '../../../apps/server/src/features/admin/service.ts';
import { loadSigningKey } from '../../../apps/server/src/features/payments/network-signing.ts';
import { cookieFrom, startTestServer, webDistFixture, type TestServer } from '../../../apps/server/test/harness.ts';
import { registerShopper } from '../../../apps/server/test/shop.ts';
import { guardRoutesByCaller } from '../src/server/callers.ts';
import { TestAgent } from './agent.ts';
import { SANDBOX_PAGE_ORIGIN, signedInject, TestSdk } from './client.ts';

/** A merchant page on another origin its DPA allows (the sandbox's localhost default). */
const MERCHANT_PAGE = 'http://localhost:8080';

/** What a request carries for each caller: its own credential, and nothing of another's. */
type Credential = { headers: Record<string, string>; signed?: 'oauth' | 'agent' };

let server: TestServer;
let agent: TestAgent;
const credentials: Partial<Record<Caller, Credential>> = {};

beforeAll(async () => {
  server = await startTestServer({ webDistDir: await webDistFixture() });
  const { app } = server;
  await ensureAdmin(server.database.db, 'table@demo.test', 'a long admin password');
  const admin = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: 'table@demo.test', password: 'a long admin password' },
  });
  const page = new TestSdk(app);
  page.origin = MERCHANT_PAGE;
  await page.init();
  const windowOwner = new TestSdk(app);
  await windowOwner.init();
  await windowOwner.call('POST', '/lookup', { email: 'returning.user@example.com' });
  const window = await windowOwner.openWindow({ kind: 'CODE' });
  agent = await TestAgent.register(app);
  Object.assign(credentials, {
    anyone: { headers: {} },
    shopper: { headers: (await registerShopper(server)).auth },
    admin: { headers: { cookie: cookieFrom(admin, ADMIN_SESSION_COOKIE) } },
    'merchant-page': { headers: { 'x-sandbox-session': page.session!, origin: MERCHANT_PAGE } },
    'network-window': { headers: { 'x-sandbox-window': window.token, origin: SANDBOX_PAGE_ORIGIN } },
    'merchant-server': { headers: {}, signed: 'oauth' },
    'sandbox-page': { headers: { origin: SANDBOX_PAGE_ORIGIN } },
    agent: { headers: {}, signed: 'agent' },
  } satisfies Record<Caller, Credential>);
});
afterAll(() => server?.close());

/** A credential that is also another caller's: the network's window is a page of the sandbox's own origin. */
const IMPLIES: Partial<Record<Caller, Caller>> = { 'network-window': 'sandbox-page' };

/** The route's URL with its parameters filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

async function callAs(caller: Caller, method: string, url: string) {
  const { headers, signed } = credentials[caller]!;
  const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
  const call = { method: method as 'GET', url, headers, payload };
  if (signed === 'agent') {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const signature = await agent.sign(method, url, body);
    const type = body === undefined ? {} : { 'content-type': 'application/json' };
    return server.app.inject({ ...call, headers: { ...signature, ...type }, payload: body });
  }
  if (signed === 'oauth') {
    const privateKey = (await loadSigningKey(server.database.db)).privateKey;
    return signedInject(server.app, { clientId: DEMO_SRC_CLIENT_ID, privateKey }, call);
  }
  return server.app.inject({ ...call, remoteAddress: '192.0.2.36' });
}

describe('who may call each route', () => {
  it('every route declares its callers, and the table covers the shop, the sandbox and the pages', () => {
    const table = server.app.routeCallers.filter((route) => route.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(70);
    for (const route of table) expect(route.callers.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    const served = (url: string, method = 'POST') => table.find((r) => r.url === url && r.method === method)?.callers;
    expect(served('/api/session/password')).toEqual(['shopper']);
    expect(served('/api/admin/sessions', 'DELETE')).toEqual(['admin']);
    expect(served('/sandbox/api/window/action')).toEqual(['network-window']);
    expect(served('/sandbox/api/windows/:id/open')).toEqual(['sandbox-page']);
    expect(served('/sandbox/srci/api/checkout')).toEqual(['merchant-server']);
    expect(served('/sandbox/api/cards', 'GET')).toEqual(['merchant-page', 'network-window']);
    expect(served('/sandbox/agents')).toEqual(['anyone']);
    expect(served('/sandbox/agent-pay/credentials')).toEqual(['agent']);
    expect(served('/sandbox/agent-pay/tokens/:id/revoke')).toEqual(['network-window']);
  });

  it('a route that declares no callers stops the server from starting', async () => {
    const app = Fastify();
    guardRoutesByCaller(app, {});
    expect(() => app.get('/undeclared', async () => 'open')).toThrow(/declares no callers/);
    await app.close();
  });

  it('each route refuses every caller it does not serve, holding that caller’s own credential', async () => {
    const unserved = server.app.routeCallers
      .filter((route) => route.method !== 'HEAD' && !route.callers.includes('anyone'))
      .flatMap((route) =>
        CALLER_NAMES.filter((caller) => !route.callers.includes(caller))
          .filter((caller) => !route.callers.includes(IMPLIES[caller]!))
          .map((caller) => ({ ...route, caller })),
      );
    expect(unserved.length).toBeGreaterThan(150);
    const served: string[] = [];
    for (const { method, url, caller } of unserved) {
      const response = await callAs(caller, method, concrete(url));
      const body = response.body ? (response.json() as { reason?: string; message?: string }) : {};
      // Refused by the caller's guard: never a 2xx, never the route's own answer about its input.
      const refused =
        [401, 403].includes(response.statusCode) ||
        (response.statusCode === 400 && body.reason === 'INVALID_REQUEST' && /call init/i.test(body.message ?? ''));
      if (!refused) served.push(`${method} ${url} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(served).toEqual([]);
  });
});
