import { matchRoutes, type RouteObject } from 'react-router';
import { LINK_PREFETCH_IDLE_MS } from '@c2p/domain';

type Idle = (run: () => void) => void;
const whenIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run());
  else setTimeout(run, 0);
};

/**
 * Spec section 9, link prefetch on idle after 2,000 ms: once a page has been still that long, the
 * code of the routes its links lead to is fetched, so the next click shows the page at once.
 * Each route's code is fetched once. Returns a function that cancels the pending prefetch.
 */
export function prefetchLinksWhenIdle(
  routes: RouteObject[],
  root: ParentNode = document,
  { delayMs = LINK_PREFETCH_IDLE_MS, idle = whenIdle }: { delayMs?: number; idle?: Idle } = {},
): () => void {
  const timer = window.setTimeout(
    () =>
      idle(() => {
        for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
          const href = link.getAttribute('href')!;
          if (href.startsWith('//') || href.startsWith('/sandbox') || href.startsWith('/api')) continue;
          for (const { route } of matchRoutes(routes, href.split(/[?#]/)[0]!) ?? []) prefetchRoute(route);
        }
      }),
    delayMs,
  );
  return () => window.clearTimeout(timer);
}

const fetched = new WeakSet<RouteObject>();

function prefetchRoute(route: RouteObject): void {
  if (typeof route.lazy !== 'function' || fetched.has(route)) return;
  // A route may opt out (handle.prefetch false): the component pages' code stays on those pages (issue 17).
  if ((route.handle as { prefetch?: boolean } | undefined)?.prefetch === false) return;
  fetched.add(route);
  // The browser keeps the module: when the router asks for it on the click, it is already there.
  void Promise.resolve(route.lazy()).catch(() => fetched.delete(route));
}
