import { TOKEN_PREFIX } from '@c2p/domain';
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

/** Calls our server's JSON API; the shopper's token goes along as the Authorization value (no prefix). */
export async function api<T>(path: string, { method = 'GET', body, headers = {} }: ApiRequest = {}): Promise<T> {
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
  const payload = (await response.json().catch(() => ({}))) as {
    data?: T;
    message?: string;
    errors?: Record<string, string[]>;
  };
  // An error answer without a message of ours (a proxy's page, say) is one the app cannot read.
  if (!response.ok)
    throw new ApiError(
      response.status,
      typeof payload.message === 'string' && payload.message ? payload.message : i18n.t('ERROR_MESSAGES.INVALID_ERROR'),
      payload.errors,
      payload,
    );
  return payload as T;
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
