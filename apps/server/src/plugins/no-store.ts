import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/** The merchant API: its answers carry shoppers' profiles, orders, addresses, cards and sessions. */
const MERCHANT_API = '/api/';

/** Set before the handler, so that a route with a caching policy of its own (the products) replaces it. */
const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

/**
 * No cache, shared or the browser's, keeps an answer of the merchant API unless its route says
 * otherwise: a route is private by default, so that a new route with a shopper's data cannot be
 * forgotten. Only routes registered after this call are seen.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(MERCHANT_API)) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [noStore] : [noStore, ...(Array.isArray(own) ? own : [own])];
  });
}
