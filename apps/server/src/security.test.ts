import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { startTestServer, webDistFixture, type TestServer } from '../test/harness.ts';
import { nextIp, PRODUCTS_HEADERS, registerShopper, type Shopper } from '../test/shop.ts';

/**
 * Issue 6, security checks: admin-only routes refuse anonymous callers (401) and non-admins (403),
 * sign-in is rate limited (429 JSON), security headers are on every page and API answer, and the
 * built web assets hold no private key or server secret.
 */
let server: TestServer;
let shopper: Shopper;

beforeAll(async () => {
  const dist = await webDistFixture();
  server = await startTestServer({ webDistDir: dist });
  shopper = await registerShopper(server);
});
afterAll(() => server.close());

/** Every route that only an admin may call (apps/server/src/features/admin/routes.ts, preHandler requireAdmin). */
const ADMIN_ONLY = [
  { method: 'DELETE', url: '/api/admin/sessions' },
  { method: 'DELETE', url: '/api/admin/sandbox-clients' },
] as const;

describe('admin-only routes', () => {
  it.each(ADMIN_ONLY)('$method $url answers 401 JSON to anonymous callers', async ({ method, url }) => {
    for (const headers of [{}, { cookie: `${ADMIN_SESSION_COOKIE}=forged-token` }, { cookie: 'locale=fr-FR' }]) {
      const response = await server.app.inject({ method, url, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
    }
  });

  it.each(ADMIN_ONLY)('$method $url answers 403 JSON to a signed-in shopper', async ({ method, url }) => {
    // Signed in as the shop does it (Authorization), and with the shopper's token as the admin cookie.
    for (const headers of [
      shopper.auth,
      { authorization: `Bearer ${shopper.token}` },
      { cookie: `${ADMIN_SESSION_COOKIE}=${shopper.token}` },
    ]) {
      const response = await server.app.inject({ method, url, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    }
    // The shopper's session is untouched.
    const me = await server.app.inject({ method: 'GET', url: '/api/session/user', headers: shopper.auth });
    expect(me.statusCode).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  const limited = async (url: string, body: object, max: number) => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= max; i += 1) {
      last = await server.app.inject({ method: 'POST', url, payload: body, remoteAddress: ip });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 422)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['content-type']).toContain('application/json');
    expect(last!.json()).toMatchObject({ statusCode: 429, message: expect.any(String) });
    expect(last!.headers['retry-after']).toBeDefined();
  };

  it('shopper sign-in answers 429 JSON after 10 attempts a minute from one client', async () => {
    await limited('/api/auth/user/login', { email: shopper.email, password: 'wrong password' }, 10);
  });

  it('admin sign-in answers 429 JSON after 10 attempts a minute from one client', async () => {
    await limited('/api/admin/login', { email: 'owner@demo.test', password: 'wrong password' }, 10);
  });

  it('X-Forwarded-For does not dodge the limit when no proxy is trusted (the default)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= 10; i += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/user/login',
        payload: { email: shopper.email, password: 'wrong password' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>, where: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, where).toContain("default-src 'self'");
    expect(csp, where).toContain("frame-ancestors 'self'");
    expect(csp, where).toContain("object-src 'none'");
    expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], where).toBe('no-referrer');
  };

  it.each(['/', '/home', '/products', '/cart', '/checkout/payment', '/srci/config', '/no/such/page'])(
    'the page %s carries CSP, nosniff, frame options and Referrer-Policy',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(response.headers, url);
    },
  );

  it.each([
    { method: 'GET', url: '/api/products', headers: PRODUCTS_HEADERS },
    { method: 'GET', url: '/api/health', headers: {} },
    { method: 'GET', url: '/api/session/user', headers: {} },
    { method: 'POST', url: '/api/orders', headers: {} },
    { method: 'GET', url: '/api/no-such-thing', headers: {} },
    { method: 'POST', url: '/sandbox/api/init', headers: {} },
  ] as const)('the API answer to $method $url carries them too', async ({ method, url, headers }) => {
    const response = await server.app.inject({ method, url, headers, remoteAddress: nextIp() });
    expect(response.headers['content-type']).toContain('application/json');
    expectSecurityHeaders(response.headers, url);
  });
});

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What must never ship to the browser: keys, private JWK members and server settings with values. */
const SECRETS: Array<[string, RegExp]> = [
  ['a PEM private key', /PRIVATE KEY/],
  ['a private JWK ("d" member)', /"d"\s*:\s*"[A-Za-z0-9_-]{16,}"/],
  ['a private JWK (d member, unquoted key)', /[{,]\s*d\s*:\s*"[A-Za-z0-9_-]{40,}"/],
  ['the admin password setting', /ADMIN_PASSWORD/],
  ['a database URL', /DATABASE_URL\s*=\s*\S|postgres(ql)?:\/\/[^\s"'`]*@/],
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('the built web assets', () => {
  it.skipIf(!existsSync(WEB_DIST))(
    `hold no private key or server secret (${existsSync(WEB_DIST) ? 'apps/web/dist' : 'skipped: apps/web/dist is not built, run "npm run build"'})`,
    async () => {
      const files = await filesUnder(WEB_DIST);
      expect(files.length).toBeGreaterThan(0);
      const found: string[] = [];
      for (const file of files) {
        if (!/\.(js|mjs|css|html|json|map|txt|svg|webmanifest)$/.test(file)) continue;
        const text = await readFile(file, 'utf8');
        for (const [what, pattern] of SECRETS) {
          if (pattern.test(text)) found.push(`${file.slice(WEB_DIST.length + 1)}: ${what}`);
        }
      }
      expect(found).toEqual([]);
    },
  );
});
