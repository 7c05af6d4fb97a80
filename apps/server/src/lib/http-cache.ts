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
  return sendRepresentation(request, reply, representationOf(body), vary);
}

/** A JSON body serialised and encoded once, with its strong ETag, for answers sent many times. */
export interface Representation {
  /** The JSON's UTF-8 bytes: sent as they are, so no answer encodes the text again. */
  bytes: Buffer;
  etag: string;
}

export function representationOf(body: unknown): Representation {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  { bytes, etag }: Representation,
  vary: string,
): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', vary);
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
  ) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(bytes);
}
