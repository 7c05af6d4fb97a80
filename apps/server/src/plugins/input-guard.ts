import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';
import { t } from '../lib/i18n.ts';
import { hookRoutes } from './route-hooks.ts';

/** Far deeper than any body the API takes; PostgreSQL refuses very deep JSON, and walks recurse. */
export const MAX_JSON_DEPTH = 32;

/** NUL, which PostgreSQL text cannot hold, and UTF-16 surrogates without their pair, which jsonb refuses. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface UnstorableValue {
  /** The dotted path of the member ("body" for the whole body). */
  field: string;
  /** A translation key (API.INPUT.*). */
  message: string;
}

/**
 * The first member of a parsed JSON body that the database could not store: nested deeper than
 * MAX_JSON_DEPTH, or a key or string with NUL or an unpaired surrogate. Walked without recursion.
 */
export function unstorableValue(body: unknown): UnstorableValue | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  const fieldOf = (path: string[]) => (path.length > 0 ? path.join('.') : 'body');
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) {
        return { field: fieldOf(path), message: 'API.INPUT.UNSTORABLE_TEXT' };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      return { field: fieldOf(path), message: 'API.INPUT.TOO_DEEP' };
    }
    for (const [key, child] of Object.entries(value)) {
      if (UNSTORABLE_TEXT.test(key)) {
        return { field: fieldOf(path), message: 'API.INPUT.UNSTORABLE_NAME' };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

const refusal = (request: FastifyRequest, { field, message: key }: UnstorableValue) => {
  const message = t(request, key, { max: MAX_JSON_DEPTH });
  return new HttpError(422, `${field}: ${message}`, { [field]: [message] });
};

/**
 * What the database could not store is refused with 422 naming the member, instead of a 500:
 * JSON bodies are parsed as Fastify does (prototype poisoning refused, the body limit kept) and
 * then checked, and so are path parameters (a "%00" in a path).
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const unstorable = unstorableValue(value);
      return unstorable ? done(refusal(request, unstorable), undefined) : done(null, value);
    });
  });
  hookRoutes(
    app,
    'preValidation',
    async (request) => {
      const unstorable = unstorableValue(request.params);
      if (unstorable) throw refusal(request, unstorable);
    },
    (route) => /[:*]/.test(route.url),
  );
}
