import { create } from 'zustand';
import { ADMIN_SESSION_META, DEFAULT_ADMIN_AUTH, type AdminAuth } from '@c2p/domain';
import { adminApi } from './api';

interface AdminState {
  auth: AdminAuth;
  load(): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  logout(): Promise<void>;
}

/** The admin auth record of the spec; everyone starts with the default (role user, loggedIn true). */
export const useAdmin = create<AdminState>((set) => ({
  auth: DEFAULT_ADMIN_AUTH,
  async load() {
    // A page served without the admin cookie has no admin session to ask about.
    if (!document.querySelector(`meta[name="${ADMIN_SESSION_META}"]`)) return;
    set({ auth: await adminApi.session().catch(() => DEFAULT_ADMIN_AUTH) });
  },
  async signIn(email, password) {
    set({ auth: await adminApi.login(email, password) });
  },
  async logout() {
    // The server may already have ended the session; either way the browser forgets it.
    await adminApi.logout().catch(() => undefined);
    set({ auth: DEFAULT_ADMIN_AUTH });
  },
}));

export const selectIsAdmin = (state: AdminState) => state.auth.role === 'admin';
