import { Suspense, useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation } from 'react-router';
import { CookieNotice } from '../components/layout/cookie-notice';
import { Footer } from '../components/layout/footer';
import { NotSupported } from '../components/layout/not-supported';
import { TopBar } from '../components/layout/top-bar';
import { AdminControls } from '../features/admin';
import { Loader } from '../components/ui/loader';
import { ProgressBar } from '../components/ui/progress-bar';
import { ToasterHost } from '../components/ui/toaster-host';
import { ErrorView, RouteErrorPage } from './error-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { useNavigationRules } from './use-navigation-rules';

// The sign-in and home pages wear the dark header and footer (spec section 2).
const DARK_CHROME_PATHS = ['/sign-in', '/home'];

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useNavigationRules();
  const title = t('APP.TITLE');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const path = pathname.replace(/\/+$/, '') || '/';
  const scheme = DARK_CHROME_PATHS.includes(path) ? 'dark' : 'light';

  return (
    <>
      <div className="app" data-chrome={scheme}>
        <a className="skip-link" href="#main">
          {t('APP.SKIP_TO_CONTENT')}
        </a>
        <ProgressBar />
        <TopBar adminControls={<AdminControls />} />
        <Suspense
          fallback={
            <div className="route-fallback">
              <Loader />
            </div>
          }
        >
          <RouteErrorBoundary resetKey={pathname} fallback={(error) => <RouteErrorPage error={error} />}>
            <Outlet />
          </RouteErrorBoundary>
        </Suspense>
        <Footer showCopyright={path === '/srci/config'} />
        <CookieNotice />
        <ToasterHost />
      </div>
      <NotSupported />
    </>
  );
}

/** When the layout itself fails, show the error without it. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" className="main main--error">
      <ErrorView error={error} />
    </main>
  );
}
