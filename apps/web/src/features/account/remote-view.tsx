import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Loader } from '../../components/ui/loader';

/** The loading and failure states of a settings section; renders its content once data is there. */
export function RemoteView<T>({
  remote,
  retry,
  children,
}: {
  remote: { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: T };
  retry(): void;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (remote.state === 'loading') return <Loader />;
  if (remote.state === 'error') {
    return (
      <div className="account-settings__failure" role="alert">
        <p>{t('ACCOUNT.SETTINGS.LOAD_FAILED')}</p>
        <button type="button" className="button button--ghost" onClick={retry}>
          {t('ACCOUNT.SETTINGS.RETRY')}
        </button>
      </div>
    );
  }
  return <>{children(remote.data)}</>;
}
