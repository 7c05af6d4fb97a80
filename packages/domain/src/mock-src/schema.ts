import { z } from 'zod';
import { SDK_METHODS as MOCK_SRC_METHODS, type SdkMethod as MockSrcMethod } from './endpoint.ts';

/**
 * A mock SRC file (the guided tour's network): a JSON object keyed by SDK method name. Each value
 * is the answer to resolve with, `{ "reject": { "reason", "message" } }` to reject, or
 * `{ "byInput": [{ "match": {...}, "response": ... }], "default": ... }` to answer by the call's
 * input. `{ "idLookup": { "consumerPresent": true } }` is a whole valid file.
 */
export { MOCK_SRC_METHODS, type MockSrcMethod };

/** Uploaded files are capped at this many bytes of JSON text (the server answers 413 above it). */
export const MOCK_SRC_MAX_BYTES = 32 * 1024;
/**
 * How deeply a file may nest (the file itself is level 1; the shipped files reach 8). The tour
 * posts the file inside a request, which the server takes at most 32 levels deep, and the schema
 * check recurses: a deeper file is refused before either sees it.
 */
export const MOCK_SRC_MAX_DEPTH = 16;
/** A file's name: lower-case letters, digits and hyphens, then `.json`. */
export const MOCK_SRC_NAME_PATTERN = /^[a-z0-9-]{1,64}\.json$/;
export { MOCK_SRC_ENDPOINT, isMockTool } from './endpoint.ts';

const MESSAGES = {
  reason: 'reject.reason must be an upper-case reason code such as CODE_INVALID',
  message: 'reject.message must be text of at most 500 characters',
  unknownMethod: 'is not a method of the Click to Pay SDK',
  byInput: 'byInput must be a list of { match, response }',
  match: 'match must be an object of request fields',
  object: 'A mock SRC file must be a JSON object keyed by SDK method name',
} as const;

const rejectSchema = z
  .object({
    reject: z
      .object({
        reason: z.string({ error: MESSAGES.reason }).regex(/^[A-Z][A-Z0-9_]{0,63}$/, MESSAGES.reason),
        message: z.string({ error: MESSAGES.message }).max(500, MESSAGES.message).optional(),
      })
      .strict(),
  })
  .strict();

/** Anything JSON, to resolve with: an object that is not a rejection or a variation, an array, a value. */
const resolveSchema = z.json();

const outcomeSchema = z.union([rejectSchema, resolveSchema]);

const byInputSchema = z
  .object({
    byInput: z
      .array(
        z
          .object({
            match: z.record(z.string(), z.json(), { error: MESSAGES.match }),
            response: outcomeSchema,
          })
          .strict(),
        { error: MESSAGES.byInput },
      )
      .min(1, MESSAGES.byInput)
      .max(50, MESSAGES.byInput),
    default: outcomeSchema.optional(),
  })
  .strict();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One method's entry: a variation when it has `byInput`, a rejection when it has `reject`, else an answer. */
export const mockSrcEntrySchema = z.unknown().superRefine((value, ctx) => {
  const schema =
    isObject(value) && 'byInput' in value
      ? byInputSchema
      : isObject(value) && 'reject' in value
        ? rejectSchema
        : resolveSchema;
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', message: issue.message } as never);
});

export const mockSrcFileSchema = z
  .record(z.string(), z.unknown(), { error: MESSAGES.object })
  .superRefine((file, ctx) => {
    for (const [key, value] of Object.entries(file)) {
      if (key === '$schema' || key === 'description') {
        if (typeof value !== 'string' || value.length > 2000) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be text of at most 2000 characters` });
        }
        continue;
      }
      if (!(MOCK_SRC_METHODS as readonly string[]).includes(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} ${MESSAGES.unknownMethod}` });
        continue;
      }
      const result = mockSrcEntrySchema.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
        }
      }
    }
  });

export type MockSrcFile = Record<string, unknown>;
export type MockSrcOutcome =
  { outcome: 'resolve'; value: unknown } | { outcome: 'reject'; error: { reason: string; message: string } };

export interface MockSrcFieldError {
  field: string;
  message: string;
}

