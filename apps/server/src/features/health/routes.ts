import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@c2p/domain';
import type { DatabaseHandle } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }): Promise<void> {
  app.get('/api/health', async (request, reply) => {
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
