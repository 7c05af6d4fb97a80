import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isRouteErrorResponse, matchRoutes } from 'react-router';
import { App } from './app/app';
import { AppRouter } from './app/app-router';
import { createRuledHistory } from './app/ruled-history';
import { routes } from './app/router';
import { Loader } from './components/ui/loader';
import { prefetchLinksWhenIdle } from './lib/link-prefetch';
import { useAdmin } from './features/admin/store';
import { apiLog } from './features/api-log';
import { registerCallLog } from './lib/click-to-pay/call-log';
import { initI18n } from './lib/i18n';
import './styles/global.css';

// Spec section 2: every navigation starts at the top, Back and Forward included.
window.history.scrollRestoration = 'manual';

// The Click to Pay client (lib) reports its calls to the API log (a feature) without importing it.
registerCallLog(apiLog);
void useAdmin.getState().load();
await initI18n();

const root = createRoot(document.getElementById('root')!, {
  // A 404 thrown by a route is the not-found page, not an error to report.
  onCaughtError: (error) => {
    if (!isRouteErrorResponse(error)) console.error(error);
  },
});
// The first page shows once its code is there, with a loader until then. Not awaited here: the
// pages' chunks import this module's, which must have finished running for them to load.
root.render(<Loader />);
const history = createRuledHistory();
const firstPage = (matchRoutes(routes, history.location) ?? []).map(({ route }) =>
  (route.lazy as (() => unknown) | undefined)?.(),
);
void Promise.allSettled(firstPage).then(() => {
  root.render(
    <StrictMode>
      <AppRouter history={history}>
        <App />
      </AppRouter>
    </StrictMode>,
  );
  // Spec section 9: each page's links get their code once the page has been idle for 2 s.
  let cancelPrefetch = prefetchLinksWhenIdle(routes);
  history.listen(() => {
    cancelPrefetch();
    cancelPrefetch = prefetchLinksWhenIdle(routes);
  });
});
