import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { AddressesSection } from './addresses-section';
import { OrdersSection } from './orders-section';
import { PasswordSection } from './password-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { extraSettingsSections } from './settings-sections';
import { useSettingsPanel, useShopper } from './shopper-store';
import { accountMenuButton } from './account-menu';
import { SlideOver } from '../../components/ui/slide-over';
import { tabKeyTarget } from '../../components/ui/tab-keys';
import type { Shopper } from './api';

const SECTIONS = [
  { id: 'orders', label: 'ACCOUNT.SETTINGS.ORDERS' },
  { id: 'profile', label: 'ACCOUNT.SETTINGS.PROFILE' },
  { id: 'addresses', label: 'ACCOUNT.SETTINGS.ADDRESSES' },
  { id: 'password', label: 'ACCOUNT.SETTINGS.PASSWORD' },
  { id: 'preferences', label: 'ACCOUNT.SETTINGS.PREFERENCES' },
] as const;
type SectionId = string;

/** The built-in sections with those other features registered, each after the one it names. */
function allSections(): readonly { id: string; label: string }[] {
  const list: { id: string; label: string }[] = [...SECTIONS];
  for (const section of extraSettingsSections()) {
    const at = list.findIndex((s) => s.id === section.after);
    list.splice(at < 0 ? list.length : at + 1, 0, section);
  }
  return list;
}

/**
 * The signed-in shopper's settings area (spec section 2): order history, personal info, shipping
 * addresses, change password, communication preferences and sign out, in a slide-over with tabs.
 */
export default function SettingsPanel() {
  const { t } = useTranslation();
  const user = useShopper((state) => state.user);
  const closeSettings = useSettingsPanel((state) => state.closeSettings);
  const [sections] = useState(allSections);
  const [active, setActive] = useState<SectionId>('orders');
  const baseId = useId();
  const ids = {
    tab: (id: SectionId) => `${baseId}-tab-${id}`,
    panel: (id: SectionId) => `${baseId}-panel-${id}`,
  };

  if (!user) return null;

  return (
    <SlideOver
      title={t('ACCOUNT.SETTINGS.TITLE')}
      onClose={closeSettings}
      fallbackFocus={accountMenuButton}
      wide
      className="account-settings-panel"
    >
      <p className="account-settings__greeting">{t('ACCOUNT.SETTINGS.GREETING', { name: user.firstName })}</p>
      <div className="account-settings">
        <div className="account-settings__nav">
          <SectionTabs sections={sections} active={active} ids={ids} onSelect={setActive} />
          <SignOutButton />
        </div>
        <div
          role="tabpanel"
          id={ids.panel(active)}
          aria-labelledby={ids.tab(active)}
          tabIndex={0}
          className="account-settings__panel"
        >
          <h3 className="account-settings__section-title">{t(sections.find((s) => s.id === active)!.label)}</h3>
          <SectionContent active={active} user={user} />
        </div>
      </div>
    </SlideOver>
  );
}

/** The vertical tab list: arrow keys (following the reading direction), Home and End move the selection. */
function SectionTabs({
  sections,
  active,
  ids,
  onSelect,
}: {
  sections: readonly { id: string; label: string }[];
  active: SectionId;
  ids: { tab(id: SectionId): string; panel(id: SectionId): string };
  onSelect(id: SectionId): void;
}) {
  const { t, i18n } = useTranslation();
  const tabs = useRef<Partial<Record<SectionId, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = sections.findIndex((section) => section.id === active);
    const target = tabKeyTarget(event.key, index, sections.length, { rtl: i18n.dir() === 'rtl', vertical: true });
    if (target === undefined) return;
    event.preventDefault();
    const next = sections[target]!.id;
    onSelect(next);
    tabs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-orientation="vertical"
      aria-label={t('ACCOUNT.SETTINGS.sections')}
      className="account-settings__tabs"
      onKeyDown={onKeyDown}
    >
      {sections.map((section) => (
        <button
          key={section.id}
          ref={(element) => {
            tabs.current[section.id] = element;
          }}
          type="button"
          role="tab"
          id={ids.tab(section.id)}
          aria-selected={active === section.id}
          aria-controls={active === section.id ? ids.panel(section.id) : undefined}
          tabIndex={active === section.id ? 0 : -1}
          className="account-settings__tab"
          onClick={() => onSelect(section.id)}
        >
          {t(section.label)}
        </button>
      ))}
    </div>
  );
}

function SignOutButton() {
  const { t } = useTranslation();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await useShopper.getState().logout();
    void notify('success', { key: 'ACCOUNT.SIGNED_OUT' });
  }

  return (
    <button
      type="button"
      className="button button--ghost account-settings__sign-out"
      disabled={signingOut}
      onClick={() => void signOut()}
    >
      {t('ACCOUNT.MENU.SIGN_OUT')}
    </button>
  );
}

/** The open section's content; a section another feature registered is loaded when first shown. */
function SectionContent({ active, user }: { active: SectionId; user: Shopper }) {
  return (
    <>
      {active === 'orders' && <OrdersSection />}
      {active === 'profile' && <ProfileSection user={user} />}
      {active === 'addresses' && <AddressesSection />}
      {extraSettingsSections()
        .filter((section) => section.id === active)
        .map(({ id, Component }) => (
          <Suspense key={id} fallback={null}>
            <Component />
          </Suspense>
        ))}
      {active === 'password' && <PasswordSection />}
      {active === 'preferences' && <PreferencesSection />}
    </>
  );
}
