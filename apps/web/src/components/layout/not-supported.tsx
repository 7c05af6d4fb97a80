import { useTranslation } from '../../lib/i18n';
import logoUrl from '../../assets/logo.svg';

/** Shown instead of the app below 992 px (CSS decides, so it follows every resize at no cost). */
export function NotSupported() {
  const { t } = useTranslation();
  return (
    <div className="not-supported" data-testid="not-supported">
      <img src={logoUrl} alt="" width="80" height="48" />
      <h1>{t('NOT_SUPPORTED.TITLE')}</h1>
      <p>{t('NOT_SUPPORTED.TEXT')}</p>
    </div>
  );
}
