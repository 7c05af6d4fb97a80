import { i18n, useTranslation } from '../lib/i18n';
import { Component, useState, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { homePathForTool } from '@c2p/domain';
import { activeTool } from '../lib/active-tool';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload';

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // A chunk of an older release is gone: the router has already moved to the new address, so a
  // reload fetches the page that was asked for, with the current release's files.
  const [chunkReloading] = useState(() => isChunkLoadError(error) && reloadForChunkError());
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const home = homePathForTool(activeTool());
  if (!notFound && !chunkReloading) console.error(error);

  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{t(notFound ? 'ERRORS.NOT_FOUND_TITLE' : 'ERRORS.GENERIC_TITLE')}</h1>
      <p>{t(notFound ? 'ERRORS.NOT_FOUND_TEXT' : chunkReloading ? 'ERRORS.CHUNK_RELOADING' : 'ERRORS.GENERIC_TEXT')}</p>
      {/* A plain link: after an error the router itself may be what is broken. */}
      <a className="button button--primary" href={home}>
        {t('ERRORS.GO_HOME')}
      </a>
    </section>
  );
}

/** Last line of defence: if showing the error page fails too, show this instead. */
export class ErrorPageBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The error page failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function ErrorPageFailed() {
  // Without hooks, and with English when translation itself is what failed.
  const text = (key: string, english: string) => {
    try {
      return i18n.isInitialized ? i18n.t(key, { defaultValue: english }) : english;
    } catch {
      return english;
    }
  };
  let home = '/home';
  try {
    home = homePathForTool(activeTool());
  } catch {
    // Storage itself failing leaves the live tool's home.
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{text('ERRORS.ERROR_PAGE_FAILED', 'An error occurred while showing the error page')}</h1>
      <a className="button button--primary" href={home}>
        {text('ERRORS.GO_HOME', 'Go to the home page')}
      </a>
    </section>
  );
}

export function ErrorView({ error }: { error: unknown }) {
  return (
    <ErrorPageBoundary fallback={<ErrorPageFailed />}>
      <ErrorContent error={error} />
    </ErrorPageBoundary>
  );
}

/** An address the routes match but that names nothing; thrown, it shows the 404 page. */
export const NOT_FOUND = { status: 404, statusText: 'Not Found', internal: false, data: null };

/** The 404 page, for an address the router matches but that names nothing (an unknown product). */
export function NotFoundPage() {
  return (
    <main id="main" tabIndex={-1} className="main main--error">
      <ErrorView error={NOT_FOUND} />
    </main>
  );
}

/** What the routes inside the app layout show when they fail. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" tabIndex={-1} className="main main--error">
      <ErrorView error={error} />
    </main>
  );
}
