import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { LanguageSelector } from '../../features/admin/language-selector';
import { selectIsAdmin, useAdmin } from '../../features/admin/store';

export function TopBar() {
  const { t } = useTranslation();
  const isAdmin = useAdmin(selectIsAdmin);
  const logout = useAdmin((state) => state.logout);
  const navigate = useNavigate();

  return (
    <header className="top-bar">
      <Link to="/home" className="top-bar__brand" aria-label={t('APP.HOME_LINK')}>
        <img src={logoUrl} alt="" width="40" height="24" />
        <span className="top-bar__label">{t('APP.CHECKOUT_SERVICES')}</span>
      </Link>
      {isAdmin && (
        <div className="top-bar__admin">
          <LanguageSelector />
          <button
            type="button"
            className="button button--ghost"
            onClick={async () => {
              await logout();
              navigate('/sign-in');
            }}
          >
            {t('TOP_BAR.LOGOUT')}
          </button>
        </div>
      )}
    </header>
  );
}
