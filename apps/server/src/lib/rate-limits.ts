import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-errors.ts';
import { t } from './i18n.ts';

/**
 * A route's per-client limit (by IP, behind the trusted proxy) answering 429 JSON
 * `{ statusCode: 429, message }` in the visitor's language, with Retry-After.
 */
export function perIpLimit(max: number, messageKey = 'API.ACCOUNT.TOO_MANY_ATTEMPTS'): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: (request) => new HttpError(429, t(request, messageKey)),
  };
}

/**
 * A second limit keyed by something in the body (e.g. the email being signed in to), checked in
 * a route's handler once the body is parsed: it holds however many addresses the attempts come from.
 */
export function keyedLimit(app: FastifyInstance, max: number, messageKey = 'API.ACCOUNT.TOO_MANY_ATTEMPTS') {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => keys.get(request) ?? request.ip,
  });
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, t(request, messageKey));
    }
  };
}
