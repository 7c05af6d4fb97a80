import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as apiRequest } from '@playwright/test';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { expect, signInAsAdmin, test } from '../fixtures.ts';

/**
 * Item 13: another site's page posts a form to the admin API in the admin's browser. The shop runs
 * on localhost; the attacker's page on 127.0.0.1, which the browser treats as another site.
 */
let attacker: Server;
let attackerOrigin = '';

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><html lang="en"><title>Win a prize</title><body>` +
        `<form method="post" enctype="text/plain" action="${target.replace(/"/g, '')}"><button>Claim</button></form>` +
        `<script>document.forms[0].submit()</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

/** What the server says about a session cookie, asked outside the browser. */
async function roleOf(baseURL: string, cookieValue: string): Promise<string> {
  const client = await apiRequest.newContext({ baseURL });
  const answer = await client.get('/api/admin/session', {
    headers: { cookie: `${ADMIN_SESSION_COOKIE}=${cookieValue}` },
  });
  const role = ((await answer.json()) as { data: { role: string } }).data.role;
  await client.dispose();
  return role;
}

test('item 13: a cross-site form post to /api/admin/logout neither signs the admin out nor clears the cookie', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const sessionCookie = async () =>
    (await page.context().cookies(baseURL)).find((cookie) => cookie.name === ADMIN_SESSION_COOKIE)?.value;
  const before = await sessionCookie();
  expect(before).toBeTruthy();

  const refused = page.waitForResponse((response) => response.url().endsWith('/api/admin/logout'));
  await page.goto(`${attackerOrigin}/?target=${encodeURIComponent(`${baseURL}/api/admin/logout`)}`);
  expect((await refused).status()).toBe(403);

  expect(await sessionCookie()).toBe(before);
  expect(await roleOf(baseURL!, before!)).toBe('admin');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // The admin's own logout, from the shop's page, ends the session on the server too.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  expect(await sessionCookie()).toBeUndefined();
  expect(await roleOf(baseURL!, before!)).toBe('user');
});
