// CORS for the SDK's internal API (/sandbox/api): the SDK runs in merchant pages on other origins.
// The preflight is answered for any origin (it only asks permission to send); every real call is
// then checked against the DPA's allow-list before it does anything (see origins.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sandboxSdkSessions } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';
import { SdkError } from './errors.ts';
import { sha256 } from './keys.ts';
import { assertOriginAllowed, exactOrigin, requestOrigin } from './origins.ts';
import { asObject, nonEmptyString } from './util.ts';

const SESSION_HEADER = 'x-sandbox-session';

/** The page's origin when it is not the sandbox's own (same-origin and server calls pass as they are). */
function foreignOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin.toLowerCase() === requestOrigin(request)) return undefined;
  return origin;
}

export function sdkApiCors(api: FastifyInstance, db: SandboxDatabase): void {
  api.options('/api/*', (request, reply) => {
    const origin = exactOrigin(request.headers.origin);
    if (origin) {
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', `content-type, ${SESSION_HEADER}`)
        .header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });

  api.addHook('preHandler', async (request) => {
    if (request.method === 'OPTIONS') return;
    const origin = foreignOrigin(request);
    if (origin === undefined) return;
    const refuse = () => {
      throw new SdkError(403, 'AUTH_ERROR', `The origin ${origin} may not call ${request.routeOptions.url ?? ''}`);
    };
    if (!exactOrigin(origin)) refuse();
    let srcDpaId: string | undefined;
    if (request.routeOptions.url?.endsWith('/api/init')) {
      srcDpaId = nonEmptyString(asObject(request.body).srcDpaId);
      if (!srcDpaId) return; // init itself answers INVALID_PARAMETER
    } else {
      const token = request.headers[SESSION_HEADER];
      // The DCF's own calls are same-origin; a foreign page must hold a session.
      if (typeof token !== 'string' || token === '') return refuse();
      const [session] = await db
        .select({ srcDpaId: sandboxSdkSessions.srcDpaId })
        .from(sandboxSdkSessions)
        .where(eq(sandboxSdkSessions.tokenHash, sha256(token)));
      if (!session) return; // the route answers the unknown session
      srcDpaId = session.srcDpaId;
    }
    await assertOriginAllowed(db, srcDpaId, origin);
  });

  // Every answer to a page on another origin names it, errors included, so the SDK can read the
  // reason; whether the call was allowed to do anything was decided above.
  api.addHook('onSend', async (request, reply) => {
    const origin = foreignOrigin(request);
    if (origin === undefined || !exactOrigin(origin)) return;
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true')
      .header('vary', 'Origin');
  });
}
