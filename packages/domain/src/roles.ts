export type Role = 'admin' | 'user';

/** The admin auth record of spec section 3. Everyone who has not signed in as admin gets the default. */
export interface AdminAuth {
  user: { email: string } | null;
  role: Role;
  loggedIn: boolean;
}

export const DEFAULT_ADMIN_AUTH: AdminAuth = { user: null, role: 'user', loggedIn: true };
