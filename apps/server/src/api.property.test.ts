import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { idempotencyKey, nextIp, orderBody, registration } from '../test/shop.ts';

/**
 * Whatever a client sends to the public write routes, the server answers: never a 5xx; every
 * refusal is a 4xx JSON `{ statusCode, message, errors? }` that says what was wrong.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = unknown;
type Path = Array<string | number>;

/** Every path into a JSON value (objects and arrays and their members). */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((child, i) => paths.push(...pathsOf(child, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]));
  }
  return paths;
}

/** A copy of the value with the member at the path replaced (or removed, for undefined). */
function replaceAt(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Bodies near a valid one (one member replaced or removed), any JSON at all, or raw text. */
function bodiesLike(valid: Json): fc.Arbitrary<{ raw: string }> {
  const paths = pathsOf(valid);
  const mutated = fc
    .tuple(fc.constantFrom(...paths), fc.option(anyJson, { nil: undefined, freq: 4 }))
    .map(([path, replacement]) => replaceAt(valid, path, replacement));
  const twiceMutated = fc
    .tuple(fc.constantFrom(...paths), anyJson, fc.constantFrom(...paths), anyJson)
    .map(([p1, v1, p2, v2]) => {
      const once = replaceAt(valid, p1, v1);
      try {
        return replaceAt(once, p2, v2);
      } catch {
        return once;
      }
    });
  return fc.oneof(
    { weight: 4, arbitrary: mutated.map((body) => ({ raw: JSON.stringify(body) ?? 'null' })) },
    { weight: 2, arbitrary: twiceMutated.map((body) => ({ raw: JSON.stringify(body) ?? 'null' })) },
    { weight: 2, arbitrary: anyJson.map((body) => ({ raw: JSON.stringify(body) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw })) },
  );
}

const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,60}$/);

function expectWellFormedAnswer(response: Awaited<ReturnType<TestServer['app']['inject']>>): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode === 304) return;
  expect(response.headers['content-type']).toContain('application/json');
  const body = response.json();
  if (response.statusCode < 400) {
    expect(body).toHaveProperty('data');
    return;
  }
  expect(body.statusCode).toBe(response.statusCode);
  const hasMessage = typeof body.message === 'string' && body.message.length > 0;
  const hasErrors = body.errors !== null && typeof body.errors === 'object' && Object.keys(body.errors).length > 0;
  expect(hasMessage || hasErrors, response.body).toBe(true);
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages) && messages.length > 0).toBe(true);
      for (const message of messages as unknown[]) expect(typeof message === 'string' && message.length > 0).toBe(true);
    }
  }
}

const locales = fc.constantFrom(undefined, 'locale=fr-FR', 'locale=ar-EG', 'locale=xx');

describe('generated request bodies', () => {
  it('POST /api/orders never answers 5xx and explains every refusal', async () => {
    const keys = fc.oneof(
      { weight: 6, arbitrary: fc.constant(null).map(() => idempotencyKey()) },
      { weight: 1, arbitrary: headerValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    await fc.assert(
      fc.asyncProperty(
        bodiesLike(orderBody({ billingAddress: orderBody().shipping.address, promoCode: 'CLICKTOPAY10' })),
        keys,
        fc.option(headerValue, { nil: undefined, freq: 3 }),
        locales,
        async ({ raw }, key, authorization, cookie) => {
          const response = await server.app.inject({
            method: 'POST',
            url: '/api/orders',
            headers: {
              'content-type': 'application/json',
              ...(key === undefined ? {} : { 'idempotency-key': key }),
              ...(authorization === undefined ? {} : { authorization }),
              ...(cookie === undefined ? {} : { cookie }),
            },
            payload: raw,
            remoteAddress: nextIp(),
          });
          expectWellFormedAnswer(response);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('POST /api/auth/register never answers 5xx and explains every refusal', async () => {
    await fc.assert(
      fc.asyncProperty(bodiesLike(registration()), locales, async ({ raw }, cookie) => {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
          payload: raw,
          remoteAddress: nextIp(),
        });
        expectWellFormedAnswer(response);
        if (response.statusCode === 201) expect(response.json().meta.token).toEqual(expect.any(String));
      }),
      { numRuns: 100 },
    );
  });

  it('POST /api/auth/user/login never answers 5xx and explains every refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodiesLike({ email: 'shopper@demo.test', password: 'secret pass' }),
        locales,
        async ({ raw }, cookie) => {
          const response = await server.app.inject({
            method: 'POST',
            url: '/api/auth/user/login',
            headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
            payload: raw,
            remoteAddress: nextIp(),
          });
          expectWellFormedAnswer(response);
          expect(response.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 100 },
    );
  });
});
