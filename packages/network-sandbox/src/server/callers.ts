// Who may call each route, declared once per route (`config: { callers: [...] }`) and checked by one
// guard per caller before the route runs (at preValidation: after the body is read, which a
// signature covers, before any input is checked). A route that declares no caller does not start.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { CALLER_NAMES, callersOfSecurity, isCaller, type Caller, type RouteSchema } from '@c2p/domain/api';

export interface CallerGuard {
  /** The request carries this caller's credential (valid or not). */
  presented(request: FastifyRequest): boolean;
  /** Checks the credential and keeps what it proved on the request; throws the caller's refusal. */
  check(request: FastifyRequest): Promise<void>;
}

/** The guards of the callers other than `anyone`, filled by the shop and by the sandbox it mounts. */
export type CallerGuards = Partial<Record<Exclude<Caller, 'anyone'>, CallerGuard>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (docs: SECURITY.md, "The trust model"). */
    callers?: readonly Caller[];
  }
  interface FastifyInstance {
    /** Every route guarded here and the callers it declares (SECURITY.md, "The trust model"). */
    routeCallers: readonly DeclaredRoute[];
  }
}

/**
 * The callers a route declares: its `config.callers`, else those its documented contract's
 * `security` admits. Throws for a route that declares none, or a name that is no caller.
 */
export function declaredCallers(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): readonly Caller[] {
  const callers =
    (route.config as { callers?: unknown } | undefined)?.callers ??
    callersOfSecurity((route.schema as RouteSchema | undefined)?.security);
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  if (!Array.isArray(callers) || callers.length === 0) {
    throw new Error(`${name} declares no callers: add config.callers (one of ${CALLER_NAMES.join(', ')})`);
  }
  const unknown = callers.find((caller) => !isCaller(caller));
  if (unknown !== undefined) throw new Error(`${name} declares an unknown caller: ${String(unknown)}`);
  return callers as Caller[];
}

/** A route and the callers it declares: the table SECURITY.md's trust model describes and a test walks. */
export interface DeclaredRoute {
  method: string;
  url: string;
  callers: readonly Caller[];
}

/**
 * Adds a mounted plugin's guards (`own`, for its routes under `prefix`) to the host's table. Where
 * both guard one caller (an agent signs its requests to the shop and to the network, and each
 * checks them against its own records), each guards its own routes.
 */
export function addGuards(host: CallerGuards, own: CallerGuards, prefix: string): void {
  const ownRoute = (request: FastifyRequest) => (request.routeOptions.url ?? '').startsWith(`${prefix}/`);
  for (const [caller, guard] of Object.entries(own) as [keyof CallerGuards, CallerGuard][]) {
    const theirs = host[caller];
    host[caller] =
      theirs === undefined
        ? guard
        : {
            presented: (request) => (ownRoute(request) ? guard : theirs).presented(request),
            check: (request) => (ownRoute(request) ? guard : theirs).check(request),
          };
  }
}

/**
 * Every route registered on `app` after this call declares its callers, and gets the guard of
 * those it serves; `guards` may be filled later (before the first request), by plugins that know
 * their own callers. A route serving `anyone` needs no guard. The table of declared routes,
 * filled as they register, is `app.routeCallers`.
 */
export function guardRoutesByCaller(app: FastifyInstance, guards: CallerGuards): void {
  const served = new Set<Exclude<Caller, 'anyone'>>();
  const table: DeclaredRoute[] = [];
  app.decorate('routeCallers', table);
  app.addHook('onRoute', (route) => {
    const callers = declaredCallers(route);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, callers });
    if (callers.includes('anyone')) return;
    const kinds = callers as Exclude<Caller, 'anyone'>[];
    for (const caller of kinds) served.add(caller);
    const guard = async (request: FastifyRequest) => {
      const known = kinds.map((caller) => guards[caller]!);
      // The credential the request presents decides; without any, the first caller's refusal.
      await (known.find((candidate) => candidate.presented(request)) ?? known[0]!).check(request);
    };
    const own = route.preValidation;
    route.preValidation = [guard, ...(own === undefined ? [] : [own].flat())];
  });
  app.addHook('onReady', async () => {
    const unguarded = [...served].filter((caller) => !guards[caller]);
    if (unguarded.length > 0) throw new Error(`Routes serve callers no guard checks: ${unguarded.join(', ')}`);
  });
}
