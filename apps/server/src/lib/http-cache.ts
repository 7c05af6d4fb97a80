import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Coding = 'br' | 'gzip' | 'identity';

/** One content coding of a representation: its bytes and its own strong ETag (RFC 9110 8.8.3). */
interface Encoded {
  bytes: Buffer;
  etag: string;
}

/**
 * A JSON body serialised and encoded once, in each coding a browser may take, for answers sent
 * many times (the compression plugin compressed the catalogue again for every request). Routes
 * sending one are registered with `compress: false`; browsers revalidate it (`no-cache`) and get
 * 304 when they hold it.
 */
export type Representation = Record<Coding, Encoded>;

/** Below this, a compressed copy costs the reader more than it saves (the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

export function representationOf(body: unknown): Representation {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const tag = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  const identity = { bytes, etag: `"${tag}"` };
  if (bytes.length < COMPRESS_FROM_BYTES) return { identity, gzip: identity, br: identity };
  return {
    identity,
    gzip: { bytes: gzipSync(bytes, { level: 9 }), etag: `"${tag}-gzip"` },
    br: {
      bytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${tag}-br"`,
    },
  };
}

/** The coding to send for an Accept-Encoding: brotli, else gzip, as its q-values allow; else none. */
export function codingFor(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weightOf = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  vary: string,
): FastifyReply {
  const coding = codingFor(request.headers['accept-encoding']);
  const { bytes, etag } = representation[coding];
  reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', `${vary}, Accept-Encoding`);
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
  ) {
    return reply.status(304).send();
  }
  if (bytes !== representation.identity.bytes) reply.header('content-encoding', coding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}
