import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The server log never holds a card number, security code, one-time code or token (issue 10,
 * item 6). No route logs a body; what could still carry one is an error: drizzle's message lists a
 * failed query's parameters, the driver keeps them, and PostgreSQL repeats a refused value in its
 * own message and detail ("Failing row contains (...)"). Errors are therefore logged by the
 * serializer below, which keeps what a reader needs (type, message, SQL state, constraint, table,
 * the statement with its placeholders, the stack's frames) and none of the values; and any run of
 * twelve or more digits left in a logged string is masked, wherever it came from.
 */

/**
 * 12 or more digits with one separator allowed between them (a space, hyphen, dot or plus, or a
 * space or hyphen percent-encoded as a URL writes it): a card number's shape.
 */
const DIGIT_RUN = /\d(?:(?:[ +.-]|%20|%2[bBdD])?\d){11,}/g;
/** Drizzle's "Failed query: ...\nparams: ..." (the parameters run to the end of the line). */
const DRIZZLE_PARAMS = /\nparams: [^\n]*/g;
/** A double-quoted part of a PostgreSQL message: a value in a data exception's (class 22) message. */
const QUOTED = /"(?:[^"]|"")*"/g;
const DATA_EXCEPTION = /^22/;
/** Fields of a database error that name things, never values (detail, where and params do). */
const SAFE_ERROR_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'severity', 'routine', 'statusCode'];
const MAX_CAUSES = 5;

export const MASKED_DIGITS = '[digits masked]';

export function maskDigitRuns(text: string): string {
  return text.replace(DIGIT_RUN, MASKED_DIGITS);
}

/** A URL as the log keeps it: its path (a query string may carry anything, and is dropped), digit runs masked. */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  return maskDigitRuns(query === -1 ? url : url.slice(0, query));
}

/**
 * A message without the values it may quote: drizzle's parameter list goes, and so do the quoted
 * parts of a data exception's message ('value "..." is out of range', 'invalid input syntax for
 * type integer: "..."'); other classes quote names (relation "users"), which stay.
 */
function withoutValues(text: string, sqlState?: unknown): string {
  const stripped = text.replace(DRIZZLE_PARAMS, '');
  const quotesValues = typeof sqlState === 'string' && DATA_EXCEPTION.test(sqlState);
  return maskDigitRuns(quotesValues ? stripped.replace(QUOTED, '"[value]"') : stripped);
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log keeps it: names and codes, no values; its causes the same way. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutValues(String(error)), stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const serialized: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutValues(error.message, fields.code),
    stack: '',
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  // The statement as written (placeholders $1, $2...), never its parameters.
  if (typeof fields.query === 'string') serialized.query = maskDigitRuns(fields.query);
  if (typeof error.stack === 'string') {
    // Only the frames: the stack's first line repeats the message.
    serialized.stack = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Members that hold secrets wherever a caller might log them, at the top or one level down; censored, not dropped. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'idToken',
  'recognitionToken',
  'sessionToken',
  'otp',
  'oneTimeCode',
  'primaryAccountNumber',
  'cardNumber',
  'pan',
  'cardSecurityCode',
  'securityCode',
  'cvc',
  'encryptedCard',
  'encryptedPayload',
];
const CENSOR = '[redacted]';

/**
 * A request as the log shows it: the fields Fastify's own serializer picks, never the headers
 * (cookies, the API key, a session) or the body.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An answer as the log shows it: its status, never its headers (Set-Cookie). */
function serializeReply(reply: Pick<FastifyReply, 'statusCode'>) {
  return { statusCode: reply.statusCode };
}

/** The value with its secret members censored: itself when it has none, else a copy. */
function censorSecrets(value: object): object {
  let copy: Record<string, unknown> | undefined;
  for (const key of SECRET_KEYS) {
    if (!(key in value)) continue;
    // Same prototype, so the copy is written as the value would have been (toJSON included).
    copy ??= Object.assign(
      Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>,
      value,
    );
    copy[key] = CENSOR;
  }
  return copy ?? value;
}

/**
 * The secret keys one level down in a line's members (what pino's redact paths `*.password`...
 * did). Done here because pino's redactor ran over every member of every line, the message
 * included: at the info level it was the largest part of a request's time. Members that a
 * serializer turns into chosen fields (req, res, err) are left to it; a child logger's bindings
 * keep pino's censoring of the secret keys at their top (nothing binds a nested object).
 */
function nestedSecretsCensor(serialized: ReadonlySet<string>) {
  return <T extends Record<string, unknown>>(members: T): T => {
    let copy: Record<string, unknown> | undefined;
    for (const key in members) {
      const value = members[key];
      if (value === null || typeof value !== 'object' || serialized.has(key)) continue;
      const censored = censorSecrets(value);
      if (censored !== value) (copy ??= { ...members })[key] = censored;
    }
    return (copy ?? members) as T;
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options with the error serializer, the masking and the redaction added. */
export function safeLogger(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined || logger === null) return false;
  const options = logger === true ? {} : logger;
  const serializers = { ...options.serializers, req: serializeRequest, res: serializeReply, err: serializeError };
  const censorNested = nestedSecretsCensor(new Set(Object.keys(serializers)));
  return {
    ...options,
    serializers,
    // Pino censors the keys at the top of a line itself (a direct look-up); one level down is ours.
    redact: { paths: SECRET_KEYS, censor: CENSOR },
    formatters: { ...options.formatters, log: censorNested },
    hooks: {
      logMethod(args, method) {
        // The message strings (the last string argument and any interpolated ones).
        const masked = args.map((arg) => (typeof arg === 'string' ? maskDigitRuns(arg) : arg)) as typeof args;
        return method.apply(this, masked);
      },
    },
  };
}
