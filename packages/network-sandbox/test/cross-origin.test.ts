// Issue 11, section 1: the SDK, UI kit and DCF assets load from any origin, and the SDK's internal
// API answers CORS for the origins a DPA allows (localhost by default).
import { describe, expect, it } from 'vitest';
import { madeBeforeAll, serverPerFile } from '../../../apps/server/test/harness.ts';
import { generateKeyPairSync } from 'node:crypto';
import { INIT, signedInject, type NetworkClient } from './client.ts';
import { browserCookieAttributes } from '../src/server/origins.ts';

const sandbox = serverPerFile();
/** Another merchant, onboarded through POST /sandbox/clients; owns the DPAs whose origins these tests set. */
const developer = madeBeforeAll(async (): Promise<NetworkClient> => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = 'cross-origin-developer';
  const onboarded = await sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/clients',
    payload: { clientId, publicJwk: pair.publicKey.export({ format: 'jwk' }) },
  });
  expect(onboarded.statusCode).toBe(201);
  return { clientId, privateKey: pair.privateKey };
});

/** PUT /sandbox/dpas/{id}/origins as the DPA's owner (it registers the DPA's payload key first). */
async function putOrigins(srcDpaId: string, payload: unknown) {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = await signedInject(sandbox.app, developer(), {
    method: 'PUT',
    url: `/sandbox/dpas/${srcDpaId}/key`,
    payload: publicKey.export({ format: 'jwk' }),
  });
  expect(key.statusCode).toBe(204);
  return signedInject(sandbox.app, developer(), { method: 'PUT', url: `/sandbox/dpas/${srcDpaId}/origins`, payload });
}

const MERCHANT = 'http://localhost:8080';

async function init(origin: string, srcDpaId = INIT.srcDpaId) {
  return sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/api/init',
    headers: { origin, host: 'localhost:3000' },
    payload: { ...INIT, srcDpaId },
  });
}

