import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/ui/icon';
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
        <MenuButton
          buttonRef={primary}
          className="account-menu__name"
          label={user.firstName}
          aria-label={t('ACCOUNT.MENU.SETTINGS_FOR', { name: user.firstName })}
          onClick={openSettings}
        />
        <button
          type="button"
          className="account-link account-menu__sign-out"
          onClick={async () => {
            await useShopper.getState().logout();
            void notify('success', { key: 'ACCOUNT.SIGNED_OUT' });
          }}
        >
          {t('ACCOUNT.MENU.SIGN_OUT')}
        </button>
      </div>
    );
  }

  return (
    <div className="account-menu" aria-busy={status === 'idle' || status === 'loading'}>
      <MenuButton
        buttonRef={primary}
        className="account-menu__sign-in"
        label={t('ACCOUNT.MENU.SIGN_IN')}
        onClick={() => openSignIn()}
      />
    </div>
  );
}

const PERSON_ICON =
  'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-8a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm0 10c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Zm6 6H6v-1c0-1.2 2.5-3 6-3s6 1.8 6 3v1Z';

/** The menu's button (the shopper's name, or 'Sign in'): it opens a dialog, and is where focus returns. */
function MenuButton({
  buttonRef,
  className,
  label,
  'aria-label': ariaLabel,
  onClick,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  className: string;
  label: string;
  'aria-label'?: string;
  onClick(): void;
}) {
  return (
    <button
      ref={buttonRef}
      data-account-menu-button
      type="button"
      className={`nav-button ${className}`}
      aria-haspopup="dialog"
      aria-label={ariaLabel}
      onClick={onClick}
    >
      <Icon path={PERSON_ICON} size={20} />
      <span>{label}</span>
    </button>
  );
}
