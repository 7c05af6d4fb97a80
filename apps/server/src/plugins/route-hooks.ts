import type { FastifyInstance, RouteOptions } from 'fastify';

type RouteHookName = 'preParsing' | 'preValidation';

/**
 * Puts a hook first among the `name` hooks of the routes `wanted` picks, as a hook of the whole
 * app would run, but only there: a hook every request ran cost each route that had no use for it
 * (the products API measured it). Only routes registered after this call are seen.
 */
export function hookRoutes<Name extends RouteHookName>(
  app: FastifyInstance,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H ? (H extends readonly (infer One)[] ? One : H) : never,
  wanted: (route: RouteOptions) => boolean,
): void {
  app.addHook('onRoute', (route) => {
    if (!wanted(route)) return;
    const own = route[name] as unknown;
    const others = own === undefined ? [] : Array.isArray(own) ? own : [own];
    (route as unknown as Record<RouteHookName, unknown[]>)[name] = [hook, ...others];
  });
}
