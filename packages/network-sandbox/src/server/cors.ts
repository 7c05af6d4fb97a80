// CORS for the SDK's internal API (/sandbox/api): the SDK runs in merchant pages on other origins.
// The preflight is answered for any origin (it only asks permission to send); every real call is
// then checked by its caller's guard (caller-guards.ts: a session's page must be one its DPA allows)
// or, for init, against the DPA's allow-list, before it does anything.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANYONE } from './route-callers.ts';
import { exactOrigin, type OwnOrigins } from './origins.ts';
import { SESSION_HEADER } from './sdk-api/context.ts';

export function sdkApiCors(api: FastifyInstance, origins: OwnOrigins): void {
  /** The page's origin when it is a plain one and not the sandbox's own. */
  const foreignOrigin = (request: FastifyRequest) => {
    const origin = exactOrigin(request.headers.origin);
    return origin === undefined || origins.isOwn(origin) ? undefined : origin;
  };

  api.options('/api/*', ANYONE, (request, reply) => {
    if (exactOrigin(request.headers.origin)) {
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', `content-type, ${SESSION_HEADER}`)
        .header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });

  // Every answer to a page on another origin names it, errors included, so the SDK can read the
  // reason; whether the call was allowed to do anything was decided before it ran.
  api.addHook('onSend', async (request, reply) => {
    const origin = foreignOrigin(request);
    if (origin === undefined) return;
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true')
      .header('vary', 'Origin');
  });
}
