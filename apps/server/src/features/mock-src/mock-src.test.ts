import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import { BUILT_IN_MOCK_SRC_FILES, MOCK_SRC_MAX_BYTES } from '@c2p/domain/mock-src';
import { cookieFrom, startTestServer, type TestServer } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { ensureAdmin } from '../admin/service.ts';
import { createSession } from '../sessions/repository.ts';

let server: TestServer;
let admin: string;
let shopperCookie: string;
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  server = await startTestServer();
  await ensureAdmin(server.database.db, 'owner@mock.test', 'correct horse');
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: 'owner@mock.test', password: 'correct horse' },
  });
  admin = cookieFrom(login, ADMIN_SESSION_COOKIE);
  const [shopper] = await server.database.db
    .insert(users)
    .values({ email: 'shopper@mock.test', passwordHash: await hashPassword('shopper pass'), role: 'user' })
    .returning();
  shopperCookie = `${ADMIN_SESSION_COOKIE}=${await createSession(server.database.db, shopper!.id)}`;
});
afterAll(() => server.close());

const upload = (payload: unknown, cookie: string | undefined = admin, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/mock-src-files',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: nextIp(),
  });
const remove = (name: string, cookie: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/mock-src-files/${name}`, headers: { cookie } });

describe('the mock SRC files API', () => {
  it('lists the shipped files as built-in, for anyone, and reads each', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/api/mock-src-files' });
    expect(list.statusCode).toBe(200);
    const { files } = list.json() as { files: { name: string; size: number; builtIn: boolean; updatedAt: string }[] };
    expect(files.map((f) => f.name).sort()).toEqual(Object.keys(BUILT_IN_MOCK_SRC_FILES).sort());
    expect(files.every((f) => f.builtIn && f.size > 0 && !Number.isNaN(Date.parse(f.updatedAt)))).toBe(true);
    const read = await server.app.inject({ method: 'GET', url: '/api/mock-src-files/new-user.json' });
    expect(read.json()).toEqual({ name: 'new-user.json', content: BUILT_IN_MOCK_SRC_FILES['new-user.json'] });
    const missing = await server.app.inject({ method: 'GET', url: '/api/mock-src-files/nothing.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].field).toBe('name');
  });

  it('publishes a JSON Schema that accepts the shipped files and refuses what the upload refuses', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/mock-src-files/schema' });
    expect(response.statusCode).toBe(200);
    const validate = new Ajv2020({ strict: false }).compile(response.json());
    for (const [name, file] of Object.entries(BUILT_IN_MOCK_SRC_FILES)) expect(validate(file), name).toBe(true);
    expect(validate({ idLookup: { consumerPresent: true } })).toBe(true);
    expect(validate({ stealCookies: true })).toBe(false);
    expect(validate({ validate: { reject: { reason: 'lower case' } } })).toBe(false);
    expect(validate({ validate: { byInput: [] } })).toBe(false);
  });

  it('lets the admin upload a file (object or text), read it back, replace and delete it', async () => {
    const created = await upload({ name: 'my-tour.json', content: { idLookup: { consumerPresent: true } } });
    expect(created.statusCode).toBe(201);
    const asText = await upload({ name: 'my-tour.json', content: '{"getCards": []}' });
    expect(asText.statusCode).toBe(201);
    const read = await server.app.inject({ method: 'GET', url: '/api/mock-src-files/my-tour.json' });
    expect(read.json().content).toEqual({ getCards: [] });
    const listed = await server.app.inject({ method: 'GET', url: '/api/mock-src-files' });
    expect(listed.json().files).toContainEqual(
      expect.objectContaining({ name: 'my-tour.json', builtIn: false, size: 15 }),
    );
    const deleted = await remove('my-tour.json', admin);
    expect(deleted.statusCode).toBe(204);
    const again = await remove('my-tour.json', admin);
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad JSON, naming the content', async () => {
    const response = await upload({ name: 'bad.json', content: '{"idLookup": {' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'content', message: expect.stringContaining('not well-formed JSON') },
    ]);
  });

  it('refuses a file of the wrong shape, naming the bad field', async () => {
    const unknown = await upload({ name: 'bad.json', content: { idLookup: {}, stealCookies: true } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { field: 'content.stealCookies', message: 'stealCookies is not a method of the Click to Pay SDK' },
    ]);
    const reason = await upload({ name: 'bad.json', content: { validate: { reject: { reason: 42 } } } });
    expect(reason.json().errors[0].field).toBe('content.validate.reject.reason');
    const array = await upload({ name: 'bad.json', content: [1, 2] });
    expect(array.json().errors[0].field).toBe('content');
    const name = await upload({ name: '../etc/passwd', content: {} });
    expect(name.statusCode).toBe(422);
    expect(name.json().errors[0].field).toBe('name');
    const builtIn = await upload({ name: 'new-user.json', content: {} });
    expect(builtIn.statusCode).toBe(409);
    const kept = await server.app.inject({ method: 'GET', url: '/api/mock-src-files/new-user.json' });
    expect(kept.json().content).toEqual(BUILT_IN_MOCK_SRC_FILES['new-user.json']);
  });

  it('refuses a file over the size cap with 413', async () => {
    const big = {
      description: 'x'.repeat(1500),
      getCards: Array.from({ length: 400 }, (_, i) => ({ panLastFour: String(1000 + i), pad: 'y'.repeat(80) })),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(MOCK_SRC_MAX_BYTES);
    const response = await upload({ name: 'big.json', content: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0].field).toBe('content');
    const listed = await server.app.inject({ method: 'GET', url: '/api/mock-src-files' });
    expect(listed.json().files.map((f: { name: string }) => f.name)).not.toContain('big.json');
  });

  it('refuses uploads and deletions to anyone but the admin, and to pages of other sites', async () => {
    const file = { name: 'sneaky.json', content: { getCards: [] } };
    expect((await upload(file, '')).statusCode).toBe(401);
    expect((await upload(file, shopperCookie)).statusCode).toBe(403);
    expect((await upload(file, `${ADMIN_SESSION_COOKIE}=forged`)).statusCode).toBe(401);
    expect((await upload(file, admin, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const builtIn = await remove('new-user.json', shopperCookie);
    expect(builtIn.statusCode).toBe(403);
    const byAdmin = await remove('new-user.json', admin);
    expect(byAdmin.statusCode).toBe(409);
    const list = await server.app.inject({ method: 'GET', url: '/api/mock-src-files' });
    expect(list.json().files.map((f: { name: string }) => f.name)).not.toContain('sneaky.json');
  });
});

describe("the sandbox's mock endpoint", () => {
  const answer = (payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/sandbox/mock-src/answer', payload: payload as object });

  it('answers what the file says for the call, by input', async () => {
    const file = BUILT_IN_MOCK_SRC_FILES['repeat-user-new-device.json'];
    const right = await answer({ file, method: 'validate', params: { value: '123456' } });
    expect(right.json()).toMatchObject({
      outcome: 'resolve',
      value: [{ panLastFour: '8785' }, { panLastFour: '9726' }],
    });
    const wrong = await answer({ file, method: 'validate', params: { value: '111111' } });
    expect(wrong.json()).toEqual({
      outcome: 'reject',
      error: { reason: 'CODE_INVALID', message: 'The supplied OTP value was invalid. Try again' },
    });
  });

  it('refuses a file that is not a mock SRC file, naming the field', async () => {
    const response = await answer({ file: { idLookup: { reject: {} } }, method: 'idLookup' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ reason: 'INVALID_PARAMETER', field: 'file.idLookup.reject.reason' });
    const method = await answer({ file: {}, method: 'toString' });
    expect(method.statusCode).toBe(422);
  });
});
