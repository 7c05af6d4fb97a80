import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '@c2p/domain';
import { getFrom, serverPerFile } from '../../../test/harness.ts';
import { expectOperationsForEveryRoute, expectValidOpenApi31, fetchOpenApiDocument } from '../../../test/openapi.ts';

const server = serverPerFile();

const DOCUMENT_URL = '/api/openapi.json';
const fetchDocument = () => fetchOpenApiDocument(server.app, DOCUMENT_URL);

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    await expectValidOpenApi31(server.app, DOCUMENT_URL, /merchant API/);
  });

  it('describes every route the merchant API registers, and nothing else', async () => {
    await expectOperationsForEveryRoute(server.app, DOCUMENT_URL, {
      describes: (route) => route.split(' ')[1]!.startsWith('/api/'),
      includes: ['DELETE /api/session/addresses/:id'],
      atLeast: 26,
    });
  });

  it('gives each operation its answers, and each write its body, from the shared schemas', async () => {
    const document = await fetchDocument();
    const order = document.paths['/api/orders']!.post!;
    expect(Object.keys(order.responses)).toEqual(expect.arrayContaining(['201', '200', '409', '422']));
    expect(JSON.stringify(order.requestBody)).toContain('"saveAsBillingAddress"');
    const register = document.paths['/api/auth/register']!.post!;
    // The form's rules are the API's: the registration form's password length.
    expect(JSON.stringify(register.requestBody)).toContain(
      `"password":{"type":"string","minLength":${PASSWORD_MIN},"maxLength":${PASSWORD_MAX}}`,
    );
    const product = document.paths['/api/products/{id}']!.get!;
    expect(JSON.stringify(product.responses['200'])).toContain('"price"');
  });
});

describe('GET /api/reference', () => {
  it('is a page on the document whose scripts and styles all come from our own origin', async () => {
    const page = await getFrom(server.app, '/api/reference', { 'accept-language': 'fr-FR' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('data-document="/api/openapi.json"');
    expect(page.body).toContain('<title>Click to Pay Demo\u202f: référence de l’API marchand</title>');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      const response = await getFrom(server.app, asset);
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(0);
    }
    const bundle = await getFrom(server.app, '/api/reference/assets/swagger-ui-bundle.js');
    expect(bundle.body).toContain('SwaggerUIBundle');
  });

  it('serves only the renderer files it names', async () => {
    const response = await getFrom(server.app, '/api/reference/assets/package.json');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errors: { file: [expect.any(String)] } });
  });
});
