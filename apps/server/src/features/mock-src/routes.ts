import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mockSrcApi } from '@c2p/domain/api';
import {
  MOCK_SRC_MAX_BYTES,
  MOCK_SRC_MAX_DEPTH,
  MOCK_SRC_NAME_PATTERN,
  mockSrcFileErrors,
  mockSrcJsonSchema,
  nestedDeeperThan,
  type MockSrcFieldError,
  type MockSrcFile,
} from '@c2p/domain/mock-src';
import type { Database } from '../../db/client.ts';
import { t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { MAX_JSON_DEPTH, unstorableValue } from '../../plugins/input-guard.ts';
import type { ZodApi } from '../../plugins/route-schemas.ts';
import {
  deleteMockSrcFile,
  findMockSrcFile,
  jsonSize,
  listMockSrcFiles,
  saveMockSrcFile,
  seedMockSrcFiles,
} from './repository.ts';

/** Uploads and deletions per client and minute, like the other writes. */
const WRITES_PER_IP = 30;
/** At most this many of a file's problems are listed. */
const LISTED_PROBLEMS = 20;

/** A refusal in this API's shape: its status and each field's problem. */
interface Refusal {
  statusCode: number;
  errors: MockSrcFieldError[];
}
const refusal = (statusCode: number, field: string, message: string): Refusal => ({
  statusCode,
  errors: [{ field, message }],
});

/** 4xx `{ statusCode, message, errors: [{ field, message }] }`: the contract the configuration screen reads. */
function refuse(reply: FastifyReply, { statusCode, errors }: Refusal) {
  return reply.status(statusCode).send({ statusCode, message: `${errors[0]!.field}: ${errors[0]!.message}`, errors });
}

const nameOf = (value: unknown) => (typeof value === 'string' && MOCK_SRC_NAME_PATTERN.test(value) ? value : null);
const notFound = (request: FastifyRequest) => refusal(404, 'name', t(request, 'MOCK_SRC_API.NOT_FOUND'));
const builtIn = (request: FastifyRequest) => refusal(409, 'name', t(request, 'MOCK_SRC_API.BUILT_IN'));

/** What each route of the plugin uses. */
interface MockSrcRoutes {
  api: ZodApi;
  db: Database;
  /** The options of a route that writes (the admin's, by its contract): the per-client limit. */
  write: { config: { rateLimit: ReturnType<typeof perIpLimit> } };
}

/**
 * The mock SRC files of the guided tour (issue 15): anyone lists and reads them (the tour runs on
 * them); only the admin uploads and deletes. The shipped files are seeded as built-in.
 */
export async function mockSrcRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  await seedMockSrcFiles(db);
  const routes: MockSrcRoutes = {
    api: app.withTypeProvider<ZodTypeProvider>(),
    db,
    write: {
      config: { rateLimit: perIpLimit(WRITES_PER_IP, 'MOCK_SRC_API.TOO_MANY_REQUESTS') },
    },
  };
  readRoutes(routes);
  uploadRoute(routes);
  deleteRoute(routes);
}

/** The list, the files' JSON Schema and one file: for anyone. */
function readRoutes({ api, db }: MockSrcRoutes): void {
  const { list, jsonSchema, one } = mockSrcApi;
  api.get(list.url, { schema: list.schema }, async () => ({ files: await listMockSrcFiles(db) }));

  api.get(jsonSchema.url, { schema: jsonSchema.schema }, async (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(mockSrcJsonSchema()),
  );

  api.get(one.url, { schema: one.schema }, async (request, reply) => {
    const name = nameOf(request.params.name);
    const content = name ? await findMockSrcFile(db, name) : null;
    if (!name || !content) return refuse(reply, notFound(request));
    return { name, content };
  });
}

function uploadRoute({ api, db, write }: MockSrcRoutes): void {
  const { upload } = mockSrcApi;
  // The schema documents the upload; readUpload answers each problem in this API's own shape.
  api.post(upload.url, { ...write, schema: upload.schema, attachValidation: true }, async (request, reply) => {
    const file = readUpload(request, request.body);
    if ('errors' in file) return refuse(reply, file);
    const outcome = await saveMockSrcFile(db, file.name, file.content);
    if (outcome === 'built-in') return refuse(reply, builtIn(request));
    return reply.status(201).send(file);
  });
}

function deleteRoute({ api, db, write }: MockSrcRoutes): void {
  const { remove } = mockSrcApi;
  api.delete(remove.url, { ...write, schema: remove.schema }, async (request, reply) => {
    const name = nameOf(request.params.name);
    const outcome = name ? await deleteMockSrcFile(db, name) : 'not-found';
    if (outcome === 'not-found') return refuse(reply, notFound(request));
    if (outcome === 'built-in') return refuse(reply, builtIn(request));
    return reply.status(204).send(null);
  });
}

/** An upload's name and file, or the first problem found (for the file's content, each of them). */
function readUpload(request: FastifyRequest, body: unknown): { name: string; content: MockSrcFile } | Refusal {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refusal(422, 'body', t(request, 'MOCK_SRC_API.BODY'));
  }
  const { name: givenName, content: given } = body as { name?: unknown; content?: unknown };
  const name = nameOf(givenName);
  if (!name) return refusal(422, 'name', t(request, 'MOCK_SRC_API.NAME'));
  if (given === undefined) return refusal(422, 'content', t(request, 'MOCK_SRC_API.CONTENT_REQUIRED'));
  const parsed = parsedContent(request, given);
  if ('refused' in parsed) return parsed.refused;
  const { content } = parsed;
  const unusable = tourRefusal(request, content);
  if (unusable) return unusable;
  const errors = mockSrcFileErrors(content);
  if (errors.length > 0) {
    return {
      statusCode: 422,
      errors: errors.slice(0, LISTED_PROBLEMS).map((error) => ({
        field: `content.${error.field}`.replace(/^content\.content$/, 'content'),
        message: error.message,
      })),
    };
  }
  return { name, content: content as MockSrcFile };
}

/**
 * Why the tour could not run on the file, which is then never stored: nested deeper than a file may
 * be (measured first, without recursion), or refused by the check every request body passes, which
 * the tour's own request (`{ file, method, params }`) carrying it will pass.
 */
function tourRefusal(request: FastifyRequest, content: unknown): Refusal | undefined {
  if (nestedDeeperThan(content, MOCK_SRC_MAX_DEPTH)) {
    return refusal(422, 'content', t(request, 'MOCK_SRC_API.TOO_DEEP', { max: MOCK_SRC_MAX_DEPTH }));
  }
  const unstorable = unstorableValue({ file: content });
  if (!unstorable) return undefined;
  const message = t(request, unstorable.message, { max: MAX_JSON_DEPTH });
  return refusal(422, unstorable.field.replace(/^file/, 'content'), message);
}

/** The file as text (what a file picker reads) parsed, or the JSON object itself; refused when too large or not JSON. */
function parsedContent(request: FastifyRequest, given: unknown): { content: unknown } | { refused: Refusal } {
  const size = typeof given === 'string' ? Buffer.byteLength(given, 'utf8') : jsonSize(given);
  if (size > MOCK_SRC_MAX_BYTES) {
    return {
      refused: refusal(413, 'content', t(request, 'MOCK_SRC_API.TOO_LARGE', { max: MOCK_SRC_MAX_BYTES / 1024 })),
    };
  }
  if (typeof given !== 'string') return { content: given };
  try {
    return { content: JSON.parse(given) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : '';
    return { refused: refusal(422, 'content', t(request, 'MOCK_SRC_API.NOT_JSON', { detail })) };
  }
}
