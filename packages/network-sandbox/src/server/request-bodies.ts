// The bytes of a request's body as they stream to the parser, for what a signature covers (an OAuth
// body hash, an RFC 9421 Content-Digest): the parsed JSON is not what was signed.
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Lets `watcher` see each body's chunks, for the requests it answers a function for. */
export function watchRequestBodies(
  app: FastifyInstance,
  watcher: (request: FastifyRequest) => ((chunk: Buffer) => void) | undefined,
): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const see = watcher(request);
    if (!see) return payload;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        see(chunk);
        callback(null, chunk);
      },
    });
    pipeline(payload, tee, () => {});
    return tee as unknown as Readable & { receivedEncodedLength?: number };
  });
}
