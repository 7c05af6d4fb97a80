import { TOKEN_PREFIX } from '@c2p/domain';
import type * as Contract from '@c2p/domain/api';
import type { ApiRoute, BodyOf, SuccessOf } from '@c2p/domain/api';
import { i18n } from './i18n';

/** A failed API call: the status, the server's message and its field errors (already translated). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** The whole JSON answer, for the API log. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Where the shopper's session token lives (spec: the `_token.` prefix). */
export const SHOPPER_TOKEN_KEY = `${TOKEN_PREFIX}local`;

export function shopperToken(): string | null {
  try {
    return window.localStorage.getItem(SHOPPER_TOKEN_KEY);
  } catch {
    return null;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  payload: Record<string, unknown>;
}

/** Sends one JSON request to our server; the shopper's token goes along as the Authorization value (no prefix). */
async function send(path: string, { method = 'GET', body, headers = {} }: ApiRequest): Promise<Answer> {
  const token = shopperToken();
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
      ...headers,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  // An error answer without a message of ours (a proxy's page, say) is one the app cannot read.
  if (!response.ok)
    throw new ApiError(
      response.status,
      typeof payload.message === 'string' && payload.message ? payload.message : i18n.t('ERROR_MESSAGES.INVALID_ERROR'),
      isFieldErrors(payload.errors) ? payload.errors : {},
      payload,
    );
  return { status: response.status, payload };
}

const isFieldErrors = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract's route tables, by the name the domain exports them under. */
type RouteTables = {
  [T in keyof typeof Contract as T extends `${string}Api` ? T : never]: (typeof Contract)[T];
};

/**
 * A route of the contract by its table and name. The contract (zod and every schema) is loaded with
 * the first call that needs it, so a page that calls nothing does not carry it.
 */
export interface RouteRef<R extends ApiRoute> {
  table: keyof RouteTables;
  name: string;
  /** Only for type inference: the route this names. */
  readonly route?: R;
}

/** The routes of one table of the contract, as references (`routesOf('adminApi').session`). */
export function routesOf<T extends keyof RouteTables>(
  table: T,
): { [N in keyof RouteTables[T]]: RouteRef<Extract<RouteTables[T][N], ApiRoute>> } {
  return new Proxy({} as never, { get: (_target, name) => ({ table, name: String(name) }) });
}

async function routeOf<R extends ApiRoute>(route: R | RouteRef<R>): Promise<R> {
  if ('schema' in route) return route;
  const contract = await import('@c2p/domain/api');
  return (contract[route.table] as unknown as Record<string, R>)[route.name]!;
}

export interface RouteCall<R extends ApiRoute> {
  /** The path with its parameters filled in; the route's URL by default. */
  path?: string;
  body?: BodyOf<R>;
  headers?: Record<string, string>;
}

/**
 * Calls one route of our API by its contract (@c2p/domain/api): its method, and its answer
 * checked against the route's schema for the status. An answer the contract does not describe is
 * refused as an ApiError, like an error the app cannot read, instead of flowing on unchecked.
 */
export async function callApi<R extends ApiRoute>(
  routeOrRef: R | RouteRef<R>,
  { path, body, headers }: RouteCall<R> = {},
): Promise<SuccessOf<R>> {
  const route = await routeOf(routeOrRef);
  const { status, payload } = await send(path ?? route.url, { method: route.method, body, headers });
  const schema = route.schema.response?.[status];
  if (!schema) return payload as SuccessOf<R>;
  const checked = schema.safeParse(status === 204 ? null : payload);
  if (checked.success) return checked.data as SuccessOf<R>;
  console.error(`${route.method} ${route.url} answered outside its contract`, checked.error.issues);
  throw new ApiError(status, i18n.t('ERROR_MESSAGES.INVALID_ERROR'), {}, payload);
}

/** A failure's message for the user: the server's (already translated) for 4xx answers, else none. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : undefined;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The field errors of a 422 answer, by field name. */
export const fieldErrorsOf = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? error.errors : undefined;
