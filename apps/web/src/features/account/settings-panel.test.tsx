// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPanel from './settings-panel';
import { useSettingsPanel, useShopper } from './shopper-store';
import { initTestI18n, mockFetch, renderWithRouter, sentBody, TEST_SHOPPER } from './test-utils';

vi.mock('../../components/ui/toast', () => ({ notify: vi.fn(async () => undefined) }));

const user = TEST_SHOPPER;
const address = {
  id: 'b7f5c9a0-7d0e-4f57-9a0b-000000000003',
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress1: '1 Main St',
  streetAddress2: '',
  city: 'Austin',
  state: 'TX',
  country: 'US',
  zipCode: '78701',
};

beforeAll(initTestI18n);
beforeEach(() => {
  useShopper.setState({ token: 'tok', user, status: 'signed-in' });
  useSettingsPanel.setState({ open: true });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .find((text) => text && input.getAttribute('aria-invalid'));

describe('settings area', () => {
  it('lists the order history with date, item count and total in the locale', async () => {
    mockFetch({
      status: 200,
      body: {
        data: [
          {
            orderNumber: 'C2P-1001',
            createdAt: '2026-02-03T10:00:00.000Z',
            payment: { method: 'card', brand: 'mastercard', lastFour: '8785' },
            items: [
              { id: 1, slug: 'a', name: 'A', image: '', price: 10, count: 2, lineTotal: 20 },
              { id: 2, slug: 'b', name: 'B', image: '', price: 5.5, count: 1, lineTotal: 5.5 },
            ],
            subtotal: 25.5,
            discount: 0,
            shipping: 0,
            total: 25.5,
            currency: 'USD',
            promoCode: null,
            contact: { type: 'email', email: 'ada@example.com' },
            shippingAddress: address,
            billingAddress: address,
          },
        ],
      },
    });
    renderWithRouter(<SettingsPanel />);
    expect(screen.getByRole('dialog', { name: 'My account' })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: 'C2P-1001' })).closest('tr')!;
    expect(within(row).getByText('Feb 3, 2026')).toBeTruthy();
    expect(within(row).getByText('3 items')).toBeTruthy();
    expect(within(row).getByText('$25.50')).toBeTruthy();
  });

  it('moves between sections with the arrow keys', () => {
    mockFetch({ status: 200, body: { data: [] } }, { status: 200, body: { data: [] } });
    renderWithRouter(<SettingsPanel />);
    const orders = screen.getByRole('tab', { name: 'Order history' });
    expect(orders.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(orders, { key: 'ArrowDown' });
    const profile = screen.getByRole('tab', { name: 'Personal info' });
    expect(profile.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(profile);
    expect(screen.getByRole('tabpanel', { name: 'Personal info' })).toBeTruthy();
    fireEvent.keyDown(profile, { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Order history' }), { key: 'ArrowUp' });
    expect(screen.getByRole('tab', { name: 'Communication preferences' }).getAttribute('aria-selected')).toBe('true');
  });

  it('saves personal info after validating it, and updates the shopper', async () => {
    const fetch = mockFetch(
      { status: 200, body: { data: [] } },
      { status: 200, body: { data: { ...user, firstName: 'Augusta' } } },
    );
    renderWithRouter(<SettingsPanel />);
    fireEvent.click(screen.getByRole('tab', { name: 'Personal info' }));
    const first = screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('2025550143');
    fireEvent.change(first, { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(messageOf(first)).toBe("First Name isn't allowed to be less than 2 characters");
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    fireEvent.change(first, { target: { value: ' Augusta ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(useShopper.getState().user?.firstName).toBe('Augusta'));
    expect(sentBody(fetch, 1)).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phoneCountryCode: '+1',
      phoneNumber: '+1-2025550143',
    });
    expect(fetch.mock.calls[1]![1]?.method).toBe('PATCH');
  });

  it('lists, adds (validated) and deletes shipping addresses', async () => {
    const saved = {
      ...address,
      id: 'b7f5c9a0-7d0e-4f57-9a0b-000000000004',
      streetAddress1: '2 Oak Ave',
      city: 'Paris',
      state: 'IDF',
      country: 'FR',
    };
    const fetch = mockFetch(
      { status: 200, body: { data: [] } },
      { status: 200, body: { data: [address] } },
      { status: 200, body: { data: saved } },
      { status: 200, body: { data: null } },
    );
    renderWithRouter(<SettingsPanel />);
    fireEvent.click(screen.getByRole('tab', { name: 'Shipping addresses' }));
    expect(await screen.findByText(/1 Main St, Austin, TX, 78701/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(messageOf(within(form).getByRole('textbox', { name: 'Street address' }))).toBe('Street Address is required');
    expect(fetch).toHaveBeenCalledTimes(2);

    const fill = (name: string, value: string) =>
      fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill('Street address', '2 Oak Ave');
    fill('City', 'Paris');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), { target: { value: 'FR' } });
    fill('State', 'IDF');
    fill('Zip code', '75001');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(/2 Oak Ave, Paris/)).toBeTruthy();
    expect(sentBody(fetch, 2)).toMatchObject({ streetAddress1: '2 Oak Ave', country: 'FR', zipCode: '75001' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete the address 1 Main St' }));
    await waitFor(() => expect(screen.queryByText(/1 Main St/)).toBeNull());
    expect(fetch.mock.calls[3]![0]).toBe('/api/session/addresses/b7f5c9a0-7d0e-4f57-9a0b-000000000003');
  });

  it('shows a wrong current password (422) by its field', async () => {
    mockFetch(
      { status: 200, body: { data: [] } },
      { status: 422, body: { errors: { currentPassword: ['The current password is incorrect'] } } },
    );
    renderWithRouter(<SettingsPanel />);
    fireEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    const panel = screen.getByRole('tabpanel');
    const current = within(panel).getByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'wrong-one' } });
    fireEvent.change(within(panel).getByLabelText('New password'), { target: { value: 'new-secret' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messageOf(current)).toBe('The current password is incorrect'));
  });

  it('saves communication preferences', async () => {
    const fetch = mockFetch(
      { status: 200, body: { data: [] } },
      { status: 200, body: { data: { emailOffers: false, smsOffers: false, orderUpdates: true } } },
      { status: 200, body: { data: { emailOffers: true, smsOffers: false, orderUpdates: true } } },
    );
    renderWithRouter(<SettingsPanel />);
    fireEvent.click(screen.getByRole('tab', { name: 'Communication preferences' }));
    const email = (await screen.findByRole('checkbox', { name: 'Offers and news, by email' })) as HTMLInputElement;
    expect(email.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'My orders and deliveries' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(email);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(sentBody(fetch, 2)).toEqual({ emailOffers: true, smsOffers: false, orderUpdates: true });
  });

  it('signs out from the settings area', async () => {
    mockFetch({ status: 200, body: { data: [] } }, { status: 200, body: { data: null } });
    renderWithRouter(<SettingsPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(useShopper.getState().status).toBe('signed-out'));
    expect(useSettingsPanel.getState().open).toBe(false);
  });

  it('forgets the session when a section answers 401', async () => {
    mockFetch({ status: 401 });
    renderWithRouter(<SettingsPanel />);
    await waitFor(() => expect(useShopper.getState().status).toBe('signed-out'));
  });
});
