import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** The built web app; without it only the API is served (API tests). */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({ database, webDistDir, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT_BYTES, trustProxy: true });
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });

  await app.register(healthRoutes, { database });
  await app.register(adminRoutes, { db: database.db });

  if (webDistDir) {
    await registerWebApp(app, webDistDir);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send({ statusCode: 404, message: `No such path: ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}
