import { useEffect, useRef, type RefObject } from 'react';

/**
 * Listens to a custom element's events (the UI kit's CustomEvents leave its shadow root); the
 * handlers may change between renders without re-subscribing.
 */
export function useElementEvents<E extends HTMLElement>(
  handlers: Record<string, (event: CustomEvent) => void>,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = Object.keys(handlers).join(',');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const subscriptions = names.split(',').map((name) => {
      const listener = (event: Event) => latest.current[name]?.(event as CustomEvent);
      element.addEventListener(name, listener);
      return () => element.removeEventListener(name, listener);
    });
    return () => subscriptions.forEach((unsubscribe) => unsubscribe());
  }, [names]);
  return ref;
}
