import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@c2p/domain';
import { healthApi } from '@c2p/domain/api';
import type { DatabaseHandle } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }): Promise<void> {
  const { health } = healthApi;
  app.withTypeProvider<ZodTypeProvider>().get(health.url, { schema: health.schema }, async (request, reply) => {
    let state: 'up' | 'down' = 'up';
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database ping failed');
      state = 'down';
    }
    return reply.status(state === 'up' ? 200 : 503).send({
      status: state === 'up' ? 'ok' : 'degraded',
      version: APP_VERSION,
      database: { driver: database.driver, state },
    });
  });
}
