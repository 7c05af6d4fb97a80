// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { initI18nWith } from '../lib/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { data } from 'react-router';
import { STORAGE_KEYS } from '@c2p/domain';
import en from '@c2p/domain/locales/en-US';
import { ErrorPageBoundary, ErrorPageFailed, ErrorView } from './error-page';

beforeAll(async () => {
  initI18nWith('en-US', en);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('error pages', () => {
  it('shows the not-found wording for a 404', () => {
    render(
      <ErrorView
        error={{ ...data(null, { status: 404 }), status: 404, statusText: 'Not Found', internal: false, data: null }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for can't be found.")).toBeTruthy();
  });

  it('shows the generic wording for any other error, with the home link of the active tool', () => {
    localStorage.setItem(STORAGE_KEYS.activatedTool, 'mock-tool-installments');
    render(<ErrorView error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: 'Sorry, something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/demo/guided-tour/installments',
    );
  });

  it('falls back to its own message when showing the error page fails', () => {
    const Broken = () => {
      throw new Error('the error page itself broke');
    };
    render(
      <ErrorPageBoundary fallback={<ErrorPageFailed />}>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'An error occurred while showing the error page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
  });

  it.each([
    ['mock-tool-installments', '/demo/guided-tour/installments'],
    ['mock-tool', '/demo/guided-tour'],
    ['live-tool', '/home'],
  ])('item 12: when showing the error page fails, the home link follows the %s tool', (tool, home) => {
    localStorage.setItem(STORAGE_KEYS.activatedTool, tool);
    render(<ErrorPageFailed />);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(home);
  });
});
