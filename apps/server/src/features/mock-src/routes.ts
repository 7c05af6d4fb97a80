import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mockSrcApi } from '@c2p/domain/api';
import { ADMIN_SESSION_COOKIE } from '@c2p/domain';
import {
  MOCK_SRC_MAX_BYTES,
  MOCK_SRC_NAME_PATTERN,
  mockSrcFileErrors,
  mockSrcJsonSchema,
  type MockSrcFieldError,
  type MockSrcFile,
} from '@c2p/domain/mock-src';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { perIpLimit } from '../../lib/rate-limits.ts';
import { isCrossSite } from '../../plugins/cross-site.ts';
import { findSessionUser } from '../sessions/repository.ts';
import { shopperOf } from '../sessions/shopper-auth.ts';
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

/** 4xx `{ statusCode, message, errors: [{ field, message }] }`: the contract the configuration screen reads. */
function refuse(reply: FastifyReply, statusCode: number, errors: MockSrcFieldError[]) {
  return reply.status(statusCode).send({ statusCode, message: `${errors[0]!.field}: ${errors[0]!.message}`, errors });
}

/** Admin only: 401 without a session, 403 for anyone else; a page of another site is refused first. */
function adminOnly(db: Database) {
  return async (request: FastifyRequest) => {
    if (isCrossSite(request)) throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (!token) {
      if (await shopperOf(db, request)) throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
      throw new HttpError(401, t(request, 'API.ADMIN.SIGN_IN_REQUIRED'));
    }
    const user = await findSessionUser(db, token);
    if (!user) throw new HttpError(401, t(request, 'API.ACCOUNT.SESSION_ENDED'));
    if (user.role !== 'admin') throw new HttpError(403, t(request, 'API.ADMIN.ADMIN_ONLY'));
  };
}

/**
 * The mock SRC files of the guided tour (issue 15): anyone lists and reads them (the tour runs on
 * them); only the admin uploads and deletes. The shipped files are seeded as built-in.
 */
export async function mockSrcRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  await seedMockSrcFiles(db);
  const writeLimit = { rateLimit: perIpLimit(WRITES_PER_IP, 'MOCK_SRC_API.TOO_MANY_REQUESTS') };

  const requireAdmin = adminOnly(db);

  const nameOf = (value: unknown) => (typeof value === 'string' && MOCK_SRC_NAME_PATTERN.test(value) ? value : null);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const { list, jsonSchema, one, upload, remove } = mockSrcApi;
  api.get(list.url, { schema: list.schema }, async () => ({ files: await listMockSrcFiles(db) }));

  api.get(jsonSchema.url, { schema: jsonSchema.schema }, async (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(mockSrcJsonSchema()),
  );

  api.get(one.url, { schema: one.schema }, async (request, reply) => {
    const name = nameOf(request.params.name);
    const content = name ? await findMockSrcFile(db, name) : null;
    if (!name || !content) {
      return refuse(reply, 404, [{ field: 'name', message: t(request, 'MOCK_SRC_API.NOT_FOUND') }]);
    }
    return { name, content };
  });

  // The schema documents the upload; the checks below answer each problem in this API's own shape.
  const uploadOptions = {
    schema: upload.schema,
    attachValidation: true,
    preValidation: requireAdmin,
    config: writeLimit,
  };
  api.post(upload.url, uploadOptions, async (request, reply) => {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return refuse(reply, 422, [{ field: 'body', message: t(request, 'MOCK_SRC_API.BODY') }]);
    }
    const { name: givenName, content: given } = body as { name?: unknown; content?: unknown };
    const name = nameOf(givenName);
    if (!name) return refuse(reply, 422, [{ field: 'name', message: t(request, 'MOCK_SRC_API.NAME') }]);
    if (given === undefined) {
      return refuse(reply, 422, [{ field: 'content', message: t(request, 'MOCK_SRC_API.CONTENT_REQUIRED') }]);
    }
    // The file as text (what a file picker reads) or as the JSON object itself.
    const size = typeof given === 'string' ? Buffer.byteLength(given, 'utf8') : jsonSize(given);
    if (size > MOCK_SRC_MAX_BYTES) {
      return refuse(reply, 413, [
        { field: 'content', message: t(request, 'MOCK_SRC_API.TOO_LARGE', { max: MOCK_SRC_MAX_BYTES / 1024 }) },
      ]);
    }
    let content: unknown = given;
    if (typeof given === 'string') {
      try {
        content = JSON.parse(given) as unknown;
      } catch (error) {
        const detail = error instanceof Error ? error.message : '';
        return refuse(reply, 422, [{ field: 'content', message: t(request, 'MOCK_SRC_API.NOT_JSON', { detail }) }]);
      }
    }
    const errors = mockSrcFileErrors(content);
    if (errors.length > 0) {
      return refuse(
        reply,
        422,
        errors.slice(0, 20).map((error) => ({
          field: `content.${error.field}`.replace(/^content\.content$/, 'content'),
          message: error.message,
        })),
      );
    }
    const outcome = await saveMockSrcFile(db, name, content as MockSrcFile);
    if (outcome === 'built-in') {
      return refuse(reply, 409, [{ field: 'name', message: t(request, 'MOCK_SRC_API.BUILT_IN') }]);
    }
    return reply.status(201).send({ name, content: content as MockSrcFile });
  });

  api.delete(
    remove.url,
    { schema: remove.schema, preValidation: requireAdmin, config: writeLimit },
    async (request, reply) => {
      const name = nameOf(request.params.name);
      const outcome = name ? await deleteMockSrcFile(db, name) : 'not-found';
      if (outcome === 'not-found') {
        return refuse(reply, 404, [{ field: 'name', message: t(request, 'MOCK_SRC_API.NOT_FOUND') }]);
      }
      if (outcome === 'built-in') {
        return refuse(reply, 409, [{ field: 'name', message: t(request, 'MOCK_SRC_API.BUILT_IN') }]);
      }
      return reply.status(204).send(null);
    },
  );
}
