import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectData, startTestServer, type TestServer } from '../../../test/harness.ts';
import { ADDRESS, nextIp, registerShopper, registration, uniqueEmail } from '../../../test/shop.ts';
import { users } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { ensureAdmin } from '../admin/service.ts';
import { createSession } from '../sessions/repository.ts';

let server: TestServer;
/** The sign-in backoff's clock: it stands still unless a test moves it (no sleeping). */
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ app: { clock: () => now } });
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, headers: Headers = {}, ip = nextIp()) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
const get = (url: string, headers: Headers = {}) => server.app.inject({ method: 'GET', url, headers });
const send = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const login = (email: string, password: string, headers: Headers = {}, ip = nextIp()) =>
  post('/api/auth/user/login', { email, password }, headers, ip);

describe('POST /api/auth/register', () => {
  it('creates a shopper from the web form (phone as "+1-number"), signs them in and answers 201', async () => {
    const body = registration({ email: '  Grace.Hopper@Demo.Test ' });
    const response = await post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    const { meta, data } = response.json();
    expect(meta.token).toMatch(/^[\w-]{43}$/);
    expect(data.userData).toEqual({
      id: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'grace.hopper@demo.test',
      phoneNumber: '2025550143',
      phoneCountryCode: '+1',
    });
    const session = await get('/api/session/user', { authorization: meta.token });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ data: data.userData });

    const [row] = await server.database.db.select().from(users).where(eq(users.id, data.userData.id));
    expect(row!.role).toBe('user');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.preferences).toEqual({ emailOffers: false, smsOffers: false, orderUpdates: true });
  });

  it('accepts the bare number too, and takes the prefix as the country code when none is sent', async () => {
    const bare = await post('/api/auth/register', registration({ phoneNumber: '(202) 555-0143' }));
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data.userData.phoneNumber).toBe('(202) 555-0143');
    const prefixOnly = await post(
      '/api/auth/register',
      registration({ phoneCountryCode: undefined, phoneNumber: '+44-7700900123' }),
    );
    expect(prefixOnly.statusCode).toBe(201);
    expect(prefixOnly.json().data.userData).toMatchObject({ phoneCountryCode: '+44', phoneNumber: '7700900123' });
  });

  it('refuses a prefix that disagrees with the country code, naming phoneNumber', async () => {
    const response = await post('/api/auth/register', registration({ phoneNumber: '+44-7700900123' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ phoneNumber: ['Phone Number is invalid'] });
  });

  it('names each bad field with the translated message of the visitor', async () => {
    const body = {
      firstName: 'A',
      lastName: 'Lovelace',
      phoneCountryCode: '+1',
      phoneNumber: '12',
      email: 'nope',
      password: '123',
    };
    const english = await post('/api/auth/register', body);
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({
      firstName: ["First Name isn't allowed to be less than 2 characters"],
      phoneNumber: ['Phone Number is invalid'],
      email: ['Email is invalid'],
      password: ["Password isn't allowed to be less than 5 characters"],
    });
    const french = await post('/api/auth/register', body, { cookie: 'locale=fr-FR' });
    expect(french.json().errors.email).toEqual(["L'adresse e-mail n'est pas valide"]);
    expect(french.json().errors.firstName).toEqual(['Le prénom ne peut pas contenir moins de 2 caractères']);
    const arabic = await post('/api/auth/register', body, { 'accept-language': 'ar-EG' });
    expect(arabic.json().errors.password[0]).not.toMatch(/[a-z]/i);
  });

  it('refuses an email that already has an account, whatever its case, on errors.email', async () => {
    const shopper = await registerShopper(server);
    const again = await post('/api/auth/register', registration({ email: shopper.email.toUpperCase() }), {
      cookie: 'locale=fr-FR',
    });
    expect(again.statusCode).toBe(422);
    // The English default text until the catalogues have the key, then the visitor's language.
    expect(again.json().errors).toEqual({ email: [translate('fr-FR', 'API.ACCOUNT.EMAIL_TAKEN')] });
    const rows = await server.database.db.select().from(users).where(eq(users.email, shopper.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses a body that is not an object, or too large', async () => {
    const list = await post('/api/auth/register', [1, 2]);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.body).toHaveLength(1);
    const huge = await post('/api/auth/register', registration({ firstName: 'x'.repeat(70_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors.body).toHaveLength(1);
  });

  it('rate limits registrations: the eleventh from one address in a minute answers 429', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post('/api/auth/register', { email: 'x' }, {}, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await post('/api/auth/register', { email: 'x' }, {}, ip);
    expect(limited.json()).toEqual({
      statusCode: 429,
      message: translate('en-US', 'API.ACCOUNT.TOO_MANY_ATTEMPTS'),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/user/login', () => {
  it('signs in: meta.token and data.userData; the token is the Authorization value, no prefix', async () => {
    const shopper = await registerShopper(server);
    const response = await login(shopper.email.toUpperCase(), shopper.password);
    expect(response.statusCode).toBe(200);
    const { meta, data } = response.json();
    expect(meta.token).not.toBe(shopper.token);
    expect(data.userData).toMatchObject({ id: shopper.userId, email: shopper.email, firstName: 'Ada' });
    const me = await get('/api/session/user', { authorization: meta.token });
    expect(me.json().data.id).toBe(shopper.userId);
    const bearer = await get('/api/session/user', { authorization: `Bearer ${meta.token}` });
    expect(bearer.statusCode).toBe(200);
  });

  it('answers bad credentials with 422 errors.login, translated', async () => {
    const shopper = await registerShopper(server);
    const wrong = await login(shopper.email, 'wrong password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      statusCode: 422,
      message: 'Invalid email or password',
      errors: { login: ['Invalid email or password'] },
    });
    const unknown = await login('nobody@demo.test', 'whatever', { cookie: 'locale=fr-FR' });
    expect(unknown.json().errors).toEqual({ login: ['Adresse e-mail ou mot de passe incorrect'] });
  });

  it('names the bad field of an invalid body', async () => {
    const response = await login('not-an-email', '12', { cookie: 'locale=fr-FR' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ["L'adresse e-mail n'est pas valide"],
      password: ['Le mot de passe ne peut pas contenir moins de 5 caractères'],
    });
  });

  it('does not sign admins in as shoppers, and their tokens are no shopper session', async () => {
    await ensureAdmin(server.database.db, 'admin@demo.test', 'admin password');
    const response = await login('admin@demo.test', 'admin password');
    expect(response.statusCode).toBe(422);
    const [admin] = await server.database.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const adminToken = await createSession(server.database.db, admin!.id);
    expect((await get('/api/session/user', { authorization: adminToken })).statusCode).toBe(401);
  });

  it('rate limits per address (10 a minute) and per account (20 a minute, from any address)', async () => {
    const shopper = await registerShopper(server);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(shopper.email, 'wrong password', {}, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    const french = await login(shopper.email, 'wrong password', { cookie: 'locale=fr-FR' }, ip);
    expect(french.json().message).toBe(
      'Trop de tentatives de connexion. Veuillez patienter une minute, puis réessayer.',
    );

    // The account's backoff counts the ten failures above: from a fresh address the next attempt
    // waits a second, and then the right password signs in.
    const early = await login(shopper.email, shopper.password);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    now += 1000;
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
    expect((await login(uniqueEmail(), 'wrong password')).statusCode).toBe(422);
  });

  it('item 14: wrong passwords from many addresses slow the attacker, and the owner signs in after at most a minute', async () => {
    const shopper = await registerShopper(server);
    const attempt = (password: string) => login(shopper.email, password);
    for (let i = 0; i < 10; i += 1) expect((await attempt('wrong password')).statusCode).toBe(422);

    // From then on every attempt waits for the previous one: 1 s, 2 s, 4 s... at most 60 s.
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const early = await attempt('wrong password');
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({ statusCode: 429, message: translate('en-US', 'SIGN_IN.TOO_MANY_ATTEMPTS') });
      waits.push(Number(early.headers['retry-after']));
      now += waits.at(-1)! * 1000 - 1;
      expect((await attempt('wrong password')).statusCode, 'a millisecond early').toBe(429);
      now += 1;
      expect((await attempt('wrong password')).statusCode).toBe(422);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60]);

    // 22 wrong passwords: the owner, with the right one, is told to wait at most a minute, then is in.
    const owner = await attempt(shopper.password);
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(60);
    now += Number(owner.headers['retry-after']) * 1000;
    const signedIn = await attempt(shopper.password);
    expect(signedIn.statusCode).toBe(200);
    // A success forgets the failures: the next mistake is just a mistake.
    expect((await attempt('wrong password')).statusCode).toBe(422);
  });

  it('item 14: attempts racing in parallel each count, so a burst does not get past the backoff', async () => {
    const shopper = await registerShopper(server);
    const burst = await Promise.all(Array.from({ length: 16 }, () => login(shopper.email, 'wrong password')));
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });
});

describe('GET /api/session/user and POST /api/session/logout', () => {
  it('answers 401 without a session, with a bad token, or after logout', async () => {
    expect((await get('/api/session/user')).statusCode).toBe(401);
    const bogus = await get('/api/session/user', { authorization: 'not-a-token' });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().message).toBeTruthy();

    const shopper = await registerShopper(server);
    const other = (await login(shopper.email, shopper.password)).json().meta.token as string;
    const logout = await post('/api/session/logout', undefined, shopper.auth);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: null });
    expect((await get('/api/session/user', shopper.auth)).statusCode).toBe(401);
    // Only that session ends.
    expect((await get('/api/session/user', { authorization: other })).statusCode).toBe(200);
  });

  it('answers 200 to a logout without a session (clients ignore its errors)', async () => {
    expect((await post('/api/session/logout', undefined)).json()).toEqual({ data: null });
    expect((await post('/api/session/logout', undefined, { authorization: 'gone' })).statusCode).toBe(200);
  });

  it('register, then log in, then read the session user: one account throughout', async () => {
    const body = registration();
    const registered = await post('/api/auth/register', body);
    const loggedIn = await login(body.email, body.password);
    const me = await get('/api/session/user', { authorization: loggedIn.json().meta.token });
    expect(me.json().data).toEqual(registered.json().data.userData);
  });
});

describe('PATCH /api/session/user', () => {
  it('updates the names and phone, leaving what is not sent', async () => {
    const shopper = await registerShopper(server);
    const response = await send('PATCH', '/api/session/user', shopper.auth, {
      firstName: 'Augusta',
      phoneCountryCode: '+33',
      phoneNumber: '+33-612345678',
      email: 'ignored@demo.test',
    });
    expectData(response, 200, {
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phoneCountryCode: '+33',
      phoneNumber: '612345678',
      email: shopper.email,
    });
    expect((await get('/api/session/user', shopper.auth)).json().data.firstName).toBe('Augusta');
  });

  it('answers 422 with translated messages, and 401 without a session', async () => {
    const shopper = await registerShopper(server);
    const bad = await send(
      'PATCH',
      '/api/session/user',
      { ...shopper.auth, cookie: 'locale=fr-FR' },
      { lastName: 'L' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ lastName: ['Le nom ne peut pas contenir moins de 2 caractères'] });
    expect((await send('PATCH', '/api/session/user', {}, {})).statusCode).toBe(401);
  });
});

describe('POST /api/session/password', () => {
  it('refuses a wrong current password on currentPassword', async () => {
    const shopper = await registerShopper(server);
    const response = await post(
      '/api/session/password',
      { currentPassword: 'not my password', newPassword: 'brand new pass' },
      shopper.auth,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      currentPassword: [translate('en-US', 'API.ACCOUNT.CURRENT_PASSWORD_WRONG')],
    });
    const short = await post(
      '/api/session/password',
      { currentPassword: shopper.password, newPassword: '1' },
      shopper.auth,
    );
    expect(Object.keys(short.json().errors)).toEqual(['newPassword']);
  });

  it('changes the password and ends every other session of the account', async () => {
    const shopper = await registerShopper(server);
    const otherDevice = (await login(shopper.email, shopper.password)).json().meta.token as string;
    const response = await post(
      '/api/session/password',
      { currentPassword: shopper.password, newPassword: 'brand new pass' },
      shopper.auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { revokedSessions: 1 } });
    expect((await get('/api/session/user', { authorization: otherDevice })).statusCode).toBe(401);
    expect((await get('/api/session/user', shopper.auth)).statusCode).toBe(200);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(422);
    expect((await login(shopper.email, 'brand new pass')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await post('/api/session/password', { currentPassword: 'aaaaa', newPassword: 'bbbbb' })).statusCode).toBe(
      401,
    );
  });
});

