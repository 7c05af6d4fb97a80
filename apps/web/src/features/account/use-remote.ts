import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../components/ui/toast';
import { isUnauthorized, serverMessage } from '../../lib/api-client';
import { useShopper } from './shopper-store';

type Remote<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: T };

/** When the server no longer knows the session, forget it here and say so. */
export function useSessionGuard() {
  return useCallback((error: unknown): boolean => {
    if (!isUnauthorized(error)) return false;
    useShopper.getState().reset();
    void notify('info', { key: 'ACCOUNT.SETTINGS.SESSION_ENDED' });
    return true;
  }, []);
}

/** What a failed call tells the shopper: the server's own message, or that something went wrong. */
export function useFailureMessage() {
  const { t } = useTranslation();
  return useCallback((error: unknown) => serverMessage(error) ?? t('ERROR_MESSAGES.SOMETHING_WENT_WRONG'), [t]);
}

/** Data a settings section loads when it opens, with a retry after a failure. */
export function useRemote<T>(load: () => Promise<T>) {
  const guard = useSessionGuard();
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setRemote({ state: 'ready', data }),
      (error: unknown) => live && !guard(error) && setRemote({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [load, guard, attempt]);

  return {
    remote,
    retry: () => {
      setRemote({ state: 'loading' });
      setAttempt((n) => n + 1);
    },
    update: (change: (data: T) => T) =>
      setRemote((current) => (current.state === 'ready' ? { state: 'ready', data: change(current.data) } : current)),
  };
}
