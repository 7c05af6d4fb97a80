/** Field name to messages, the shape the spec's forms merge into their fields (`errors.login`, `errors.email`). */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More the answer carries for a client to act on (an agentic refusal's `reason` and `checks`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** A 4xx naming one field, with one message that is also the summary. */
export function fieldError(statusCode: number, field: string, message: string): HttpError {
  return new HttpError(statusCode, message, { [field]: [message] });
}
