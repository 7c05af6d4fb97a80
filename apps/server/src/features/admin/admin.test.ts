import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { cookieFrom, startTestServer, type TestServer } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createSession } from '../sessions/repository.ts';
import { ensureAdmin } from './service.ts';

let server: TestServer;
const EMAIL = 'owner@demo.test';
const PASSWORD = 'correct horse';

/** The sign-in backoff's clock: it stands still unless a test moves it. */
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ app: { clock: () => now } });
  await ensureAdmin(server.database.db, EMAIL, PASSWORD);
});
afterAll(() => server.close());

const login = (body: unknown, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/admin/login', payload: body as object, remoteAddress: ip });

describe('admin account bootstrap', () => {
  it('creates the admin once; a second start keeps the first password', async () => {
    const again = await ensureAdmin(server.database.db, 'other@demo.test', 'another password');
    expect(again).toEqual({ email: EMAIL, created: false });
    expect((await login({ email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
  });

  it('generates a password when none is configured', async () => {
    const fresh = await startTestServer();
    try {
      const created = await ensureAdmin(fresh.database.db);
      expect(created.created).toBe(true);
      expect(created.generatedPassword).toMatch(/^[\w-]{16}$/);
      const response = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'admin@example.com', password: created.generatedPassword },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('stores the password as an argon2id hash', async () => {
    const [row] = await server.database.db.select().from(users).limit(1);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('admin sign-in and sessions', () => {
  it('answers the default record (role user, loggedIn) to anyone not signed in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/admin/session' });
    expect(response.json()).toEqual({ data: { user: null, role: 'user', loggedIn: true } });
  });

  it('signs in with an http-only cookie and answers the admin record', async () => {
    const response = await login({ email: EMAIL.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { user: { email: EMAIL }, role: 'admin', loggedIn: true } });
    const cookie = response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    const session = await server.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: cookieFrom(response, ADMIN_SESSION_COOKIE) },
    });
    expect(session.json().data.role).toBe('admin');
  });

  it('refuses a wrong password with errors.login', async () => {
    const response = await login({ email: EMAIL, password: 'wrong password' }, '10.0.0.2');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ login: ['Invalid email or password'] });
  });

  it('names the field of a bad body, never a 500', async () => {
    const badEmail = await login({ email: 'not-an-email', password: PASSWORD }, '10.0.0.3');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.email).toEqual(['Email is invalid']);
    const shortPassword = await login({ email: EMAIL, password: '1234' }, '10.0.0.3');
    expect(shortPassword.json().errors.password).toEqual(["Password isn't allowed to be less than 5 characters"]);
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: '10.0.0.3',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.body).toHaveLength(1);
  });

  it('revokes the session on logout: the old cookie no longer signs in', async () => {
    const cookie = cookieFrom(await login({ email: EMAIL, password: PASSWORD }, '10.0.0.4'), ADMIN_SESSION_COOKIE);
    const logout = await server.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(logout.json().data.role).toBe('user');
    const after = await server.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(after.json().data.role).toBe('user');
  });

  it('checks admin-only actions on the server: 401 anonymous, 403 non-admin, then revokes every session', async () => {
    expect((await server.app.inject({ method: 'DELETE', url: '/api/admin/sessions' })).statusCode).toBe(401);

    const [shopper] = await server.database.db
      .insert(users)
      .values({ email: 'shopper@demo.test', passwordHash: await hashPassword('shopper pass'), role: 'user' })
      .returning();
    const shopperToken = await createSession(server.database.db, shopper!.id);
    const forbidden = await server.app.inject({
      method: 'DELETE',
      url: '/api/admin/sessions',
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=${shopperToken}` },
    });
    expect(forbidden.statusCode).toBe(403);

    const first = cookieFrom(await login({ email: EMAIL, password: PASSWORD }, '10.0.0.5'), ADMIN_SESSION_COOKIE);
    const second = cookieFrom(await login({ email: EMAIL, password: PASSWORD }, '10.0.0.5'), ADMIN_SESSION_COOKIE);
    const revoke = await server.app.inject({
      method: 'DELETE',
      url: '/api/admin/sessions',
      headers: { cookie: first },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.revoked).toBeGreaterThanOrEqual(2);
    const after = await server.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: second } });
    expect(after.json().data.role).toBe('user');
  });

  it('rate limits sign-in attempts: the eleventh in a minute answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await login({ email: EMAIL, password: 'wrong password' }, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Item 14: the account's backoff (ten failures) makes the next attempt, from anywhere, wait a second.
    const early = await login({ email: EMAIL, password: PASSWORD }, '10.0.0.10');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    now += 1000;
    const other = await login({ email: EMAIL, password: PASSWORD }, '10.0.0.10');
    expect(other.statusCode).toBe(200);
  });
});

describe('item 13: cross-site requests to the cookie-authenticated admin API', () => {
  const signedIn = async (ip: string) =>
    cookieFrom(await login({ email: EMAIL, password: PASSWORD }, ip), ADMIN_SESSION_COOKIE);
  const roleWith = async (cookie: string) =>
    (await server.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).json().data.role;

  it('item 13: a cross-site form post to logout is refused with 403 and the session and cookie stay', async () => {
    const cookie = await signedIn('10.0.13.1');
    const attacks = [
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost.attacker.example', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attacks) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, message: 'Requests from other sites are refused' });
      expect(response.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    expect(await roleWith(cookie)).toBe('admin');
  });

  it('item 13: the refusal is in the visitor language', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { origin: 'https://attacker.example', cookie: 'locale=fr-FR' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Les requêtes venant d'autres sites sont refusées");
  });

  it('item 13: cross-site sign-in and sign-out-everywhere are refused too', async () => {
    const cookie = await signedIn('10.0.13.2');
    const revokeAll = await server.app.inject({
      method: 'DELETE',
      url: '/api/admin/sessions',
      headers: { cookie, origin: 'https://attacker.example' },
    });
    expect(revokeAll.statusCode).toBe(403);
    expect(await roleWith(cookie)).toBe('admin');
    const loginFromElsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: EMAIL, password: PASSWORD },
      remoteAddress: '10.0.13.2',
    });
    expect(loginFromElsewhere.statusCode).toBe(403);
    expect(loginFromElsewhere.headers['set-cookie']).toBeUndefined();
  });

  it('item 13: a same-origin logout revokes the session on the server, so the old cookie no longer works', async () => {
    const cookie = await signedIn('10.0.13.3');
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(200);
    expect(await roleWith(cookie)).toBe('user');
  });
});
