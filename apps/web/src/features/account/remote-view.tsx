import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { LoadFailure } from '../../components/ui/load-failure';
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
      <LoadFailure
        className="account-settings__failure"
        message={t('ACCOUNT.SETTINGS.LOAD_FAILED')}
        buttonClassName="button--ghost"
        retryLabel={t('ACCOUNT.SETTINGS.RETRY')}
        onRetry={retry}
      />
    );
  }
  return <>{children(remote.data)}</>;
}
