// The HTTP contract between the merchant's server and its web app: request and answer schemas of
// every route, registered by the server as Fastify route schemas and read by the web app's client.
export * from './contract.ts';
export * from './openapi.ts';
export * from './products.ts';
export * from './accounts.ts';
export * from './admin.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './mock-src.ts';
export * from './health.ts';
export * from './merchant.ts';
export * from './merchant-cards.ts';
export * from './callers.ts';
export * from './agent-checkout.ts';
