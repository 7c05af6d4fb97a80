import { use, type ComponentType, type ReactElement } from 'react';

/**
 * A route whose page comes with its area's code: the element suspends until the code is there
 * (inside the router's transition, so the current page stays meanwhile), and `lazy` fetches it
 * ahead, for the first render and for the link prefetch.
 */
export function lazyRoute<T>(
  load: () => Promise<T>,
  pick: (area: T) => ComponentType,
): { element: ReactElement; lazy: () => Promise<Record<string, never>> } {
  let Page: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  let failed = false;
  // A failed fetch stays failed for the render (which shows the error page, instead of suspending on
  // a new attempt each time); the prefetch tries again.
  const fetchPage = () =>
    (pending ??= load().then(
      (area) => {
        Page = pick(area);
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    ));

  function LazyPage() {
    if (!Page) use(fetchPage());
    return Page ? <Page /> : null;
  }

  return {
    element: <LazyPage />,
    lazy: async () => {
      if (failed) [pending, failed] = [undefined, false];
      await fetchPage();
      return {};
    },
  };
}
