// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@c2p/domain';
import { SHOPPER_TOKEN_KEY } from '../../lib/api-client';
import SignInPanel from './sign-in-panel';
import { openSignIn, useShopper, useSignInPanel } from './shopper-store';
import { initTestI18n, mockFetch, renderWithRouter, sentBody, TEST_SHOPPER } from './test-utils';

vi.mock('../../components/ui/toast', () => ({ notify: vi.fn(async () => undefined) }));

const user = TEST_SHOPPER;

beforeAll(initTestI18n);
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.activatedTool, 'live-tool-cof');
  useShopper.setState({ token: null, user: null, status: 'signed-out' });
  act(() => openSignIn());
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole('dialog');
const visibleForm = (submit: string) => screen.getByRole('button', { name: submit }).closest('form')!;
const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyUp(input, { key: value.slice(-1) || 'Backspace' });
};

function messageOf(input: HTMLElement): string | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text) ?? undefined;
}

describe('sign-in form', () => {
  it('validates on keyup and on blur with the spec wording, tied to the field', () => {
    renderWithRouter(<SignInPanel />);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();

    const email = screen.getByRole('textbox', { name: 'Email' });
    type(email, 'ada@');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(email)).toBe('Email is invalid');
    type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(email)).toBeUndefined();

    const password = within(visibleForm('Sign in')).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.blur(password);
    expect(messageOf(password)).toBe("Password isn't allowed to be less than 5 characters");
  });

  it('does not validate a field merely tabbed into', () => {
    renderWithRouter(<SignInPanel />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.keyUp(email, { key: 'Tab' });
    expect(messageOf(email)).toBeUndefined();
  });

  it('on submit with empty fields shows every message and sends nothing', () => {
    const fetch = mockFetch();
    renderWithRouter(<SignInPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Item 9 of issue 18: an empty field says it is required.
    expect(messageOf(screen.getByRole('textbox', { name: 'Email' }))).toBe('Email is required');
    expect(messageOf(within(visibleForm('Sign in')).getByLabelText('Password'))).toBe('Password is required');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });

  it('shows the first errors.login message of a 422', async () => {
    mockFetch({ status: 422, body: { errors: { login: ['These credentials do not match', 'second'] } } });
    renderWithRouter(<SignInPanel />);
    type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    type(within(visibleForm('Sign in')).getByLabelText('Password'), 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'These credentials do not match',
      'Try again or create a new profile',
    ]);
    expect(useSignInPanel.getState().open).toBe(true);
  });

  it('falls back to the generic message when a failure has none', async () => {
    mockFetch({ status: 500 });
    renderWithRouter(<SignInPanel />);
    type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    type(within(visibleForm('Sign in')).getByLabelText('Password'), 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('signs in with the trimmed email, stores the token, closes with success and follows a safe redirect', async () => {
    act(() => openSignIn({ redirect: '/card-on-file/saved-cards' }));
    const fetch = mockFetch({ status: 200, body: { meta: { token: 'tok-1' }, data: { userData: user } } });
    renderWithRouter(<SignInPanel />);
    type(screen.getByRole('textbox', { name: 'Email' }), '  ada@example.com ');
    type(within(visibleForm('Sign in')).getByLabelText('Password'), 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSignInPanel.getState().closedWith).toBe('success'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/user/login');
    expect(sentBody(fetch)).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(localStorage.getItem(SHOPPER_TOKEN_KEY)).toBe('tok-1');
    expect(useShopper.getState()).toMatchObject({ token: 'tok-1', status: 'signed-in', user });
    // The navigation renders after the panel closes.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/card-on-file/saved-cards'));
  });

  it('ignores an unsafe redirect', async () => {
    act(() => openSignIn({ redirect: '//evil.example/path' }));
    mockFetch({ status: 200, body: { meta: { token: 'tok-1' }, data: { userData: user } } });
    renderWithRouter(<SignInPanel />);
    type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    type(within(visibleForm('Sign in')).getByLabelText('Password'), 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSignInPanel.getState().closedWith).toBe('success'));
    expect(screen.getByTestId('location').textContent).toBe('/products');
  });

  it('is disabled, with an explanation, unless the active tool requires sign-in', () => {
    localStorage.setItem(STORAGE_KEYS.activatedTool, 'live-tool');
    renderWithRouter(<SignInPanel />);
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(visibleForm('Sign in')).getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Create an account' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(visibleForm('Sign in')).getByText(/used by the Card on File demo only/)).toBeTruthy();
  });

  it('has a disabled Remember me and a forgot-password note saying there is no reset', () => {
    renderWithRouter(<SignInPanel />);
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).disabled).toBe(true);
    const forgot = screen.getByRole('button', { name: 'Forgot password?' });
    const note = screen.getByText(/no password reset/);
    expect(forgot.getAttribute('aria-controls')).toBe(note.id);
    expect(note.hidden).toBe(true);
    fireEvent.click(forgot);
    expect(forgot.getAttribute('aria-expanded')).toBe('true');
    expect(note.hidden).toBe(false);
  });

  it('offers guest checkout only at checkout, which closes the panel and goes to /checkout', () => {
    renderWithRouter(<SignInPanel />);
    expect(screen.queryByRole('link', { name: 'Guest checkout' })).toBeNull();
    cleanup();
    act(() => openSignIn({ atCheckout: true }));
    renderWithRouter(<SignInPanel />, '/cart');
    expect(screen.getByText('OR')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Guest checkout' }));
    expect(useSignInPanel.getState()).toMatchObject({ open: false, closedWith: 'dismissed' });
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
  });
});

describe('register form', () => {
  function openRegister() {
    renderWithRouter(<SignInPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeTruthy();
    return visibleForm('Register');
  }

  it('validates names and phone on keyup and blur with the spec wording', () => {
    openRegister();
    const first = screen.getByRole('textbox', { name: 'First name' });
    type(first, 'A');
    expect(messageOf(first)).toBe("First Name isn't allowed to be less than 2 characters");
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.blur(phone);
    expect(messageOf(phone)).toBe('Phone Number is invalid');
    const email = screen.getByRole('textbox', { name: 'Email' });
    type(email, 'nope');
    expect(messageOf(email)).toBe('Email is invalid');
  });

  it('defaults the country code to +1 and moves focus to the first field', () => {
    openRegister();
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement).value).toBe('+1');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
  });

  it('on submit with errors validates every field and sends nothing', () => {
    const fetch = mockFetch();
    const form = openRegister();
    type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    type(screen.getByRole('textbox', { name: 'Phone number' }), '12');
    type(within(form).getByLabelText('Password'), 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(messageOf(screen.getByRole('textbox', { name: 'First name' }))).toBeUndefined();
    // Empty fields are required; wrong values keep the spec's messages.
    expect(messageOf(screen.getByRole('textbox', { name: 'Last name' }))).toBe('Last Name is required');
    expect(messageOf(screen.getByRole('textbox', { name: 'Phone number' }))).toBe('Phone Number is invalid');
    expect(messageOf(screen.getByRole('textbox', { name: 'Email' }))).toBe('Email is required');
    expect(messageOf(within(form).getByLabelText('Password'))).toBe(
      "Password isn't allowed to be less than 5 characters",
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Last name' }));
  });

  function fillValid(form: HTMLElement) {
    type(screen.getByRole('textbox', { name: 'First name' }), ' Ada ');
    type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country code' }), { target: { value: '+44' } });
    type(screen.getByRole('textbox', { name: 'Phone number' }), '2025550143');
    type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com ');
    type(within(form).getByLabelText('Password'), 'secret1');
  }

  it('merges 422 field errors into the form, the first of each list', async () => {
    mockFetch({
      status: 422,
      body: { errors: { email: ['The email has already been taken.', 'another'], lastName: ['Bad last name'] } },
    });
    const form = openRegister();
    fillValid(form);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(messageOf(email)).toBe('The email has already been taken.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(screen.getByRole('textbox', { name: 'Last name' }))).toBe('Bad last name');
    expect(useSignInPanel.getState().open).toBe(true);
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no message for another failure, and stops loading', async () => {
    mockFetch({ status: 500, body: { message: 'boom' } });
    const form = openRegister();
    fillValid(form);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('registers with the spec payload and signs the shopper in', async () => {
    const fetch = mockFetch({ status: 201, body: { meta: { token: 'tok-2' }, data: { userData: user } } });
    const form = openRegister();
    fillValid(form);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(useSignInPanel.getState().closedWith).toBe('success'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/register');
    expect(sentBody(fetch)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+44-2025550143',
      phoneCountryCode: '+44',
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(useShopper.getState()).toMatchObject({ token: 'tok-2', status: 'signed-in' });
    expect((screen.getByRole('textbox', { name: 'First name', hidden: true }) as HTMLInputElement).value).toBe('');
  });

  it('goes back to the sign-in form', () => {
    openRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });
});
