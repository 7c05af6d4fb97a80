import { ApiError } from '../../lib/api-client';

/** A failure's message for the shopper: the server's (already translated) for 4xx answers, else none. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : undefined;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
export const fieldErrorsOf = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? error.errors : undefined;
