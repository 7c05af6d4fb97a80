import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { LanguageSelector } from './language-selector';
import { selectIsAdmin, useAdmin } from './store';

/** The signed-in admin's end of the top bar: the language selector and Logout. */
export function AdminControls() {
  const { t } = useTranslation();
  const isAdmin = useAdmin(selectIsAdmin);
  const logout = useAdmin((state) => state.logout);
  const navigate = useNavigate();

  if (!isAdmin) return null;
  return (
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
  );
}
