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
