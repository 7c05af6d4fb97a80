import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@c2p/domain';
import { loadAnalyticsTag } from '../../lib/analytics';
import { local } from '../../lib/storage';

export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => local.get(STORAGE_KEYS.cookieAccepted) === 'true');
  useEffect(() => {
    if (accepted) loadAnalyticsTag();
  }, [accepted]);
  if (accepted) return null;
  return (
    <section className="cookie-notice" aria-label={t('COOKIE_NOTICE.LABEL')}>
      <p>{t('COOKIE_NOTICE.TEXT')}</p>
      <div className="cookie-notice__actions">
        <Link to="/cookie">{t('COOKIE_NOTICE.LINK')}</Link>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            local.set(STORAGE_KEYS.cookieAccepted, 'true');
            setAccepted(true);
          }}
        >
          {t('COOKIE_NOTICE.ACCEPT')}
        </button>
      </div>
    </section>
  );
}
