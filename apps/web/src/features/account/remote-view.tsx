import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { LoadFailure } from '../../components/ui/load-failure';
import { Loader } from '../../components/ui/loader';

/** How a failed load is told: a settings section's way unless a page names its own. */
type FailureText = Omit<ComponentProps<typeof LoadFailure>, 'onRetry'>;

/** The loading and failure states of data loaded from the API; renders its content once data is there. */
export function RemoteView<T>({
  remote,
  retry,
  loadingLabel,
  failure,
  children,
}: {
  remote: { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: T };
  retry(): void;
  loadingLabel?: string;
  failure?: FailureText;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (remote.state === 'loading') return <Loader label={loadingLabel} />;
  if (remote.state === 'error') {
    return (
      <LoadFailure
        {...(failure ?? {
          className: 'account-settings__failure',
          message: t('ACCOUNT.SETTINGS.LOAD_FAILED'),
          buttonClassName: 'button--ghost',
          retryLabel: t('ACCOUNT.SETTINGS.RETRY'),
        })}
        onRetry={retry}
      />
    );
  }
  return <>{children(remote.data)}</>;
}
