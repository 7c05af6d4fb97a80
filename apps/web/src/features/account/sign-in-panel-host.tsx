import { lazy, Suspense, useEffect } from 'react';
import { SHOPPER_TOKEN_KEY } from '../../lib/api-client';
import { loadShopPagesMessages } from '../../lib/i18n';
import { useSettingsPanel, useShopper, useSignInPanel } from './shopper-store';

// The panels and their forms are fetched on first open, with the forms' messages (the shop pages'),
// so the first page's JavaScript stays small.
const withShopPagesMessages =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadShopPagesMessages()]))[0];
const SignInPanel = lazy(withShopPagesMessages(() => import('./sign-in-panel')));
const SettingsPanel = lazy(withShopPagesMessages(() => import('./settings-panel')));

/**
 * Mounted once in the store layout: renders the sign-in slide-over and the settings slide-over when
 * open, and on mount asks the server who a stored token belongs to.
 */
export function SignInPanelHost() {
  const signInOpen = useSignInPanel((state) => state.open);
  const settingsOpen = useSettingsPanel((state) => state.open);
  const signedIn = useShopper((state) => state.status === 'signed-in');

  useEffect(() => {
    if (useShopper.getState().status === 'idle') void useShopper.getState().load();
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SHOPPER_TOKEN_KEY && event.key !== null) return;
      if (event.newValue) void useShopper.getState().load();
      else if (useShopper.getState().token) useShopper.getState().reset();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <Suspense fallback={null}>
      {signInOpen && <SignInPanel />}
      {settingsOpen && signedIn && <SettingsPanel />}
    </Suspense>
  );
}
