import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { LINK_PREFETCH_IDLE_MS } from '@c2p/domain';
import { prefetchLinksWhenIdle } from './link-prefetch';

describe('link prefetch on idle (spec section 9: 2,000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const setup = () => {
    const cart = vi.fn(async () => ({}));
    const layout = vi.fn(async () => ({}));
    const config = vi.fn(async () => ({}));
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { lazy: layout, children: [{ path: 'cart', lazy: cart }] },
          { path: 'srci/config', lazy: config },
        ],
      },
    ];
    document.body.innerHTML = '<a href="/cart?x=1">Cart</a><a href="https://example.com/srci/config">out</a>';
    return { routes, cart, layout, config };
  };

  it("fetches the code of the page's links' routes only after 2 s of idle, once", async () => {
    const { routes, cart, layout, config } = setup();
    const run = (fn: () => void) => fn();
    prefetchLinksWhenIdle(routes, document, { idle: run });
    vi.advanceTimersByTime(LINK_PREFETCH_IDLE_MS - 1);
    expect(cart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cart).toHaveBeenCalledTimes(1);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(config).not.toHaveBeenCalled();
    prefetchLinksWhenIdle(routes, document, { idle: run });
    vi.advanceTimersByTime(LINK_PREFETCH_IDLE_MS);
    expect(cart).toHaveBeenCalledTimes(1);
  });

  it('leaves out a route that opts out (the component pages)', () => {
    const components = vi.fn(async () => ({}));
    const routes: RouteObject[] = [{ path: '/components', handle: { prefetch: false }, lazy: components }];
    document.body.innerHTML = '<a href="/components">Components</a>';
    prefetchLinksWhenIdle(routes, document, { idle: (fn) => fn() });
    vi.advanceTimersByTime(LINK_PREFETCH_IDLE_MS);
    expect(components).not.toHaveBeenCalled();
  });

  it('a navigation before the 2 s cancels the prefetch', () => {
    const { routes, cart } = setup();
    const cancel = prefetchLinksWhenIdle(routes, document, { idle: (fn) => fn() });
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(cart).not.toHaveBeenCalled();
  });
});
