import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import type { ReactNode } from 'react';

/** adminControls: what the signed-in admin gets at the end of the bar, passed in by the app layer. */
export function TopBar({ adminControls }: { adminControls?: ReactNode }) {
  const { t } = useTranslation();

  return (
    <header className="top-bar">
      <Link to="/home" className="top-bar__brand" aria-label={t('APP.HOME_LINK')}>
        <img src={logoUrl} alt="" width="40" height="24" />
        <span className="top-bar__label">{t('APP.CHECKOUT_SERVICES')}</span>
      </Link>
      {adminControls}
    </header>
  );
}
