import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, webDistFixture, type TestServer } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_META } from '@c2p/domain';

const TAG = 'https://analytics.example.com/tag.js';

let plain: TestServer;
let withAnalytics: TestServer;

beforeAll(async () => {
  plain = await startTestServer({ webDistDir: await webDistFixture() });
  withAnalytics = await startTestServer({ webDistDir: await webDistFixture(), app: { analyticsScriptUrl: TAG } });
});
afterAll(async () => {
  await plain.close();
  await withAnalytics.close();
});

describe('item 12: product pages', () => {
  it('item 12: /products/{unknown id} answers 404, a product of the catalogue 200', async () => {
    for (const url of ['/products/999999', '/products/0', '/products/abc', '/products/99999999999']) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<title>Click to Pay Demo</title>');
    }
    const known = await plain.app.inject({ method: 'GET', url: '/products/1' });
    expect(known.statusCode).toBe(200);
  });
});

describe('item 2: the page language', () => {
  it('item 2: without a cookie, the first supported Accept-Language sets <html lang dir>', async () => {
    const page = (acceptLanguage: string, cookie?: string) =>
      plain.app.inject({
        method: 'GET',
        url: '/home',
        headers: { 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) },
      });
    expect((await page('fr-CA,fr;q=0.9,en;q=0.5')).body).toContain('<html lang="fr-FR" dir="ltr">');
    expect((await page('ar;q=0.9,de;q=1')).body).toContain('<html lang="ar-EG" dir="rtl">');
    expect((await page('de-DE,ja;q=0.5')).body).toContain('<html lang="en-US" dir="ltr">');
    // The cookie, once set, wins.
    expect((await page('ar-EG', 'locale=fr-FR')).body).toContain('<html lang="fr-FR" dir="ltr">');
    expect((await page('fr-FR')).headers.vary).toMatch(/Accept-Language/);
  });
});

describe('item 12: the analytics tag setting', () => {
  it('item 12: unset by default, so pages name no tag and the CSP allows no other origin', async () => {
    expect(loadConfig({}).ANALYTICS_SCRIPT_URL).toBeUndefined();
    const response = await plain.app.inject({ method: 'GET', url: '/home' });
    expect(response.body).not.toContain('analytics-script-url');
    expect(response.headers['content-security-policy']).not.toContain('analytics.example.com');
  });

  it('item 12: when set, pages carry it for the app and the CSP lets its origin in', async () => {
    const response = await withAnalytics.app.inject({ method: 'GET', url: '/products' });
    expect(response.body).toContain(`<meta name="analytics-script-url" content="${TAG}" />`);
    expect(response.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/analytics\.example\.com/);
  });

  it('item 12: only an https URL is accepted', () => {
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: TAG }).ANALYTICS_SCRIPT_URL).toBe(TAG);
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'http://analytics.example.com/tag.js' })).toThrow(
      /ANALYTICS_SCRIPT_URL="http:\/\/analytics.example.com\/tag.js": must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/ANALYTICS_SCRIPT_URL/);
  });
});

describe('the admin session hint', () => {
  it('a page names the admin session only when its request carried the admin cookie', async () => {
    const meta = `<meta name="${ADMIN_SESSION_META}"`;
    const visitor = await plain.app.inject({ method: 'GET', url: '/home' });
    expect(visitor.body).not.toContain(meta);
    const admin = await plain.app.inject({ method: 'GET', url: '/home', cookies: { [ADMIN_SESSION_COOKIE]: 'x' } });
    expect(admin.body).toContain(meta);
    // The page a visitor gets afterwards is still the one without it (pages are cached per kind).
    expect((await plain.app.inject({ method: 'GET', url: '/home' })).body).not.toContain(meta);
  });
});
