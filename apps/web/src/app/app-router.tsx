import { useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router } from 'react-router';
import { RouteLoading } from '../lib/route-loading';
import { createRuledHistory, type HistoryUpdate } from './ruled-history';

/**
 * The app's router in declarative mode: each move renders inside a transition, so a page whose
 * lazy code is still on its way keeps the current one on screen instead of a Suspense fallback.
 */
export function AppRouter({
  history,
  children,
}: {
  history: ReturnType<typeof createRuledHistory>;
  children: ReactNode;
}) {
  const [state, setState] = useState<HistoryUpdate>({ action: history.action, location: history.location });
  const [loading, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);

  return (
    <RouteLoading.Provider value={loading}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </RouteLoading.Provider>
  );
}
