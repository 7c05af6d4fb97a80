import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a JSON body that browsers must revalidate (`no-cache`) with a strong ETag, and answers
 * 304 with no body when the client already has this exact representation. `vary` names the
 * request headers the body depends on.
 */
export function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  vary: string,
): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', vary);
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
  ) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
