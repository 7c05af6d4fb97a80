// The network API's published contract: GET /sandbox/api/openapi.json and its reference page.
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../../apps/server/test/harness.ts';
import {
  expectOperationsForEveryRoute,
  expectValidOpenApi31,
  fetchOpenApiDocument,
} from '../../../apps/server/test/openapi.ts';

const sandbox = serverPerFile();

const DOCUMENT_URL = '/sandbox/api/openapi.json';
const fetchDocument = () => fetchOpenApiDocument(sandbox.app, DOCUMENT_URL);

/**
 * The sandbox routes that are not the network's server API: the SDK's internal API (its browser
 * calls), the pages, the browser files, the guided tour's mock endpoint and the documentation itself.
 */
const NOT_THE_NETWORK_API = [
  /^[A-Z]+ \/sandbox\/api\//,
  /^GET \/sandbox\/?$/,
  /^GET \/sandbox\/(dcf|harness|dcf\.js)$/,
  /^GET \/sandbox\/card-art\//,
  /^GET \/sandbox\/(srci\/integration|srci\/merchant|sdk)\//,
  /^POST \/sandbox\/mock-src\/answer$/,
  // The testers' page of the test consumers' passkeys, and its form.
  /^(GET|POST) \/sandbox\/passkeys(\/remove)?$/,
  /^OPTIONS /,
];
const isNetworkApiRoute = (route: string) =>
  route.split(' ')[1]!.startsWith('/sandbox') && !NOT_THE_NETWORK_API.some((name) => name.test(route));

describe('GET /sandbox/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    await expectValidOpenApi31(sandbox.app, DOCUMENT_URL, /network API/);
  });

  it('describes every route of the network API the sandbox registers, and nothing else', async () => {
    await expectOperationsForEveryRoute(sandbox.app, DOCUMENT_URL, {
      describes: isNetworkApiRoute,
      includes: [
        'POST /sandbox/src/api/digital/payments/transaction/credentials',
        'PUT /sandbox/dpas/:srcDpaId/origins',
      ],
      atLeast: 16,
    });
  });

  it('gives each operation its answers in the network’s error format, and each write its body', async () => {
    const document = await fetchDocument();
    const checkout = document.paths['/sandbox/srci/api/checkout']!.post!;
    expect(Object.keys(checkout.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(JSON.stringify(checkout.responses['400'])).toContain('"errordetail"');
    expect(JSON.stringify(checkout.responses['200'])).toContain('"encryptedPayload"');
    expect(JSON.stringify(checkout.requestBody)).toContain('"checkoutReference"');
    const enrol = document.paths['/sandbox/src/api/digital/payments/cards']!.post!;
    expect(JSON.stringify(enrol.requestBody)).toContain('"EXTERNAL_ACCOUNT_ID"');
  });
});

describe('a member of the wrong type', () => {
  it('is refused in the network’s error format, as the route’s own check of it answers', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/clients',
      payload: { clientId: 42, publicJwk: { kty: 'RSA', n: 'x', e: 'AQAB' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      reason: 'INVALID_ARGUMENT',
      message: 'clientId is 3 to 64 letters, digits, ".", "_" or "-"',
      errordetail: [
        {
          reason: 'INVALID_FORMAT',
          source: 'clientId',
          sourceType: 'BODY',
          message: 'clientId is 3 to 64 letters, digits, ".", "_" or "-"',
        },
      ],
    });
  });

  it('of a signed route is 401 when the call is not signed, as before any check of its body', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/srci/api/merchantCards',
      payload: { srcDpaId: 42 },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ reason: 'UNAUTHENTICATED' });
  });
});

describe('GET /sandbox/api/reference', () => {
  it('is a page on the document whose scripts and styles all come from our own origin', async () => {
    const page = await sandbox.app.inject({ method: 'GET', url: '/sandbox/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('data-document="/sandbox/api/openapi.json"');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1]!)
      .filter((url) => url.includes('/assets/'));
    // The merchant API's reference files serve this page too.
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) expect(asset).toMatch(/^\/api\/reference\/assets\//);
    for (const asset of assets) {
      const response = await sandbox.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(0);
    }
    const unknown = await sandbox.app.inject({ method: 'GET', url: '/api/reference/assets/package.json' });
    expect(unknown.statusCode).toBe(404);
  });
});
