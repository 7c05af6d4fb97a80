import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import type { JWK } from 'jose';
import { generateEd25519KeyPair, generateEs256KeyPair, publicJwkOf, signAgentRequest } from '@c2p/agentic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, DEMO_PRODUCTS_API_KEY, DEMO_SRC_CLIENT_ID, sdkTestInit } from '@c2p/domain';
import { cookieFrom, registeredRoutes, serverPerFile, type TestServer } from '../test/harness.ts';
import {
  ADDRESS,
  idempotencyKey,
  nextIp,
  orderBody,
  placeOrder,
  registerShopper,
  registration,
  type Shopper,
} from '../test/shop.ts';
import { ensureAdmin } from './features/admin/service.ts';
import { loadSigningKey, oauthAuthorization, type SigningKey } from './features/payments/network-signing.ts';

/**
 * Whatever a client sends to the public write routes, the server answers: never a 5xx; every
 * refusal is a 4xx JSON `{ statusCode, message, errors? }` that says what was wrong.
 */
const server = serverPerFile();

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

/** POSTs a raw JSON body from a client address of its own, with the headers that have a value. */
function postJson(url: string, raw: string, headers: Record<string, string | undefined>) {
  const present = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...Object.fromEntries(present) },
    payload: raw,
    remoteAddress: nextIp(),
  });
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
          const response = await postJson('/api/orders', raw, { 'idempotency-key': key, authorization, cookie });
          expectWellFormedAnswer(response);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('POST /api/auth/register never answers 5xx and explains every refusal', async () => {
    await fc.assert(
      fc.asyncProperty(bodiesLike(registration()), locales, async ({ raw }, cookie) => {
        const response = await postJson('/api/auth/register', raw, { cookie });
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
          const response = await postJson('/api/auth/user/login', raw, { cookie });
          expectWellFormedAnswer(response);
          expect(response.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 100 },
    );
  });
});

// ---- every route ---------------------------------------------------------------------------------

const BODY_LIMIT = 64 * 1024;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
type Response = Awaited<ReturnType<TestServer['app']['inject']>>;
type Headers = Record<string, string>;

/** A value computed when fast-check draws it, so that tokens made in beforeAll can be used. */
const later = <T>(value: () => T): fc.Arbitrary<T> => fc.constant(null).map(() => value());

/** Strings a client may put anywhere: markup, control characters, lone surrogates, huge. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      '\u202e\u2066',
      '\r\n\t\b\f\u000b',
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "' OR 1=1 --",
      '${7*7}{{7*7}}',
      '../../etc/passwd',
      '%00%2e%2e%2f',
      '__proto__',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 مرحبا',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'x'.repeat(n)) },
);

const POLLUTION = [
  '"__proto__":{"polluted":true,"role":"admin","isAdmin":true}',
  '"constructor":{"prototype":{"polluted":true}}',
  '"prototype":{"polluted":true}',
];

/** The JSON text with a prototype-pollution member added to its outermost object. */
function withPollution(raw: string, member: string): string {
  return raw.startsWith('{}') ? `{${member}}` : raw.startsWith('{') ? `{${member},${raw.slice(1)}` : raw;
}

/** Bodies that are not JSON a client should send: hostile text, deep nesting, odd numbers. */
const hostileRaw: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    'true',
    '0',
    '-0',
    '1e309',
    '-1e999',
    'NaN',
    '"\\u0000"',
    '{"a":"\\ud800"}',
    '{',
    '[',
    '{"a":1,}',
    '{"a":1}{"b":2}',
    '\ufeff{}',
    ...POLLUTION.map((member) => `{${member}}`),
    `[{${POLLUTION[0]}}]`,
    `{"a":{${POLLUTION[0]}}}`,
  ),
  fc.integer({ min: 10, max: 12_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 10, max: 8_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 60 }),
  hostileString.map((value) => JSON.stringify(value)),
);

/** A leaf of the valid body replaced by a hostile string, or a prototype-pollution member added. */
function hostileLike(valid: Json): fc.Arbitrary<{ raw: string }> {
  const paths = pathsOf(valid).filter((path) => path.length > 0);
  const replaced =
    paths.length === 0
      ? hostileString.map((value) => JSON.stringify({ value }))
      : fc
          .tuple(fc.constantFrom(...paths), hostileString)
          .map(([path, value]) => JSON.stringify(replaceAt(valid, path, value)));
  return fc.oneof(
    replaced.map((raw) => ({ raw })),
    fc.tuple(replaced, fc.constantFrom(...POLLUTION)).map(([raw, member]) => ({ raw: withPollution(raw, member) })),
    fc.constantFrom(...POLLUTION).map((member) => ({ raw: withPollution(JSON.stringify(valid), member) })),
    // A nested value deep enough to test every recursive walk over the body.
    fc
      .tuple(fc.constantFrom(...(paths.length > 0 ? paths : [[]])), fc.integer({ min: 100, max: 5_000 }))
      .map(([path, depth]) => {
        const marker = '"__DEEP__"';
        const raw = JSON.stringify(replaceAt(valid, path as Path, '__DEEP__'));
        return { raw: raw.replace(marker, '['.repeat(depth) + '"x"' + ']'.repeat(depth)) };
      }),
  );
}

/** Everything: near-valid bodies, hostile ones, any JSON and raw text. */
function requestBodies(valid: Json): fc.Arbitrary<{ raw: string }> {
  return fc.oneof(
    { weight: 3, arbitrary: bodiesLike(valid) },
    { weight: 3, arbitrary: hostileLike(valid) },
    { weight: 1, arbitrary: hostileRaw.map((raw) => ({ raw })) },
  );
}

const optional = <T>(arbitrary: fc.Arbitrary<T>, freq = 2) => fc.option(arbitrary, { nil: undefined, freq });

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset="UTF-8"',
      'application/json; charset=iso-8859-1',
      'application/json; charset=utf-16',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/merge-patch+json',
      'application/vnd.api+json',
      'application/octet-stream',
      '*/*',
      'garbage',
      ';',
      'application/json, text/plain',
    ),
  },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const garbageToken = fc.oneof(
  headerValue,
  headerValue.map((value) => `Bearer ${value}`),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'null', 'undefined', 'x'.repeat(600)),
);

