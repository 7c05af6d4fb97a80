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
  const fetchPage = () =>
    (pending ??= load().then(
      (area) => {
        Page = pick(area);
      },
      (error: unknown) => {
        pending = undefined;
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
      await fetchPage();
      return {};
    },
  };
}
