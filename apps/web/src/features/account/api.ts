import type { Address } from '@c2p/domain';
import type { accountsApi, Preferences, SavedAddress, ShopUser, SuccessOf } from '@c2p/domain/api';
import { callApi, routesOf } from '../../lib/api-client';

const routes = routesOf('accountsApi');
const ordersApi = routesOf('ordersApi');

/** The signed-in shopper as the server answers it (the API contract's type). */
export type Shopper = ShopUser;

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

export type { Preferences, SavedAddress };

type AuthResponse = SuccessOf<typeof accountsApi.login>;

const data = async <T>(request: Promise<{ data: T }>) => (await request).data;

/** The shopper's calls (spec section 7); the api client sends the stored token as Authorization. */
export const accountApi = {
  login: (email: string, password: string): Promise<AuthResponse> =>
    callApi(routes.login, { body: { email, password } }),
  register: (payload: RegistrationPayload): Promise<AuthResponse> => callApi(routes.register, { body: payload }),
  currentUser: () => data(callApi(routes.currentUser)),
  logout: () => callApi(routes.logout),
  updateProfile: (update: ProfileUpdate) => data(callApi(routes.updateUser, { body: update })),
  changePassword: (currentPassword: string, newPassword: string) =>
    callApi(routes.password, { body: { currentPassword, newPassword } }),
  preferences: () => data(callApi(routes.preferences)),
  savePreferences: (preferences: Preferences) => data(callApi(routes.savePreferences, { body: preferences })),
  addresses: () => data(callApi(routes.addresses)),
  addAddress: (address: Address) => data(callApi(routes.addAddress, { body: address })),
  deleteAddress: (id: string) =>
    callApi(routes.deleteAddress, { path: `/api/session/addresses/${encodeURIComponent(id)}` }),
  orders: () => data(callApi(ordersApi.history)),
};