/** An Authorization header: none, garbage, or (when given) a live token as sent or with "Bearer ". */
function authorizations(live?: () => string): fc.Arbitrary<string | undefined> {
  const arbitraries: Array<fc.WeightedArbitrary<string | undefined>> = [
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: garbageToken },
  ];
  if (live) {
    arbitraries.push({ weight: 5, arbitrary: later(live) });
    arbitraries.push({ weight: 1, arbitrary: later(() => `Bearer ${live()}`) });
  }
  return fc.oneof(...arbitraries);
}

const cookies = (live?: () => string) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('locale=fr-FR', 'locale=ar-EG', 'locale=xx', 'locale="><script>', '__proto__=x', '=;;=;'),
    headerValue.map((value) => `${ADMIN_SESSION_COOKIE}=${value}`),
    headerValue,
    ...(live ? [later(live)] : []),
  );

const QUERY_KEYS = ['locale', 'id', '__proto__', 'constructor', '__proto__[polluted]', 'a[b][c]', 'redirect', ''];
const queries = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), hostileString), {
    maxLength: 4,
  })
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 2_000))}`).join('&')}`,
  );

/** encodeURIComponent for any string (lone surrogates become U+FFFD first). */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** A path segment: valid ones, numbers, encoded strings, traversal and broken escapes. */
function segments(valid: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: later(valid).chain((values) => fc.constantFrom(...values)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: hostileString.map((value) => encode(value.slice(0, 300))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%25',
        '%2e%2e',
        '..%2f..%2f',
        '%00',
        '99999999999999999999',
        '1e3',
        '0x10',
        '-1',
        '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '%ED%A0%80',
        '%C0%AF',
        '%FF%FE',
        'a%00b',
      ),
    },
  );
}