/** Whether the JSON value nests objects and arrays more than `max` levels deep; walked without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth > max) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** The file's errors, each naming its field as a dotted path (`validate.reject.reason`); empty when valid. */
export function mockSrcFileErrors(file: unknown): MockSrcFieldError[] {
  // Before the schema, whose check of a deep file would exhaust the stack.
  if (nestedDeeperThan(file, MOCK_SRC_MAX_DEPTH)) {
    return [{ field: 'content', message: `A mock SRC file nests at most ${MOCK_SRC_MAX_DEPTH} levels deep` }];
  }
  const result = mockSrcFileSchema.safeParse(file);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'content',
    message: issue.message,
  }));
}

/** JSON with every object's keys in order: a stored file's objects (jsonb) keep no order of their own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Whether every field of `match` equals the request's field of that name (as JSON, whatever its keys' order). */
function matches(match: Record<string, unknown>, params: unknown): boolean {
  const request = isObject(params) ? params : {};
  return Object.entries(match).every(([key, expected]) => canonical(request[key]) === canonical(expected));
}

function outcomeOf(entry: unknown): MockSrcOutcome {
  if (isObject(entry) && 'reject' in entry && isObject(entry.reject)) {
    const reject = entry.reject as { reason: string; message?: string };
    return { outcome: 'reject', error: { reason: reject.reason, message: reject.message ?? reject.reason } };
  }
  return { outcome: 'resolve', value: entry ?? null };
}

/**
 * What a (valid) mock SRC file answers to `method(params)`: the first `byInput` case whose `match`
 * fits, else its `default`, else the entry itself. A method the file does not name resolves with
 * nothing, as `init` and `signOut` do at the network when there is nothing to say.
 */
export function mockSrcAnswer(file: MockSrcFile, method: string, params: unknown): MockSrcOutcome {
  if (!Object.hasOwn(file, method) || method === '$schema' || method === 'description') {
    return { outcome: 'resolve', value: null };
  }
  const entry = file[method];
  if (isObject(entry) && Array.isArray(entry.byInput)) {
    const cases = entry.byInput as { match: Record<string, unknown>; response: unknown }[];
    const found = cases.find((c) => matches(c.match, params));
    if (found) return outcomeOf(found.response);
    return Object.hasOwn(entry, 'default') ? outcomeOf(entry.default) : { outcome: 'resolve', value: null };
  }
  return outcomeOf(entry);
}

/** The published JSON Schema of a mock SRC file (GET /api/mock-src-files/schema). */
export function mockSrcJsonSchema(): Record<string, unknown> {
  const outcome = {
    oneOf: [
      {
        type: 'object',
        required: ['reject'],
        additionalProperties: false,
        properties: {
          reject: {
            type: 'object',
            required: ['reason'],
            additionalProperties: false,
            properties: {
              reason: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
              message: { type: 'string', maxLength: 500 },
            },
          },
        },
      },
      {
        description: 'The answer to resolve with: any JSON that is not an object with reject or byInput',
        not: { type: 'object', anyOf: [{ required: ['reject'] }, { required: ['byInput'] }] },
      },
    ],
  };
  const entry = {
    oneOf: [
      {
        type: 'object',
        required: ['byInput'],
        additionalProperties: false,
        properties: {
          byInput: {
            type: 'array',
            minItems: 1,
            maxItems: 50,
            items: {
              type: 'object',
              required: ['match', 'response'],
              additionalProperties: false,
              properties: { match: { type: 'object' }, response: { $ref: '#/$defs/outcome' } },
            },
          },
          default: { $ref: '#/$defs/outcome' },
        },
      },
      { $ref: '#/$defs/outcome' },
    ],
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: '/api/mock-src-files/schema',
    title: 'Mock SRC file',
    description:
      'The guided tour’s network: each key an SDK method, each value the answer to resolve with, {"reject": {"reason", "message"}}, or {"byInput": [{"match", "response"}], "default"}.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', maxLength: 2000 },
      description: { type: 'string', maxLength: 2000 },
      ...Object.fromEntries(MOCK_SRC_METHODS.map((method) => [method, { $ref: '#/$defs/entry' }])),
    },
    $defs: { outcome, entry },
  };
}
