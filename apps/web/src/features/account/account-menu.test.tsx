// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@c2p/domain';
import { SHOPPER_TOKEN_KEY } from '../../lib/api-client';
import { AccountMenu, openSignIn, SignInPanelHost, useShopper } from './index';
import { useSettingsPanel, useSignInPanel } from './shopper-store';
import { initTestI18n, mockFetch, renderWithRouter, TEST_SHOPPER } from './test-utils';

vi.mock('../../components/ui/toast', () => ({ notify: vi.fn(async () => undefined) }));

const user = TEST_SHOPPER;

beforeAll(initTestI18n);
beforeEach(() => {
  useShopper.setState({ token: null, user: null, status: 'signed-out' });
  useSignInPanel.setState({ open: false, view: 'sign-in', closedWith: null });
  useSettingsPanel.setState({ open: false });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('shopper store', () => {
  it('loads the user of a stored token, sending it with no prefix', async () => {
    localStorage.setItem(SHOPPER_TOKEN_KEY, 'tok-9');
    const fetch = mockFetch({ status: 200, body: { data: user } });
    await useShopper.getState().load();
    expect(useShopper.getState()).toMatchObject({ token: 'tok-9', user, status: 'signed-in' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/session/user');
    expect((init!.headers as Record<string, string>).authorization).toBe('tok-9');
  });

  it('forgets the token when the session is gone (401)', async () => {
    localStorage.setItem(SHOPPER_TOKEN_KEY, 'tok-9');
    mockFetch({ status: 401 });
    await useShopper.getState().load();
    expect(useShopper.getState()).toMatchObject({ token: null, user: null, status: 'signed-out' });
    expect(localStorage.getItem(SHOPPER_TOKEN_KEY)).toBeNull();
  });

  it('logs out locally even when the server call fails', async () => {
    localStorage.setItem(SHOPPER_TOKEN_KEY, 'tok-9');
    useShopper.setState({ token: 'tok-9', user, status: 'signed-in' });
    const fetch = mockFetch({ status: 500 });
    await useShopper.getState().logout();
    expect(fetch.mock.calls[0]![0]).toBe('/api/session/logout');
    expect(useShopper.getState()).toMatchObject({ token: null, user: null, status: 'signed-out' });
    expect(localStorage.getItem(SHOPPER_TOKEN_KEY)).toBeNull();
  });
});

describe('account menu', () => {
  it('offers Sign in to a guest, which opens the panel', () => {
    render(<AccountMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useSignInPanel.getState().open).toBe(true);
  });

  it("shows a signed-in shopper's first name, opening the settings, and Sign out", async () => {
    useShopper.setState({ token: 'tok-9', user, status: 'signed-in' });
    mockFetch({ status: 200, body: { data: null } });
    render(<AccountMenu />);
    const name = screen.getByRole('button', { name: /Ada/ });
    expect(name.textContent).toBe('Ada');
    fireEvent.click(name);
    expect(useSettingsPanel.getState().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    expect(useShopper.getState().status).toBe('signed-out');
  });
});

describe('sign-in panel host', () => {
  it('loads the panel on first open and closes it with the dismissed reason', async () => {
    localStorage.setItem(STORAGE_KEYS.activatedTool, 'live-tool-cof');
    renderWithRouter(<SignInPanelHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openSignIn({ atCheckout: true }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Guest checkout' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useSignInPanel.getState().closedWith).toBe('dismissed');
  });
});

describe('focus after signing in', () => {
  it('continues from the menu once the panel closes on success', async () => {
    localStorage.setItem(STORAGE_KEYS.activatedTool, 'live-tool-cof');
    mockFetch({ status: 200, body: { meta: { token: 'tok-1' }, data: { userData: user } } });
    renderWithRouter(
      <>
        <AccountMenu />
        <SignInPanelHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(dialog.querySelector('input[name="password"]')!, { target: { value: 'secret1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign in' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ada, account settings' }));
  });
});
