import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom, startTestServer, webDistFixture, type TestServer } from '../test/harness.ts';

let server: TestServer;
const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const PRECOMPRESSED = brotliCompressSync(BIG_SCRIPT);

beforeAll(async () => {
  const dist = await webDistFixture();
  await writeFile(join(dist, 'assets', 'index-abc123.js'), BIG_SCRIPT);
  // As the build leaves a compressible file: with its brotli copy beside it.
  await writeFile(join(dist, 'assets', 'shell-abc123.js'), BIG_SCRIPT);
  await writeFile(join(dist, 'assets', 'shell-abc123.js.br'), PRECOMPRESSED);
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ webDistDir: dist });
});
afterAll(() => server.close());

describe('health', () => {
  it('reports the version and the database state', async () => {
    const response = await getFrom(server.app, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: '4.7.0',
      database: { driver: process.env.DATABASE_URL ? 'postgres' : 'pglite', state: 'up' },
    });
  });
});

describe('the web app', () => {
  it('answers the app on a deep link, so a reload on a client route works', async () => {
    const response = await getFrom(server.app, '/checkout/payment');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Click to Pay Demo</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers the app at the root', async () => {
    const response = await getFrom(server.app, '/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Click to Pay Demo</title>');
  });

  it('sets <html lang dir> from the locale cookie', async () => {
    const arabic = await getFrom(server.app, '/home', { cookie: 'locale=ar-EG' });
    expect(arabic.body).toContain('<html lang="ar-EG" dir="rtl">');
    const unknown = await getFrom(server.app, '/home', { cookie: 'locale="><script>' });
    expect(unknown.body).toContain('<html lang="en-US" dir="ltr">');
  });

  it('answers the app with status 404 for a page path that is not a route', async () => {
    const response = await getFrom(server.app, '/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Click to Pay Demo</title>');
  });

  it('serves fingerprinted assets with a year of caching, compressed', async () => {
    const response = await getFrom(server.app, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'] ?? response.rawPayload.length)).toBeLessThan(BIG_SCRIPT.length);
  });

  it("sends the build's brotli copy of an asset as it is, to a browser that takes brotli", async () => {
    const response = await getFrom(server.app, '/assets/shell-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.rawPayload.equals(PRECOMPRESSED)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it('sends the asset itself to a client that takes no compression', async () => {
    const response = await getFrom(server.app, '/assets/shell-abc123.js', { 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_SCRIPT);
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const response = await getFrom(server.app, '/assets/index-gone.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it("sends security headers with a CSP that allows scripts from us and the network's origins only", async () => {
    const response = await getFrom(server.app, '/home');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://*.mastercard.com;");
    expect(csp).toContain("frame-src 'self' https://*.mastercard.com;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the API', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await getFrom(server.app, '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: 'No such path: GET /api/no-such-thing' });
    const post = await server.app.inject({ method: 'POST', url: '/api/no-such-thing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('refuses oversized bodies with 413', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.body).toHaveLength(1);
  });
});
