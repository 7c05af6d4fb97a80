import { create } from 'zustand';
import { ApiError, SHOPPER_TOKEN_KEY, shopperToken } from '../../lib/api-client';
import { accountApi, type RegistrationPayload, type Shopper } from './api';

/**
 * The shopper's session (spec section 4, "Auth"): logged out to logged in on sign-in or registration
 * (token stored, user known), back on logout or when the server no longer knows the token.
 * The token lives in local storage under `_token.local`; components subscribe to this store.
 */
export type ShopperStatus = 'idle' | 'loading' | 'signed-in' | 'signed-out';

interface ShopperState {
  token: string | null;
  user: Shopper | null;
  status: ShopperStatus;
  /** Asks the server who the stored token belongs to; a 401 forgets the token. */
  load(): Promise<void>;
  signIn(email: string, password: string): Promise<Shopper>;
  register(payload: RegistrationPayload): Promise<Shopper>;
  /** Ends the session on the server (errors ignored), then forgets it here. */
  logout(): Promise<void>;
  setUser(user: Shopper): void;
  /** Forgets the session locally, without asking the server. */
  reset(): void;
}

function writeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(SHOPPER_TOKEN_KEY, token);
    else window.localStorage.removeItem(SHOPPER_TOKEN_KEY);
  } catch {
    // Storage unavailable: the session then lasts as long as the page.
  }
}

const initialToken = shopperToken();

export const useShopper = create<ShopperState>((set, get) => ({
  token: initialToken,
  user: null,
  status: initialToken ? 'idle' : 'signed-out',

  async load() {
    const token = shopperToken();
    if (!token) {
      set({ token: null, user: null, status: 'signed-out' });
      return;
    }
    set({ token, status: 'loading' });
    try {
      const user = await accountApi.currentUser();
      if (get().token === token) set({ user, status: 'signed-in' });
    } catch (error) {
      if (get().token !== token) return;
      if (error instanceof ApiError && error.status === 401) get().reset();
      // Any other failure (offline, server down) keeps the token for the next load.
      else set({ user: null, status: 'signed-out' });
    }
  },

  async signIn(email, password) {
    const { meta, data } = await accountApi.login(email, password);
    writeToken(meta.token);
    set({ token: meta.token, user: data.userData, status: 'signed-in' });
    return data.userData;
  },

  async register(payload) {
    const { meta, data } = await accountApi.register(payload);
    writeToken(meta.token);
    set({ token: meta.token, user: data.userData, status: 'signed-in' });
    return data.userData;
  },

  async logout() {
    if (shopperToken()) await accountApi.logout().catch(() => undefined);
    get().reset();
  },

  setUser(user) {
    set({ user });
  },

  reset() {
    writeToken(null);
    set({ token: null, user: null, status: 'signed-out' });
    useSettingsPanel.getState().closeSettings();
  },
}));

export type SignInView = 'sign-in' | 'register';
export type CloseReason = 'success' | 'dismissed';

export interface SignInOptions {
  /** Shows the OR divider and the guest checkout button. */
  atCheckout?: boolean;
  /** Where to go after signing in; used only when it is a safe relative path. */
  redirect?: string;
}

interface SignInPanelState {
  open: boolean;
  atCheckout: boolean;
  redirect?: string;
  view: SignInView;
  /** How the panel last closed, for whoever opened it; null while open or never opened. */
  closedWith: CloseReason | null;
  openSignIn(options?: SignInOptions): void;
  closeSignIn(reason: CloseReason): void;
  showView(view: SignInView): void;
}

/** The sign-in slide-over (spec section 2): open or closed, and which of its two forms shows. */
export const useSignInPanel = create<SignInPanelState>((set) => ({
  open: false,
  atCheckout: false,
  redirect: undefined,
  view: 'sign-in',
  closedWith: null,
  openSignIn: ({ atCheckout = false, redirect } = {}) =>
    set({ open: true, atCheckout, redirect, view: 'sign-in', closedWith: null }),
  closeSignIn: (reason) => set({ open: false, closedWith: reason }),
  showView: (view) => set({ view }),
}));

/** The "show sign-in" event of the spec: anything may open the slide-over. */
export const openSignIn = (options?: SignInOptions) => useSignInPanel.getState().openSignIn(options);
export const closeSignIn = (reason: CloseReason) => useSignInPanel.getState().closeSignIn(reason);

interface SettingsPanelState {
  open: boolean;
  openSettings(): void;
  closeSettings(): void;
}

/** The signed-in shopper's settings slide-over. */
export const useSettingsPanel = create<SettingsPanelState>((set) => ({
  open: false,
  openSettings: () => set({ open: true }),
  closeSettings: () => set({ open: false }),
}));
