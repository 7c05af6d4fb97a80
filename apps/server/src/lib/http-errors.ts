import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { t } from './i18n.ts';

/** Field name to messages, the shape the spec's forms merge into their fields (`errors.login`, `errors.email`). */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** A 4xx naming one field, with one message that is also the summary. */
export function fieldError(statusCode: number, field: string, message: string): HttpError {
  return new HttpError(statusCode, message, { [field]: [message] });
}

export function fieldErrorsOf(
  error: z.ZodError,
  translateMessage: (message: string) => string = (m) => m,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    const message = translateMessage(issue.message);
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/** Parses a request part with its zod schema; a bad value answers 422 naming each field. */
export function parseOr422<S extends z.ZodType>(
  schema: S,
  value: unknown,
  translateMessage?: (message: string) => string,
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error, translateMessage);
  const [field, messages] = Object.entries(errors)[0]!;
  throw new HttpError(422, `${field}: ${messages[0]}`, errors);
}

/**
 * Like parseOr422 for the domain's schemas, whose messages are translation keys: each field's
 * messages are answered in the visitor's language.
 */
export function parseWithSchema<S extends z.ZodType>(request: FastifyRequest, schema: S, value: unknown): z.infer<S> {
  return parseOr422(schema, value, (message) => t(request, message));
}