describe('/api/session/preferences', () => {
  it('answers the defaults, then what was saved', async () => {
    const shopper = await registerShopper(server);
    const initial = await get('/api/session/preferences', shopper.auth);
    expect(initial.json()).toEqual({ data: { emailOffers: false, smsOffers: false, orderUpdates: true } });
    const saved = await send('PUT', '/api/session/preferences', shopper.auth, {
      emailOffers: true,
      smsOffers: true,
      orderUpdates: false,
    });
    expect(saved.json()).toEqual({ data: { emailOffers: true, smsOffers: true, orderUpdates: false } });
    expect((await get('/api/session/preferences', shopper.auth)).json().data).toEqual(saved.json().data);
  });

  it('needs all three as booleans (422) and a session (401)', async () => {
    const shopper = await registerShopper(server);
    const bad = await send('PUT', '/api/session/preferences', shopper.auth, { emailOffers: 'yes', smsOffers: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['emailOffers', 'orderUpdates']);
    expect((await get('/api/session/preferences')).statusCode).toBe(401);
  });
});

describe('/api/session/addresses', () => {
  it('saves, lists and deletes the shopper’s own addresses', async () => {
    const shopper = await registerShopper(server);
    expect((await get('/api/session/addresses', shopper.auth)).json()).toEqual({ data: [] });
    const created = await post('/api/session/addresses', { ...ADDRESS, streetAddress2: undefined }, shopper.auth);
    expect(created.statusCode).toBe(201);
    const address = created.json().data;
    expect(address).toEqual({ id: expect.any(String), ...ADDRESS });
    expect((await get('/api/session/addresses', shopper.auth)).json().data).toEqual([address]);

    const stranger = await registerShopper(server);
    const foreign = await send('DELETE', `/api/session/addresses/${address.id}`, stranger.auth);
    expect(foreign.statusCode).toBe(404);

    const deleted = await send('DELETE', `/api/session/addresses/${address.id}`, shopper.auth);
    expect(deleted.json()).toEqual({ data: null });
    expect((await get('/api/session/addresses', shopper.auth)).json().data).toEqual([]);
    const again = await send('DELETE', `/api/session/addresses/${address.id}`, shopper.auth);
    expect(again.statusCode).toBe(404);
  });

  it('validates with the domain address rules, translated', async () => {
    const shopper = await registerShopper(server);
    const response = await post(
      '/api/session/addresses',
      { ...ADDRESS, streetAddress1: ' ', country: 'usa' },
      { ...shopper.auth, cookie: 'locale=fr-FR' },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['country', 'streetAddress1']);
    const badId = await send('DELETE', '/api/session/addresses/42', shopper.auth);
    expect(badId.statusCode).toBe(422);
    expect(Object.keys(badId.json().errors)).toEqual(['id']);
  });

  it('keeps at most ten per shopper, even when saved all at once', async () => {
    const shopper = await registerShopper(server);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/session/addresses', { ...ADDRESS, streetAddress1: `${i + 1} Analytical Row` }, shopper.auth),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(2);
    const refused = responses.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors).toEqual({
      addresses: [translate('en-US', 'API.ACCOUNT.ADDRESS_LIMIT', { max: 10 })],
    });
    expect((await get('/api/session/addresses', shopper.auth)).json().data).toHaveLength(10);
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/session/addresses')).statusCode).toBe(401);
    expect((await post('/api/session/addresses', ADDRESS)).statusCode).toBe(401);
  });
});
