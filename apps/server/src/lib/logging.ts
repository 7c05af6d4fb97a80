import type { FastifyServerOptions } from 'fastify';

/**
 * The server log never holds a card number, security code, one-time code or token (issue 10,
 * item 6). No route logs a body; what could still carry one is an error: drizzle's message lists a
 * failed query's parameters, the driver keeps them, and PostgreSQL repeats a refused value in its
 * own message and detail ("Failing row contains (...)"). Errors are therefore logged by the
 * serializer below, which keeps what a reader needs (type, message, SQL state, constraint, table,
 * the statement with its placeholders, the stack's frames) and none of the values; and any run of
 * twelve or more digits left in a logged string is masked, wherever it came from.
 */

/** 12 or more digits, single spaces or hyphens allowed between them: a card number's shape. */
const DIGIT_RUN = /\d(?:[ -]?\d){11,}/g;
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

/** Members that hold secrets wherever a caller might log them; censored, not dropped. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-sandbox-session"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...[
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
  ].flatMap((key) => [key, `*.${key}`]),
];

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options with the error serializer, the masking and the redaction added. */
export function safeLogger(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined || logger === null) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        // The message strings (the last string argument and any interpolated ones).
        const masked = args.map((arg) => (typeof arg === 'string' ? maskDigitRuns(arg) : arg)) as typeof args;
        return method.apply(this, masked);
      },
    },
  };
}
