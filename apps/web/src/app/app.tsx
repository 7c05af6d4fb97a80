import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary';
import { RootErrorPage } from './root-layout';
import { routes } from './router';

/** The routes, with the page that shows when the layout itself fails. */
export function App() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <RootErrorPage error={error} />}>
      {useRoutes(routes)}
    </RouteErrorBoundary>
  );
}
