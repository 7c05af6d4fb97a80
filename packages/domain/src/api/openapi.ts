import { z } from 'zod';
import type { RouteSchema } from './contract.ts';

/** A route as a server registered it: Fastify's method(s), URL and schema. */
export interface DocumentedRoute {
  method: string | readonly string[];
  url: string;
  schema?: RouteSchema | undefined;
}

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** The security schemes the routes' `security` names (OpenAPI components.securitySchemes). */
  securitySchemes?: Record<string, Record<string, unknown>>;
  routes: readonly DocumentedRoute[];
}

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  openapi: '3.1.0';
  paths: Record<string, Record<string, unknown>>;
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  304: 'Not modified',
  400: 'Bad request',
  401: 'Not signed in, or no valid key',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Invalid input: `errors` names each field',
  429: 'Too many requests',
  502: 'The card network failed',
  503: 'Unavailable',
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as it is; what JSON cannot say (a transform) is left open. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/products/:id` as OpenAPI writes it: `/api/products/{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function operationOf(method: string, url: string, schema: RouteSchema | undefined): JsonSchema {
  const operation: JsonSchema = {
    operationId: `${method}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: schema?.summary ?? `${method.toUpperCase()} ${url}`,
  };
  if (schema?.description) operation.description = schema.description;
  if (schema?.tags) operation.tags = [...schema.tags];
  if (schema?.security) operation.security = schema.security.map((entry) => ({ ...entry }));
  const parameters = [
    ...parametersOf(schema?.params, 'path'),
    ...parametersOf(schema?.querystring, 'query'),
    ...parametersOf(schema?.headers, 'header'),
  ];
  if (parameters.length > 0) operation.parameters = parameters;
  if (schema?.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(schema.body, 'input') } },
    };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [code, answer] of Object.entries(schema?.response ?? {})) {
    const description = answer.description ?? STATUS_TEXT[Number(code)] ?? 'Answer';
    responses[code] =
      code === '204'
        ? { description }
        : { description, content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } } };
  }
  operation.responses = Object.keys(responses).length > 0 ? responses : { default: { description: 'Answer' } };
  return operation;
}

/**
 * An OpenAPI 3.1 document for a list of routes and their zod schemas: the merchant API's
 * (`GET /api/openapi.json`), and the same way any other API's, such as the sandbox network's.
 * HEAD routes (Fastify's twins of GET) are left out.
 */
export function openApiDocument({
  title,
  version,
  description,
  securitySchemes,
  routes,
}: OpenApiOptions): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    const methods = (typeof route.method === 'string' ? [route.method] : route.method).map((m) => m.toLowerCase());
    for (const method of methods) {
      if (!METHODS.has(method)) continue;
      const path = openApiPath(route.url);
      (paths[path] ??= {})[method] = operationOf(method, route.url, route.schema);
      for (const tag of route.schema?.tags ?? []) tags.add(tag);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title, version, ...(description ? { description } : {}) },
    ...(tags.size > 0 ? { tags: [...tags].map((name) => ({ name })) } : {}),
    paths,
    ...(securitySchemes ? { components: { securitySchemes } } : {}),
  };
}