/** The odd headers every request may carry, besides the route's own credentials. */
const commonHeaders = fc.record(
  {
    'content-type': contentTypes,
    'accept-language': optional(fc.oneof(fc.constantFrom('fr-FR', 'ar-EG,en;q=0.5', '*'), headerValue)),
    accept: optional(fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'), headerValue)),
    'if-none-match': optional(fc.oneof(fc.constantFrom('*', 'W/"x"', '""'), headerValue)),
    'x-api-key': optional(fc.oneof(fc.constant(DEMO_PRODUCTS_API_KEY), headerValue)),
    'idempotency-key': optional(fc.oneof(later(idempotencyKey), headerValue)),
    'x-sandbox-session': optional(headerValue),
    'x-src-cx-flow-id': optional(headerValue),
    'x-forwarded-proto': optional(fc.constantFrom('https', 'http', 'gopher')),
  },
  { requiredKeys: [] },
);

type Kind = 'merchant' | 'sandbox' | 'network';

interface RouteCase {
  method: Method;
  /** The path pattern, as a name. */
  route: string;
  kind: Kind;
  runs: number;
  /** The path with its parameters filled in; the pattern when it has none. */
  path?: fc.Arbitrary<string>;
  /** A valid body (for routes that take one). */
  body?: Json;
  /** The route's own credential headers (authorization, cookie, x-api-key...). */
  headers?: fc.Arbitrary<Headers>;
  /** A documented 5xx: 502 when the card network refuses or cannot be reached. */
  gateway?: boolean;
  /** A documented size cap under the body limit (413 naming the field), e.g. the mock SRC file's. */
  sizeCap?: boolean;
  /** Signed by a registered agent (RFC 9421) but now and then, so that the fuzzing reaches past the agent guard. */
  agentSigned?: boolean;
}

const none = fc.constant({} as Headers);
const defined = (headers: Record<string, string | undefined>): Headers =>
  Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Headers;

let shopper: Shopper;
let passwordShopper: Shopper;
let addressId = '00000000-0000-4000-8000-000000000000';
let orderNumber = 'C2P-AAAAAAAA';
let sandboxSession = '';
let checkoutId = 'none';
let sandboxWindow = '';
let sandboxWindowId = 'none';
const merchantCardId = 'merchant-card-unknown';
let agentCheckoutId = '00000000-0000-4000-8000-000000000000';
/** The fuzzing agent: its request-signing key and its keyid at the network's agent registry. */
let agentSigner: { keyid: string; privateJwk: JWK } = { keyid: '', privateJwk: {} };
let adminCookie = '';
let publicJwk: Json = {};
/** The shop's network-signing key: the network APIs answer signed calls only (item 2). */
let signingKey: SigningKey;

/** The OAuth Authorization header of the shop's client for a network API call, as the merchant server signs. */
const networkAuthorization = (method: Method, url: string, body = '') =>
  oauthAuthorization({
    method,
    url: `http://localhost${url}`,
    body,
    consumerKey: DEMO_SRC_CLIENT_ID,
    privateKey: signingKey.privateKey,
  });
const ADMIN_EMAIL = 'owner.fuzz@demo.test';
const ADMIN_PASSWORD = 'correct horse battery';
const SANDBOX_DPA = 'fuzz-dpa-0001';
const AMOUNT = { transactionAmount: 120, transactionCurrencyCode: 'USD' };
/** A WebAuthn assertion of the right shape whose signature verifies nothing. */
const PASSKEY_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

/** The signature headers of a registered agent's request (RFC 9421), as the scripted agent signs. */
const agentSignature = (method: Method, url: string, body?: string) =>
  signAgentRequest({ method, url: `http://localhost${url}`, headers: {}, body }, agentSigner, {
    tag: 'agent-payer-auth',
  });

const shopperAuth = (live = () => shopper.token) =>
  fc.record({ authorization: authorizations(live), cookie: cookies() }).map(defined);
/** A sandbox token header: the live token, any header value, or none. */
const tokenAuth = (header: string, live: () => string) =>
  fc.record({ [header]: fc.oneof(later(live), headerValue, fc.constant(undefined)) }).map(defined);
const sandboxAuth = tokenAuth('x-sandbox-session', () => sandboxSession);
/** A network window's token (the DCF's), from the sandbox's own origin. */
const windowAuth = tokenAuth('x-sandbox-window', () => sandboxWindow);
const adminAuth = fc
  .record({
    cookie: fc.oneof(
      cookies(),
      later(() => `${ADMIN_SESSION_COOKIE}=${shopper.token}`),
      later(() => adminCookie),
    ),
    authorization: authorizations(() => shopper.token),
  })
  .map(defined);

/** Pages, scripts and files: GETs with no input but a file name, checked by the HTTP tests. */
const STATIC_ROUTES = [
  'GET /sandbox',
  'GET /sandbox/',
  'GET /sandbox/passkeys',
  // Its form (urlencoded, answered by a redirect): passkeys.test.ts tries it.
  'POST /sandbox/passkeys/remove',
  'GET /sandbox/dcf',
  'GET /sandbox/dcf.js',
  'GET /sandbox/harness',
  'GET /sandbox/keys/mcs/fpanEncryption',
  'GET /sandbox/keys/mcs/payloadVerification',
  'GET /sandbox/srci/integration/2/lib.js',
  'GET /sandbox/srci/integration/2/hosted-checkout.js',
  'GET /sandbox/srci/merchant/2/lib.js',
  'GET /sandbox/srci/integration/components/src-ui-kit/:file',
  'GET /sandbox/card-art/:file',
  'GET /sandbox/sdk/srcsdk.mastercard.js',
];

const ROUTES: RouteCase[] = [
  { method: 'GET', route: '/api/health', kind: 'merchant', runs: 50 },
  {
    method: 'GET',
    route: '/api/products',
    kind: 'merchant',
    runs: 150,
    headers: fc
      .record({ 'x-api-key': fc.oneof(fc.constant(DEMO_PRODUCTS_API_KEY), headerValue, fc.constant(undefined)) })
      .map(defined),
  },
  {
    method: 'GET',
    route: '/api/products/:id',
    kind: 'merchant',
    runs: 200,
    path: segments(() => ['1', '9', '12', '0', '2147483647', '2147483648']).map((id) => `/api/products/${id}`),
    headers: fc
      .record({ 'x-api-key': fc.oneof(fc.constant(DEMO_PRODUCTS_API_KEY), headerValue, fc.constant(undefined)) })
      .map(defined),
  },
  {
    method: 'GET',
    route: '/api/session/user',
    kind: 'merchant',
    runs: 100,
    headers: shopperAuth(),
  },
  {
    method: 'PATCH',
    route: '/api/session/user',
    kind: 'merchant',
    runs: 200,
    body: { firstName: 'Grace', lastName: 'Hopper', phoneCountryCode: '+1', phoneNumber: '+1-2025550143' },
    headers: shopperAuth(),
  },
  {
    method: 'POST',
    route: '/api/session/logout',
    kind: 'merchant',
    runs: 100,
    body: {},
    headers: shopperAuth(() => 'x'),
  },
  {
    method: 'POST',
    route: '/api/session/password',
    kind: 'merchant',
    runs: 100,
    body: { currentPassword: 'secret pass', newPassword: 'another pass' },
    headers: shopperAuth(() => passwordShopper.token),
  },
  { method: 'GET', route: '/api/session/preferences', kind: 'merchant', runs: 100, headers: shopperAuth() },
  {
    method: 'PUT',
    route: '/api/session/preferences',
    kind: 'merchant',
    runs: 200,
    body: { emailOffers: true, smsOffers: false, orderUpdates: true },
    headers: shopperAuth(),
  },
  { method: 'GET', route: '/api/session/addresses', kind: 'merchant', runs: 100, headers: shopperAuth() },
  {
    method: 'POST',
    route: '/api/session/addresses',
    kind: 'merchant',
    runs: 200,
    body: ADDRESS,
    headers: shopperAuth(),
  },
  {
    method: 'DELETE',
    route: '/api/session/addresses/:id',
    kind: 'merchant',
    runs: 150,
    path: segments(() => [addressId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map(
      (id) => `/api/session/addresses/${id}`,
    ),
    headers: shopperAuth(),
  },
  { method: 'GET', route: '/api/merchantCards', kind: 'merchant', runs: 100, headers: shopperAuth() },
  {
    method: 'POST',
    route: '/api/merchantCards',
    kind: 'merchant',
    runs: 100,
    body: { encryptedCard: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a2V5.aXY.Y2lwaGVy.dGFn' },
    headers: shopperAuth(),
    gateway: true,
  },
  {
    method: 'DELETE',
    route: '/api/merchantCards/:id',
    kind: 'merchant',
    runs: 100,
    path: segments(() => ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map(
      (id) => `/api/merchantCards/${id}`,
    ),
    headers: shopperAuth(),
  },
  {
    method: 'POST',
    route: '/api/merchantCards/:id/credentials',
    kind: 'merchant',
    runs: 100,
    path: segments(() => ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map(
      (id) => `/api/merchantCards/${id}/credentials`,
    ),
    body: { transactionAmount: AMOUNT },
    headers: shopperAuth(),
  },
  { method: 'GET', route: '/api/agent/keys', kind: 'merchant', runs: 10 },
  {
    method: 'POST',
    route: '/api/agent/checkouts',
    kind: 'merchant',
    runs: 60,
    body: { items: [{ productId: 1, quantity: 1 }] },
    agentSigned: true,
  },
  {
    method: 'POST',
    route: '/api/agent/checkouts/:id/complete',
    kind: 'merchant',
    runs: 60,
    path: segments(() => [agentCheckoutId, 'not-a-uuid']).map((id) => `/api/agent/checkouts/${id}/complete`),
    body: {
      l1: 'eyJhbGciOiJFUzI1NiJ9.eyJ2Y3QiOiJ4In0.c2ln~WyJzIiwiZW1haWwiLCJhQGIuY28iXQ~',
      l2: 'eyJhbGciOiJFUzI1NiIsInR5cCI6ImtiLXNkLWp3dCJ9.e30.c2ln~',
      l3b: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln~',
      encryptedPayload: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a2V5.aXY.Y2lwaGVy.dGFn',
      srcCorrelationId: 'correlation-1',
      shipping: { address: ADDRESS, saveAsBillingAddress: true, contact: { type: 'email', email: 'a@b.co' } },
    },
    agentSigned: true,
  },
  { method: 'GET', route: '/api/orders', kind: 'merchant', runs: 100, headers: shopperAuth() },
  {
    method: 'GET',
    route: '/api/orders/:orderNumber',
    kind: 'merchant',
    runs: 150,
    path: segments(() => [orderNumber, orderNumber.toLowerCase(), 'C2P-AAAAAAAA']).map((n) => `/api/orders/${n}`),
    headers: shopperAuth(),
  },
  { method: 'GET', route: '/api/mock-src-files', kind: 'merchant', runs: 50 },
  { method: 'GET', route: '/api/mock-src-files/schema', kind: 'merchant', runs: 30 },
  ...['/api', '/sandbox/api'].flatMap((base): RouteCase[] => [
    { method: 'GET', route: `${base}/openapi.json`, kind: 'merchant', runs: 20 },
    { method: 'GET', route: `${base}/reference`, kind: 'merchant', runs: 20 },
  ]),
  {
    method: 'GET',
    route: '/api/reference/assets/:file',
    kind: 'merchant',
    runs: 60,
    path: segments(() => ['reference.js', 'swagger-ui.css', 'favicon-32x32.png', 'index.html']).map(
      (file) => `/api/reference/assets/${file}`,
    ),
  },
  {
    method: 'GET',
    route: '/api/mock-src-files/:name',
    kind: 'merchant',
    runs: 150,
    path: segments(() => ['new-user.json', 'fuzz.json', 'NEW-USER.JSON']).map((name) => `/api/mock-src-files/${name}`),
  },
  {
    method: 'POST',
    route: '/api/mock-src-files',
    kind: 'merchant',
    runs: 250,
    sizeCap: true,
    body: {
      name: 'fuzz.json',
      content: {
        idLookup: { consumerPresent: true },
        validate: { byInput: [{ match: { value: '1' }, response: [] }] },
      },
    },
    headers: adminAuth,
  },
  {
    method: 'DELETE',
    route: '/api/mock-src-files/:name',
    kind: 'merchant',
    runs: 150,
    path: segments(() => ['fuzz.json', 'new-user.json', 'none.json']).map((name) => `/api/mock-src-files/${name}`),
    headers: adminAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/mock-src/answer',
    kind: 'sandbox',
    runs: 200,
    body: {
      file: { validate: { byInput: [{ match: { value: '1' }, response: [] }] } },
      method: 'validate',
      params: { value: '1' },
    },
  },
  {
    method: 'POST',
    route: '/api/admin/login',
    kind: 'merchant',
    runs: 150,
    body: { email: ADMIN_EMAIL, password: 'not the password' },
    headers: adminAuth,
  },
  { method: 'GET', route: '/api/admin/session', kind: 'merchant', runs: 100, headers: adminAuth },
  { method: 'POST', route: '/api/admin/logout', kind: 'merchant', runs: 100, body: {}, headers: adminAuth },
  { method: 'DELETE', route: '/api/admin/sessions', kind: 'merchant', runs: 100, headers: adminAuth },
  { method: 'DELETE', route: '/api/admin/sandbox-clients', kind: 'merchant', runs: 50, headers: adminAuth },
  {
    method: 'POST',
    route: '/api/getPayload',
    kind: 'merchant',
    runs: 150,
    gateway: true,
    body: {
      srcDpaId: 'fuzz-merchant-dpa',
      srcCorrelationId: 'abcdef01.00000000-0000-4000-8000-000000000000',
      merchantTransactionId: 'abcdef0.12345678.0123456789012345678901234567890123456789',
      flowId: 'abcdef01.00000000-0000-4000-8000-000000000000.1700000000',
      transactionAmount: AMOUNT,
    },
  },
  {
    method: 'POST',
    route: '/api/confirmation',
    kind: 'merchant',
    runs: 150,
    gateway: true,
    body: { orderNumber: 'C2P-AAAAAAAA', paymentId: '00000000-0000-4000-8000-000000000000' },
  },
  // The network sandbox's SDK API: errors are { reason, message }.
  {
    method: 'POST',
    route: '/sandbox/api/init',
    kind: 'sandbox',
    runs: 200,
    body: {
      ...sdkTestInit(SANDBOX_DPA, 'Fuzz Shop', { amount: AMOUNT }),
      recognitionToken: 'eyJhbGciOiJSUzI1NiJ9.e30.x',
    },
  },
  { method: 'GET', route: '/sandbox/api/cards', kind: 'sandbox', runs: 100, headers: sandboxAuth },
  {
    method: 'POST',
    route: '/sandbox/api/lookup',
    kind: 'sandbox',
    runs: 150,
    body: {
      email: 'returning.user@example.com',
      mobileNumber: { countryCode: '1', phoneNumber: '2025550143' },
      returnValidationChannels: true,
    },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/validation/initiate',
    kind: 'sandbox',
    runs: 100,
    body: { requestedValidationChannelId: 'EMAIL_ADDRESS' },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/validation/complete',
    kind: 'sandbox',
    runs: 150,
    body: { value: '123456', rememberMe: true, requestRecognitionToken: true },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/cards/enrol',
    kind: 'sandbox',
    runs: 100,
    body: { encryptedCard: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.x.y.z.w', cardBrand: 'mastercard' },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/cards/delete',
    kind: 'sandbox',
    runs: 100,
    body: { srcDigitalCardId: 'x' },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/sign-out',
    kind: 'sandbox',
    runs: 100,
    body: { recognitionToken: 'eyJhbGciOiJSUzI1NiJ9.e30.x' },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/installments/eligibility',
    kind: 'sandbox',
    runs: 100,
    body: { transactionAmount: AMOUNT, merchantCategoryCode: '0000', dpaLocale: 'en_US' },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/checkouts',
    kind: 'sandbox',
    runs: 200,
    body: {
      kind: 'NEW_CARD',
      merchantOrigin: 'http://localhost:5173',
      encryptedCard: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a.b.c.d',
      cardBrand: 'mastercard',
      srcDigitalCardId: 'card-1',
      consumer: { emailAddress: 'fuzz@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      dpaTransactionOptions: { transactionAmount: AMOUNT },
      installmentPlan: { planId: 'PLAN-3M' },
    },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/checkouts/:id/action',
    kind: 'sandbox',
    runs: 150,
    path: segments(() => [checkoutId]).map((id) => `/sandbox/api/checkouts/${id}/action`),
    body: { action: 'CANCEL', rememberMe: false, enrol: true },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/windows',
    kind: 'sandbox',
    runs: 100,
    body: { kind: 'CHECKOUT', checkoutId: 'none', requestRecognitionToken: true, dpaTransactionOptions: {} },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/windows/:id/open',
    kind: 'sandbox',
    runs: 100,
    path: segments(() => [sandboxWindowId]).map((id) => `/sandbox/api/windows/${id}/open`),
    body: { grant: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', openerOrigin: 'http://localhost' },
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/action',
    kind: 'sandbox',
    runs: 100,
    body: { action: 'CANCEL', rememberMe: false, enrol: true },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/profile-code/initiate',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/profile-code/complete',
    kind: 'sandbox',
    runs: 80,
    body: { value: '123456' },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/code/send',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/confirm-code/send',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/confirm-code',
    kind: 'sandbox',
    runs: 50,
    body: { value: '123456' },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/create-options',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/sign-in-options',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/confirm-options',
    kind: 'sandbox',
    runs: 50,
    body: {},
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/create',
    kind: 'sandbox',
    runs: 50,
    body: {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/sign-in',
    kind: 'sandbox',
    runs: 50,
    body: { rememberMe: true, response: PASSKEY_ASSERTION },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/passkey/confirm',
    kind: 'sandbox',
    runs: 50,
    body: { response: PASSKEY_ASSERTION },
    headers: windowAuth,
  },
  {
    method: 'POST',
    route: '/sandbox/api/window/code',
    kind: 'sandbox',
    runs: 80,
    body: { value: '123456', rememberMe: true },
    headers: windowAuth,
  },
  {
    method: 'GET',
    route: '/sandbox/api/checkouts/:id/result',
    kind: 'sandbox',
    runs: 100,
    path: segments(() => [checkoutId]).map((id) => `/sandbox/api/checkouts/${id}/result`),
    headers: sandboxAuth,
  },
  // The network APIs the merchant's server calls: errors are { status, reason, message, errordetail }.
  { method: 'GET', route: '/sandbox/keys', kind: 'network', runs: 30 },
  {
    method: 'PUT',
    route: '/sandbox/dpas/:srcDpaId/key',
    kind: 'network',
    runs: 150,
    path: segments(() => [SANDBOX_DPA, 'fuzz-dpa-0002']).map((id) => `/sandbox/dpas/${id}/key`),
    get body() {
      return publicJwk;
    },
  },
  {
    method: 'GET',
    route: '/sandbox/dpas/:srcDpaId/key',
    kind: 'network',
    runs: 50,
    path: segments(() => [SANDBOX_DPA, 'unknown']).map((id) => `/sandbox/dpas/${id}/key`),
  },
  {
    method: 'PUT',
    route: '/sandbox/dpas/:srcDpaId/origins',
    kind: 'network',
    runs: 100,
    path: segments(() => ['fuzz-dpa-origins']).map((id) => `/sandbox/dpas/${id}/origins`),
    body: { origins: ['http://localhost:8080', 'https://shop.example'] },
  },
  {
    method: 'POST',
    route: '/sandbox/clients',
    kind: 'network',
    runs: 50,
    path: fc.constant('/sandbox/clients'),
    body: { clientId: 'fuzz-client', publicJwk: { kty: 'RSA', n: 'AQAB', e: 'AQAB' } },
  },
  {
    method: 'GET',
    route: '/sandbox/dpas/:srcDpaId/origins',
    kind: 'network',
    runs: 30,
    path: segments(() => ['fuzz-dpa-origins', 'unknown']).map((id) => `/sandbox/dpas/${id}/origins`),
  },
  // The CORS preflight of the SDK's internal API (Fastify prints its '/sandbox/api/*' as '/sandbox/*').
  {
    method: 'OPTIONS',
    route: '/sandbox/*',
    kind: 'sandbox',
    runs: 50,
    path: fc.constantFrom('/sandbox/api/init', '/sandbox/api/cards', '/sandbox/api/checkouts/x/action'),
    headers: fc
      .record({
        origin: fc.oneof(headerValue, fc.constant('http://localhost:8080')),
        'access-control-request-method': headerValue,
      })
      .map(defined),
  },
  {
    method: 'POST',
    route: '/sandbox/srci/api/checkout',
    kind: 'network',
    runs: 200,
    body: {
      srcDpaId: SANDBOX_DPA,
      correlationId: 'abcdef01.00000000-0000-4000-8000-000000000000',
      checkoutType: 'CLICK_TO_PAY',
      checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: { merchantTransactionId: 'abc' } },
      dpaTransactionOptions: { transactionAmount: AMOUNT, dpaBillingPreference: 'FULL' },
    },
  },
  {
    method: 'POST',
    route: '/sandbox/src/api/digital/payments/transaction/credentials',
    kind: 'network',
    runs: 150,
    body: {
      srcClientId: 'fuzz-client',
      srcDpaId: SANDBOX_DPA,
      srcCorrelationId: 'abcdef01.00000000-0000-4000-8000-000000000000',
      srcDigitalCardId: 'card-1',
    },
  },
  ...(['/sandbox/srci/api/checkout/confirmations', '/sandbox/src/api/confirmations'] as const).map(
    (route): RouteCase => ({
      method: 'POST',
      route,
      kind: 'network',
      runs: 150,
      body: {
        correlationId: 'abcdef01.00000000-0000-4000-8000-000000000000',
        srcCorrelationId: 'abcdef01.00000000-0000-4000-8000-000000000000',
        merchantTransactionId: 'abc',
        confirmationData: {
          checkoutEventType: '01',
          checkoutEventStatus: '01',
          confirmationStatus: '01',
          confirmationReason: 'ok',
          confirmationTimestamp: '2026-01-01T00:00:00.000Z',
          networkTransactionIdentifier: 'UNAVLB',
          transactionAmount: AMOUNT,
        },
      },
    }),
  ),
  {
    method: 'POST',
    route: '/sandbox/srci/api/merchantCards',
    kind: 'network',
    runs: 150,
    body: { srcDpaId: SANDBOX_DPA, merchantTransactionId: 'abc', correlationId: 'x', merchantAccountId: 'acct-1' },
  },
  {
    method: 'POST',
    route: '/sandbox/src/api/digital/payments/cards',
    kind: 'network',
    runs: 150,
    body: {
      serviceId: 'SRC',
      srcClientId: 'fuzz-client',
      srcDpaId: SANDBOX_DPA,
      cardSource: 'CARD_ON_FILE',
      encryptedCard: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a2V5.aXY.Y2lwaGVy.dGFn',
      consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: 'account-1' } },
    },
  },
  {
    method: 'DELETE',
    route: '/sandbox/src/api/digital/payments/cards/:srcDigitalCardId',
    kind: 'network',
    runs: 100,
    path: segments(() => ['AAAAAAAAAAAAAAAAAAAAAA000000000000US', 'unknown']).map(
      (id) => `/sandbox/src/api/digital/payments/cards/${id}`,
    ),
  },
  {
    method: 'DELETE',
    route: '/sandbox/srci/api/merchantCards/:merchantCardId',
    kind: 'network',
    runs: 100,
    path: segments(() => [merchantCardId, 'unknown']).map((id) => `/sandbox/srci/api/merchantCards/${id}`),
  },
  // Issue 39, the network's agentic checkout: the agent registry, Agent Pay and its windows.
  {
    method: 'POST',
    route: '/sandbox/agents',
    kind: 'sandbox',
    runs: 30,
    body: {
      name: 'Fuzzed agent',
      signingKey: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
      credentialKey: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' },
    },
  },
  {
    method: 'GET',
    route: '/sandbox/agents/keys/:keyid',
    kind: 'sandbox',
    runs: 30,
    path: segments(() => [agentSigner.keyid]).map((keyid) => `/sandbox/agents/keys/${keyid}`),
  },
  { method: 'GET', route: '/sandbox/agent-pay/keys', kind: 'sandbox', runs: 10 },
  {
    method: 'POST',
    route: '/sandbox/agent-pay/mandate-requests',
    kind: 'sandbox',
    runs: 40,
    body: {
      agenticTokenId: 'token-unknown',
      mode: 'AUTONOMOUS',
      constraints: [{ type: 'mandate.payment.amount_range', currency: 'USD', max: 15000 }],
      expiresAt: '2030-01-01T00:00:00Z',
      prompt_summary: 'Up to $150',
    },
    agentSigned: true,
  },
  {
    method: 'GET',
    route: '/sandbox/agent-pay/mandate-requests/:id',
    kind: 'sandbox',
    runs: 30,
    path: segments(() => ['mandate-unknown']).map((id) => `/sandbox/agent-pay/mandate-requests/${id}`),
    agentSigned: true,
  },
  {
    method: 'POST',
    route: '/sandbox/agent-pay/credentials',
    kind: 'sandbox',
    runs: 40,
    body: { agenticTokenId: 'token-unknown', l1: 'e30.e30.c2ln~', l2: 'e30.e30.c2ln~', l3a: 'e30.e30.c2ln~' },
    agentSigned: true,
  },
  {
    method: 'POST',
    route: '/sandbox/agent-pay/tokens/:id/revoke',
    kind: 'sandbox',
    runs: 30,
    path: segments(() => ['token-unknown']).map((id) => `/sandbox/agent-pay/tokens/${id}/revoke`),
    headers: windowAuth,
  },
  ...(
    [
      ['POST', 'agent/lookup', { email: 'a@b.co' }],
      ['POST', 'agent/passkey-options', {}],
      ['POST', 'agent/passkey', { response: { id: 'AAAA', type: 'public-key', response: { signature: 'AA' } } }],
      ['POST', 'agent/code/send', {}],
      ['POST', 'agent/code', { value: '123456' }],
      ['GET', 'agent/cards', undefined],
      ['POST', 'agent/enrol', { srcDigitalCardId: 'card-unknown', consent: true }],
      ['GET', 'agent/tokens', undefined],
      ['POST', 'mandate/options', {}],
      ['POST', 'mandate/approve', { response: { id: 'AAAA', type: 'public-key', response: { signature: 'AA' } } }],
      ['POST', 'mandate/decline', {}],
    ] as const
  ).map(([method, step, body]): RouteCase => ({
    method,
    route: `/sandbox/api/window/${step}`,
    kind: 'sandbox',
    runs: 20,
    ...(body && { body }),
    headers: windowAuth,
  })),
];

const takesBody = (method: Method) => method !== 'GET';

/** The answer's JSON, checked to be JSON; undefined for an empty 204. */
function jsonOf(response: Response): Record<string, unknown> | undefined {
  if (response.statusCode === 204 || response.statusCode === 304) {
    expect(response.body).toBe('');
    return undefined;
  }
  expect(response.headers['content-type'], response.body.slice(0, 200)).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(response.body);
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** The API's own description: the document, its page and the page's files; refusals as everywhere else. */
function expectApiDocsAnswer(route: RouteCase, response: Response, context: string): void {
  if (response.statusCode >= 400 || response.statusCode === 304) return expectWellFormedAnswer(response);
  const type = String(response.headers['content-type']);
  if (route.route.endsWith('/openapi.json')) {
    expect(type, context).toContain('application/json');
    return expect(jsonOf(response), context).toMatchObject({ openapi: '3.1.0', paths: expect.any(Object) });
  }
  if (route.route.endsWith('/reference')) return expect(type, context).toContain('text/html');
  expect(type, context).toMatch(/^(text\/css|text\/javascript|image\/png)/);
  expect(response.rawPayload.length, context).toBeGreaterThan(0);
}

function expectRouteAnswer(route: RouteCase, response: Response): void {
  const context = `${route.method} ${route.route} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (route.gateway && response.statusCode === 502) {
    // The network refused the call or could not be reached: the documented answer, with the call.
    const body = jsonOf(response)!;
    expect(body, context).toMatchObject({ statusCode: 502, message: expect.any(String), network: expect.any(Object) });
    return;
  }
  expect(response.statusCode, context).toBeLessThan(500);
  if (route.kind === 'merchant') {
    if (route.route === '/api/health') return expect(jsonOf(response)).toMatchObject({ status: 'ok' });
    // A JWKS, as key sets are published (RFC 7517), not the shop's `data` envelope.
    if (route.route === '/api/agent/keys') return expect(jsonOf(response)).toMatchObject({ keys: expect.any(Array) });
    if (route.route.startsWith('/api/mock-src-files')) return expectMockSrcFilesAnswer(response, context);
    if (/^(\/sandbox)?\/api\/(openapi\.json|reference)/.test(route.route)) {
      return expectApiDocsAnswer(route, response, context);
    }
    expectWellFormedAnswer(response);
    if (response.statusCode === 422) expect(Object.keys(response.json().errors ?? {}), context).not.toHaveLength(0);
    return;
  }
  const body = jsonOf(response);
  if (response.statusCode >= 400) {
    expect(typeof body?.message === 'string' && body.message.length > 0, context).toBe(true);
    // The sandbox's routes answer a reason; a path that reaches none of them (a "%2e%2e" segment,
    // an overlong parameter) gets the server's own { statusCode, message }.
    if (body?.reason === undefined) expect(body?.statusCode, context).toBe(response.statusCode);
    else expect(typeof body.reason === 'string' && body.reason.length > 0, context).toBe(true);
  }
}

/** The mock SRC files API answers the contract the configuration screen reads (no `data` wrapper). */
function expectMockSrcFilesAnswer(response: Response, context: string): void {
  if (response.statusCode === 204) return;
  expect(response.headers['content-type'], context).toMatch(/json/);
  const body = response.json();
  if (response.statusCode < 400) return;
  expect(body.statusCode, context).toBe(response.statusCode);
  expect(typeof body.message === 'string' && body.message.length > 0, context).toBe(true);
  if (Array.isArray(body.errors)) {
    for (const error of body.errors as { field: unknown; message: unknown }[]) {
      expect(typeof error.field === 'string' && typeof error.message === 'string', context).toBe(true);
    }
  } else if (response.statusCode === 422 || response.statusCode === 413) {
    // Refused before the route ran (unreadable JSON, a body over the server's limit): the server's own shape.
    expect(Object.keys(body.errors ?? {}), context).not.toHaveLength(0);
  }
}

/** An agent registered at the network, with a checkout of its own at the shop to complete. */
async function registerFuzzingAgent(): Promise<void> {
  const [signing, credential] = await Promise.all([generateEd25519KeyPair(''), generateEs256KeyPair('')]);
  const registered = await server.app.inject({
    method: 'POST',
    url: '/sandbox/agents',
    payload: {
      name: 'Fuzzing agent',
      signingKey: publicJwkOf(signing.publicJwk),
      credentialKey: publicJwkOf(credential.publicJwk),
    },
  });
  agentSigner = { keyid: registered.json().keyid, privateJwk: signing.privateJwk };
  const body = JSON.stringify({ items: [{ productId: 1, quantity: 1 }] });
  const checkout = await server.app.inject({
    method: 'POST',
    url: '/api/agent/checkouts',
    headers: { 'content-type': 'application/json', ...(await agentSignature('POST', '/api/agent/checkouts', body)) },
    payload: body,
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  agentCheckoutId = checkout.json().checkoutId;
}

describe('every API route, with generated bodies, headers and query strings', () => {
  beforeAll(async () => {
    // POST /api/getPayload calls the network sandbox over HTTP, on this server's own port.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    shopper = await registerShopper(server);
    passwordShopper = await registerShopper(server);
    const address = await server.app.inject({
      method: 'POST',
      url: '/api/session/addresses',
      headers: shopper.auth,
      payload: ADDRESS,
    });
    addressId = address.json().data.id;
    const order = await placeOrder(server, orderBody(), shopper.auth);
    orderNumber = order.json().data.orderNumber;
    await registerFuzzingAgent();
    await ensureAdmin(server.database.db, ADMIN_EMAIL, ADMIN_PASSWORD);
    const admin = await server.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      remoteAddress: nextIp(),
    });
    adminCookie = cookieFrom(admin, ADMIN_SESSION_COOKIE);

    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    publicJwk = { ...publicKey.export({ format: 'jwk' }), kid: 'fuzz-key' };
    signingKey = await loadSigningKey(server.database.db);
    const keyUrl = `/sandbox/dpas/${SANDBOX_DPA}/key`;
    const registered = await server.app.inject({
      method: 'PUT',
      url: keyUrl,
      headers: {
        'content-type': 'application/json',
        authorization: networkAuthorization('PUT', keyUrl, JSON.stringify(publicJwk)),
      },
      payload: JSON.stringify(publicJwk),
    });
    expect(registered.statusCode).toBe(204);
    const sandboxCall = async (method: Method, url: string, payload?: Json) => {
      const response = await server.app.inject({
        method,
        url,
        // A page on the sandbox's own origin: the network's windows answer the page that called init.
        headers: { origin: 'http://localhost', ...(sandboxSession ? { 'x-sandbox-session': sandboxSession } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return response.json();
    };
    sandboxSession = (
      await sandboxCall('POST', '/sandbox/api/init', ROUTES.find((r) => r.route === '/sandbox/api/init')!.body)
    ).sessionToken;
    await sandboxCall('POST', '/sandbox/api/lookup', { email: 'returning.user@example.com' });
    await sandboxCall('POST', '/sandbox/api/validation/initiate', {});
    const { cards } = await sandboxCall('POST', '/sandbox/api/validation/complete', { value: '123456' });
    const opened = await sandboxCall('POST', '/sandbox/api/checkouts', {
      kind: 'CARD',
      merchantOrigin: 'http://localhost:5173',
      srcDigitalCardId: cards[0].srcDigitalCardId,
    });
    checkoutId = opened.checkoutId;
    const asked = await sandboxCall('POST', '/sandbox/api/windows', { kind: 'CHECKOUT', checkoutId });
    sandboxWindowId = asked.windowId;
    const window = await server.app.inject({
      method: 'POST',
      url: `/sandbox/api/windows/${sandboxWindowId}/open`,
      headers: { origin: 'http://localhost' },
      payload: { grant: asked.grant, openerOrigin: 'http://localhost' },
    });
    sandboxWindow = window.json().windowToken;
  });

  afterAll(() => {
    // No generated body reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.route}`, route] as const))(
    '%s never answers 5xx and explains every refusal',
    async (_name, route) => {
      const bodies = takesBody(route.method) && route.body ? requestBodies(route.body) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(
          route.path ?? fc.constant(route.route),
          queries,
          bodies,
          commonHeaders,
          route.headers ?? none,
          fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
          async (path, query, body, common, own, unsigned) => {
            const headers = defined({ ...common, ...own });
            if (body === undefined) delete headers['content-type'];
            // Most network API calls are signed, so that the fuzzing reaches past the signature check.
            if (route.kind === 'network' && route.method !== 'GET' && !unsigned) {
              headers.authorization = networkAuthorization(route.method, `${path}${query}`, body?.raw);
            }
            if (route.agentSigned && !unsigned) {
              Object.assign(headers, await agentSignature(route.method, `${path}${query}`, body?.raw));
            }
            const response = await server.app.inject({
              method: route.method,
              url: `${path}${query}`,
              headers,
              ...(body === undefined ? {} : { payload: body.raw }),
              remoteAddress: nextIp(),
            });
            expectRouteAnswer(route, response);
          },
        ),
        { numRuns: route.runs },
      );
    },
  );

  it('covers every route the server registers, except pages, scripts and files', () => {
    const covered = new Set([...ROUTES, ...WRITE_ROUTES].map((route) => `${route.method} ${route.route}`));
    const registered = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    expect(registered).toContain('POST /sandbox/srci/api/checkout/confirmations');
    expect(registered).toContain('DELETE /api/session/addresses/:id');
    const missing = registered.filter((route) => !covered.has(route) && !STATIC_ROUTES.includes(route));
    expect(missing).toEqual([]);
  });

  /** The write routes of the describe block above, which the table does not repeat. */
  const WRITE_ROUTES: RouteCase[] = [
    { method: 'POST', route: '/api/orders', kind: 'merchant', runs: 0, body: orderBody() },
    { method: 'POST', route: '/api/auth/register', kind: 'merchant', runs: 0, body: registration() },
    {
      method: 'POST',
      route: '/api/auth/user/login',
      kind: 'merchant',
      runs: 0,
      body: { email: 'a@b.co', password: 'x' },
    },
  ];

  /**
   * Item 10: a pattern that backtracks (quadratic or worse) lets one request hold the server for
   * seconds. Every leaf of each route's valid body in turn, and then all of them at once, is filled
   * with a string shaped to make such a pattern backtrack, up to the 64 KB body limit, and sent
   * with the route's real credentials so that the route's own checks run. House rule: no timed
   * assertions for speed; this is a denial-of-service guard, so the bound is generous (500 ms, where
   * the quadratic email pattern took over a second on one 32 KB field) and a slow answer is timed once more
   * before failing, so a pause of the shared machine cannot fail it, while a slow pattern, slow
   * every time, does.
   */
  it.each(
    [...WRITE_ROUTES, ...ROUTES.filter((route) => takesBody(route.method) && route.body)].map(
      (route) => [`${route.method} ${route.route}`, route] as const,
    ),
  )('item 10: %s answers a 64 KB body made to slow its patterns within 500 ms', async (_name, route) => {
    const BOUND_MS = 500;
    const found = pathsOf(route.body).filter((path) => {
      const value = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], route.body);
      return path.length > 0 && (value === null || typeof value !== 'object');
    });
    // A route whose body is empty gets a member of its own to carry the string.
    const leaves = found.length > 0 ? found : [['note']];
    const headers = defined({
      'content-type': 'application/json',
      authorization: route.route === '/api/session/logout' ? undefined : shopper.token,
      cookie: adminCookie,
      'x-sandbox-session': sandboxSession,
      'x-api-key': DEMO_PRODUCTS_API_KEY,
    });
    const url = route.route.replace(/:[A-Za-z]+/g, (name) =>
      name === ':id' ? (route.route.startsWith('/sandbox') ? checkoutId : addressId) : 'x',
    );
    const send = async (raw: string) => {
      const started = performance.now();
      const response = await server.app.inject({
        method: route.method,
        url,
        headers: { ...headers, 'idempotency-key': idempotencyKey() },
        payload: raw,
        remoteAddress: nextIp(),
      });
      return { response, ms: performance.now() - started };
    };
    // Overlapping character classes around a separator, as in /^[^@]+@[^@]+\.[^@]+$/, and runs
    // that end on a character no pattern takes.
    const shapes = fc.record({
      prefix: fc.constantFrom('', 'a', 'a@', 'a@a', '+1-', '"', '<'),
      unit: fc.array(fc.constantFrom('a', '.', '@', ' ', '-', '0', "'", 'é', '+', '_', ':', '/'), {
        minLength: 1,
        maxLength: 3,
      }),
      suffix: fc.constantFrom('', '@', ' ', '!', '\n', '..'),
      // Which leaf gets the string; leaves.length means all of them, sharing the body limit.
      leaf: fc.nat({ max: leaves.length }),
    });
    type Shape = { prefix: string; unit: string[]; suffix: string; leaf: number };
    // Each leaf in turn, then all at once, with the shape that made the email pattern quadratic.
    const examples: Array<[Shape]> = [
      ...leaves.map((_, leaf): [Shape] => [{ prefix: 'a@', unit: ['.'], suffix: '@', leaf }]),
      [{ prefix: 'a@', unit: ['a', '.'], suffix: ' ', leaf: leaves.length }],
    ];
    await fc.assert(
      fc.asyncProperty(shapes, async ({ prefix, unit, suffix, leaf }) => {
        const targets = leaf === leaves.length ? leaves : [leaves[leaf]!];
        const room = Math.floor((BODY_LIMIT - JSON.stringify(route.body).length - 512) / targets.length / 2);
        const chunk = unit.join('');
        const hostile = (prefix + chunk.repeat(Math.ceil(room / chunk.length))).slice(0, room - suffix.length) + suffix;
        let body: Json = route.body;
        for (const path of targets) body = replaceAt(body, path, hostile);
        const raw = JSON.stringify(body);
        let { response, ms } = await send(raw);
        if (ms >= BOUND_MS) ({ response, ms } = await send(raw));
        if (!route.sizeCap) expect(response.statusCode, response.body.slice(0, 200)).not.toBe(413);
        expect(ms, `${route.method} ${route.route}: ${JSON.stringify(prefix + chunk + '…' + suffix)}`).toBeLessThan(
          BOUND_MS,
        );
      }),
      { numRuns: examples.length + 12, examples },
    );
  });

  it.each(
    [...WRITE_ROUTES, ...ROUTES.filter((route) => takesBody(route.method) && route.body)].map(
      (route) => [`${route.method} ${route.route}`, route] as const,
    ),
  )('%s refuses a body over 64 KB with 413 JSON', async (_name, route) => {
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await server.app.inject({
        method: route.method,
        url: route.route.replace(/:[A-Za-z]+/g, 'x'),
        headers: { 'content-type': contentType, ...defined({ authorization: shopper.token }) },
        payload: JSON.stringify({ ...(route.body as object), padding: 'x'.repeat(BODY_LIMIT) }),
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(413);
      const body = jsonOf(response)!;
      expect(body.message).toEqual(expect.any(String));
      if (route.kind === 'merchant') expect((body.errors as Record<string, unknown>).body).toHaveLength(1);
      else expect(body.reason).toEqual(expect.any(String));
    }
  });
});
