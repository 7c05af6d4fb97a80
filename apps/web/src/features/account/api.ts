import type { Address, Order } from '@c2p/domain';
import { api } from '../../lib/api-client';

/** The signed-in shopper as the server answers it. */
export interface Shopper {
  id: string | number;
  firstName: string;
  lastName: string;
  email: string;
  /** The national number (the server also accepts "<country code>-<number>" on the way in). */
  phoneNumber: string;
  phoneCountryCode: string;
}

export interface RegistrationPayload {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneCountryCode: string;
  email: string;
  password: string;
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  phoneCountryCode: string;
  phoneNumber: string;
}

export interface Preferences {
  emailOffers: boolean;
  smsOffers: boolean;
  orderUpdates: boolean;
}

export type SavedAddress = Address & { id: string | number };

interface AuthResponse {
  meta: { token: string };
  data: { userData: Shopper };
}

const data = async <T>(request: Promise<{ data: T }>) => (await request).data;

/** The shopper's calls (spec section 7); the api client sends the stored token as Authorization. */
export const accountApi = {
  login: (email: string, password: string) =>
    api<AuthResponse>('/api/auth/user/login', { method: 'POST', body: { email, password } }),
  register: (payload: RegistrationPayload) =>
    api<AuthResponse>('/api/auth/register', { method: 'POST', body: payload }),
  currentUser: () => data(api<{ data: Shopper }>('/api/session/user')),
  logout: () => api<unknown>('/api/session/logout', { method: 'POST' }),
  updateProfile: (update: ProfileUpdate) =>
    data(api<{ data: Shopper }>('/api/session/user', { method: 'PATCH', body: update })),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>('/api/session/password', { method: 'POST', body: { currentPassword, newPassword } }),
  preferences: () => data(api<{ data: Preferences }>('/api/session/preferences')),
  savePreferences: (preferences: Preferences) =>
    data(api<{ data: Preferences }>('/api/session/preferences', { method: 'PUT', body: preferences })),
  addresses: () => data(api<{ data: SavedAddress[] }>('/api/session/addresses')),
  addAddress: (address: Address) =>
    data(api<{ data: SavedAddress }>('/api/session/addresses', { method: 'POST', body: address })),
  deleteAddress: (id: string | number) =>
    api<unknown>(`/api/session/addresses/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
  orders: () => data(api<{ data: Order[] }>('/api/orders')),
};
