import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { registeredRoutes } from './harness.ts';

/** An OpenAPI document as the API description tests read it. */
export interface OpenApiDocumentShape {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
}

/** The OpenAPI document `app` serves at `url`, once its answer is checked to be JSON. */
export async function fetchOpenApiDocument(app: FastifyInstance, url: string): Promise<OpenApiDocumentShape> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200 || !/^application\/json/.test(String(response.headers['content-type']))) {
    throw new Error(`GET ${url} answered ${response.statusCode} ${response.headers['content-type']}`);
  }
  return response.json<OpenApiDocumentShape>();
}

/** "METHOD /path" for each operation of the document, in Fastify's `:param` notation. */
export const operationsOf = (document: OpenApiDocumentShape) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );

/** Checks that the document at `url` is valid OpenAPI 3.1 and that its title matches `title`. */
export async function expectValidOpenApi31(app: FastifyInstance, url: string, title: RegExp): Promise<void> {
  const document = await fetchOpenApiDocument(app, url);
  expect(document.openapi).toBe('3.1.0');
  expect(document.info.title).toMatch(title);
  const result = await validate(structuredClone(document) as never);
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
}

/**
 * Checks that the document at `url` has one operation for each route of `app` that `describes`
 * keeps, and no other; `includes` and `atLeast` guard against a filter that keeps too little.
 */
export async function expectOperationsForEveryRoute(
  app: FastifyInstance,
  url: string,
  { describes, includes, atLeast }: { describes: (route: string) => boolean; includes: string[]; atLeast: number },
): Promise<void> {
  const document = await fetchOpenApiDocument(app, url);
  const registered = registeredRoutes(app.printRoutes({ commonPrefix: false })).filter(describes);
  for (const route of includes) expect(registered).toContain(route);
  expect(registered.length).toBeGreaterThanOrEqual(atLeast);
  expect(operationsOf(document).sort()).toEqual([...new Set(registered)].sort());
}