describe('item 1: SDK assets load from another origin', () => {
  it.each([
    '/sandbox/srci/integration/2/lib.js?srcDpaId=x&locale=en_US',
    '/sandbox/srci/merchant/2/lib.js?dpaId=x',
    '/sandbox/sdk/srcsdk.mastercard.js',
    '/sandbox/dcf.js',
    '/sandbox/srci/integration/components/src-ui-kit/src-ui-kit.esm.js',
    '/sandbox/srci/integration/components/src-ui-kit/src-ui-kit.css',
    '/sandbox/card-art/mastercard.svg',
    '/sandbox/keys',
  ])('%s is served with Cross-Origin-Resource-Policy: cross-origin', async (url) => {
    const response = await sandbox.app.inject({ url, headers: { origin: MERCHANT } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it("the merchant app's own pages and APIs stay same-origin", async () => {
    const api = await sandbox.app.inject({ url: '/api/health', headers: { origin: MERCHANT } });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await sandbox.app.inject({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: { origin: MERCHANT, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('item 1: CORS for the SDK internal API, per DPA', () => {
  it('answers the preflight for /sandbox/api/* with the headers the SDK sends', async () => {
    const response = await sandbox.app.inject({
      method: 'OPTIONS',
      url: '/sandbox/api/init',
      headers: {
        origin: MERCHANT,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-sandbox-session',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(MERCHANT);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('x-sandbox-session');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('lets a localhost page on any port use a DPA with no allow-list (the sandbox default)', async () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:5173', 'http://shop.localhost:4000']) {
      const response = await init(origin, 'dpa-default-origins');
      expect(response.statusCode, origin).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers.vary).toContain('Origin');
    }
  });

  it('refuses another site for a DPA with no allow-list, naming the origin, before any session is made', async () => {
    const response = await init('https://evil.example', 'dpa-default-origins');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'AUTH_ERROR' });
    expect(response.json().message).toContain('https://evil.example');
    expect(response.json().sessionToken).toBeUndefined();
  });

  it("a DPA's registered allow-list replaces the default", async () => {
    const dpa = 'dpa-with-origins';
    const put = await putOrigins(dpa, { origins: ['https://shop.example', 'http://localhost:9000'] });
    expect(put.statusCode).toBe(204);
    const read = await sandbox.app.inject({ url: `/sandbox/dpas/${dpa}/origins` });
    expect(read.json()).toEqual({ origins: ['http://localhost:9000', 'https://shop.example'], sandboxDefault: false });
    expect((await init('https://shop.example', dpa)).statusCode).toBe(200);
    expect((await init('http://localhost:9000', dpa)).statusCode).toBe(200);
    expect((await init('http://localhost:8080', dpa)).statusCode).toBe(403);
  });

  it('rejects a malformed allow-list, naming the field', async () => {
    for (const payload of [
      {},
      { origins: 'https://a.example' },
      { origins: ['https://a.example/path'] },
      { origins: ['*'] },
    ]) {
      const response = await putOrigins('dpa-bad', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errordetail[0].source).toMatch(/^origins/);
    }
    const read = await sandbox.app.inject({ url: '/sandbox/dpas/dpa-bad/origins' });
    expect(read.json()).toMatchObject({ sandboxDefault: true });
  });

  it('a call with a session from a page the DPA does not allow is refused', async () => {
    const opened = await init(MERCHANT, 'dpa-session-origin');
    const session = opened.json().sessionToken as string;
    const allowed = await sandbox.app.inject({
      url: '/sandbox/api/cards',
      headers: { origin: MERCHANT, 'x-sandbox-session': session },
    });
    expect(allowed.statusCode).toBe(200);
    const foreign = await sandbox.app.inject({
      url: '/sandbox/api/cards',
      headers: { origin: 'https://evil.example', 'x-sandbox-session': session },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("a checkout is refused at creation when the session's page is no longer allowed for the DPA", async () => {
    const dpa = 'dpa-checkout-origin';
    const opened = await init(MERCHANT, dpa);
    const session = opened.json().sessionToken as string;
    expect((await putOrigins(dpa, { origins: ['https://shop.example'] })).statusCode).toBe(204);
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/api/checkouts',
      // Not a browser (no Origin): only the session's recorded page origin can be checked.
      headers: { 'x-sandbox-session': session },
      payload: { kind: 'CARD', srcDigitalCardId: 'x' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(MERCHANT);
  });
});

describe('item 1: recognition from another site', () => {
  async function rememberedCookie(host: string) {
    const opened = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/api/init',
      headers: { origin: MERCHANT, host },
      payload: { ...INIT, srcDpaId: 'dpa-cookie' },
    });
    const headers = { origin: MERCHANT, host, 'x-sandbox-session': opened.json().sessionToken as string };
    await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/api/lookup',
      headers,
      payload: { email: 'returning.user@example.com' },
    });
    await sandbox.app.inject({ method: 'POST', url: '/sandbox/api/validation/initiate', headers, payload: {} });
    const done = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/api/validation/complete',
      headers,
      payload: { value: '123456', rememberMe: true },
    });
    expect(done.statusCode).toBe(200);
    return String(done.headers['set-cookie']);
  }

  it('over http on the machine’s own address the cookie is SameSite=None; Secure too (loopback is a secure context)', async () => {
    const cookie = await rememberedCookie('127.0.0.1:3000');
    expect(cookie).toContain('SameSite=None; Secure');
  });

  it('over http on any other name (no secure context), the cookie stays SameSite=Lax: other sites use the recognition token', () => {
    expect(browserCookieAttributes('http://shop.lan:3000')).toBe('HttpOnly; SameSite=Lax');
    expect(browserCookieAttributes('https://shop.example')).toBe('HttpOnly; SameSite=None; Secure');
  });

  it('remember-me cookie is SameSite=None; Secure when the sandbox is on localhost (sent from other sites)', async () => {
    const cookie = await rememberedCookie('localhost:3000');
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('HttpOnly');
  });
});
