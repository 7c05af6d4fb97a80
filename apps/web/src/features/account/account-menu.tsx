import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { openSignIn, useSettingsPanel, useShopper } from './shopper-store';

/** The account menu's button, where focus goes when a panel closes and its opener is gone. */
export const accountMenuButton = () => document.querySelector<HTMLElement>('[data-account-menu-button]');

/**
 * The store nav's account corner: 'Sign in' for a guest; for a signed-in shopper their first name
 * (opening the settings area) and 'Sign out'.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useShopper((state) => state.user);
  const status = useShopper((state) => state.status);
  const openSettings = useSettingsPanel((state) => state.openSettings);
  const primary = useRef<HTMLButtonElement>(null);
  const signedIn = status === 'signed-in' && user !== null;
  const previous = useRef(status);

  // Signing in or out removes the control that had focus (the panel's field, 'Sign out'): rather than
  // leaving focus on the page itself, continue from the menu's button. Loading a stored session on
  // page load passes through 'loading' and moves nothing.
  useEffect(() => {
    const settled = (value: string) => value === 'signed-in' || value === 'signed-out';
    const lost = !document.activeElement || document.activeElement === document.body;
    if (settled(previous.current) && settled(status) && previous.current !== status && lost) primary.current?.focus();
    previous.current = status;
  }, [status]);

  if (signedIn) {
    return (
      <div className="account-menu">
        <button
          ref={primary}
          data-account-menu-button
          type="button"
          className="nav-button account-menu__name"
          aria-haspopup="dialog"
          aria-label={t('ACCOUNT.MENU.SETTINGS_FOR', { name: user.firstName })}
          onClick={openSettings}
        >
          <PersonIcon />
          <span>{user.firstName}</span>
        </button>
        <button
          type="button"
          className="account-link account-menu__sign-out"
          onClick={async () => {
            await useShopper.getState().logout();
            void notify('success', t('ACCOUNT.SIGNED_OUT'));
          }}
        >
          {t('ACCOUNT.MENU.SIGN_OUT')}
        </button>
      </div>
    );
  }

  return (
    <div className="account-menu" aria-busy={status === 'idle' || status === 'loading'}>
      <button
        ref={primary}
        data-account-menu-button
        type="button"
        className="nav-button account-menu__sign-in"
        aria-haspopup="dialog"
        onClick={() => openSignIn()}
      >
        <PersonIcon />
        <span>{t('ACCOUNT.MENU.SIGN_IN')}</span>
      </button>
    </div>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-8a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm0 10c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Zm6 6H6v-1c0-1.2 2.5-3 6-3s6 1.8 6 3v1Z"
      />
    </svg>
  );
}
