import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentedRoute, RouteSchema } from '@c2p/domain/api';
import { hookRoutes } from './route-hooks.ts';

/** The app as routes register on it: requests and answers typed from their zod schemas. */
export type ZodApi = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Route schemas are the shared zod schemas (@c2p/domain/api): requests are validated with them
 * (a refusal is mapped to the translated 422 by the error plugin) and answers are checked and
 * serialised through them, so no answer carries a field its schema does not name. Returns the
 * list of registered routes, filled as routes are added, for the OpenAPI documents.
 */
export function registerRouteSchemas(app: FastifyInstance): DocumentedRoute[] {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema as RouteSchema | undefined });
  });
  // A request without a body is checked as an empty object, so each missing field is named.
  hookRoutes(
    app,
    'preValidation',
    async (request) => {
      if (request.body === undefined) request.body = {};
    },
    (route) => route.schema?.body !== undefined,
  );
  return routes;
}
