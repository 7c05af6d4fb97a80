import type { FastifyInstance } from 'fastify';
import { MOCK_SRC_METHODS, mockSrcAnswer, mockSrcFileErrors, type MockSrcFile } from '@c2p/domain/mock-src';
import { ANYONE } from './route-callers.ts';

/** Answers per caller address and minute: a guided tour makes a dozen calls. */
const ANSWERS_PER_MINUTE = 600;

/**
 * The SRC network entry's "mock endpoint" (issue 15): the mock SDK of the guided tour posts the
 * mock SRC file it runs on, the SDK method and its request, and hears what the file answers:
 * `{ outcome: "resolve", value }` or `{ outcome: "reject", error: { reason, message } }`. It keeps
 * no state: the same file and request always answer the same, which makes a tour reproducible.
 */
export async function mockSrcApiRoutes(app: FastifyInstance): Promise<void> {
  // Refusals in the SDK API's shape, { reason, message }, as the mock SDK reads them.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return reply.status(status).send({ reason: 'INVALID_REQUEST', message: (error as Error).message });
    request.log.error({ err: error }, 'mock SRC endpoint failed');
    return reply.status(500).send({ reason: 'SERVER_ERROR', message: 'Something went wrong in the sandbox' });
  });
  const seen = new Map<string, { count: number; resetAt: number }>();
  app.post('/mock-src/answer', ANYONE, async (request, reply) => {
    const now = Date.now();
    const hits = seen.get(request.ip);
    const window = hits && hits.resetAt > now ? hits : { count: 0, resetAt: now + 60_000 };
    window.count += 1;
    seen.set(request.ip, window);
    if (seen.size > 10_000) seen.clear();
    if (window.count > ANSWERS_PER_MINUTE) {
      return reply.status(429).send({ reason: 'RATE_LIMIT_EXCEEDED', message: 'Too many mock SRC calls' });
    }
    const body = (request.body ?? {}) as { file?: unknown; method?: unknown; params?: unknown };
    if (typeof body.method !== 'string' || !(MOCK_SRC_METHODS as readonly string[]).includes(body.method)) {
      return reply.status(422).send({
        reason: 'INVALID_PARAMETER',
        message: 'method is not a method of the Click to Pay SDK',
        field: 'method',
      });
    }
    const errors = mockSrcFileErrors(body.file);
    if (errors.length > 0) {
      const [first] = errors;
      return reply.status(422).send({
        reason: 'INVALID_PARAMETER',
        message: `file.${first!.field}: ${first!.message}`,
        field: `file.${first!.field}`,
      });
    }
    return reply
      .header('cache-control', 'no-store')
      .send(mockSrcAnswer(body.file as MockSrcFile, body.method, body.params));
  });
}
