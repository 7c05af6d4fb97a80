import type { FastifyInstance } from 'fastify';
import type { OwnOrigins } from '@c2p/network-sandbox';
import { t } from '../lib/i18n.ts';

/**
 * Every request names one of the server's own names in its Host (PUBLIC_BASE_URL and
 * PUBLIC_ALIASES, or the address it listens at), else a clear 421: the Host header is the caller's
 * to choose, so nothing takes it as "our own origin" (a phishing server sending Host: evil.example,
 * a DNS name rebound to us). The health check answers any name, for load balancers that probe by address.
 */
export function registerHostGuard(app: FastifyInstance, origins: OwnOrigins): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (origins.of(request) !== undefined || request.url === '/api/health') return done();
    const names = origins.all().join(', ');
    reply.status(421).send({ statusCode: 421, message: t(request, 'API.HOST.NOT_OURS', { names }) });
  });
}
