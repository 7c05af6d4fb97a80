import { z } from 'zod';

/**
 * One route of an HTTP API, as both ends read it: the server registers `schema` as the Fastify
 * route schema (through a zod type provider), the web app checks answers against `response`, and
 * the OpenAPI document is generated from it (docs/decisions/020).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** Names of the document's security schemes, any one of which admits the call. */
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** Status code to answer schema; answers are checked and serialised through them. */
  response?: Readonly<Record<number, z.ZodType>>;
}

export interface ApiRoute<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  url: string;
  schema: S;
}

/** Keeps the literal types of a route, so handlers infer their input and answers from it. */
export const defineRoute = <const S extends RouteSchema>(method: HttpMethod, url: string, schema: S): ApiRoute<S> => ({
  method,
  url,
  schema,
});

/**
 * `defineRoute` for routes that share schema fields (their tags, who may call them and the refusals
 * that follow from it): each route names only what is its own; its answers join the shared ones.
 */
export const routeGroup =
  <const Shared extends RouteSchema>(shared: Shared) =>
  <const S extends RouteSchema>(method: HttpMethod, url: string, schema: S): ApiRoute<Shared & S> => {
    const response = shared.response || schema.response ? { ...shared.response, ...schema.response } : undefined;
    return defineRoute(method, url, { ...shared, ...schema, ...(response ? { response } : {}) } as Shared & S);
  };

/** Field name to messages (already translated): what the forms merge into their fields. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * Every refusal: `{ statusCode, message, errors? }`, the message in the visitor's language and
 * `errors` naming each field. Loose: some routes add what a client may show (`network`).
 */
export const errorSchema = z
  .looseObject({
    statusCode: z.number().int(),
    message: z.string(),
    errors: z.union([fieldErrorsSchema, z.array(z.object({ field: z.string(), message: z.string() }))]).optional(),
  })
  .describe('A refusal: the status, a message in the visitor’s language and, per field, what was wrong.');

/** The usual refusals of a route, each answered with the error shape. */
export function errors<const C extends readonly number[]>(...codes: C): { [K in C[number]]: typeof errorSchema } {
  return Object.fromEntries(codes.map((code) => [code, errorSchema])) as { [K in C[number]]: typeof errorSchema };
}

/** `{ data: T }`, the envelope of most answers. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });

/** The answer of a route for a status code, as the server sends it. */
export type AnswerOf<R extends ApiRoute, Code extends number = 200> =
  R['schema']['response'] extends Record<Code, infer T extends z.ZodType> ? z.output<T> : never;

/** The body a route takes, as a client sends it. */
export type BodyOf<R extends ApiRoute> = R['schema']['body'] extends z.ZodType ? z.input<R['schema']['body']> : never;

/** True when both types accept exactly the same values: ties an answer schema to its domain type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type ResponsesOf<R extends ApiRoute> = NonNullable<R['schema']['response']>;

/** What a route answers when it succeeds (2xx), as its schemas say. */
export type SuccessOf<R extends ApiRoute> = {
  [C in keyof ResponsesOf<R>]: C extends 200 | 201 | 204 ? z.output<ResponsesOf<R>[C]> : never;
}[keyof ResponsesOf<R>];
