import type { z } from 'zod';

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

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses a request part with its zod schema; a bad value answers 422 naming each field. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  const [field, messages] = Object.entries(errors)[0]!;
  throw new HttpError(422, `${field}: ${messages[0]}`, errors);
}
