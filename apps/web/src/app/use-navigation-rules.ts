import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import { createPath, NavigationType, useBlocker, useLocation } from 'react-router';
import { clearsHostedCheckout, needsFullPageLoad, STORAGE_KEYS } from '@c2p/domain';
import { session } from '../lib/storage';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * Spec section 2, navigation rules: some moves are full page loads, leaving unsaved configuration
 * asks first, and every navigation starts at the top of the page.
 */
export function useNavigationRules(): void {
  const { t } = useTranslation();
  const location = useLocation();
  const dirty = useUnsavedChanges((state) => state.dirty);

  const navigationType = useRef<NavigationType>(NavigationType.Push);
  const reloadOnArrival = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    navigationType.current = historyAction;
    return (
      (dirty && currentLocation.pathname !== nextLocation.pathname) ||
      needsFullPageLoad(currentLocation.pathname, nextLocation.pathname)
    );
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const from = location.pathname;
    const to = blocker.location;
    if (dirty && !window.confirm(t('CONFIG.UNSAVED_PROMPT'))) {
      blocker.reset();
      return;
    }
    if (!needsFullPageLoad(from, to.pathname)) {
      useUnsavedChanges.getState().setDirty(false);
      blocker.proceed();
      return;
    }
    if (clearsHostedCheckout(from, to.pathname)) session.remove(STORAGE_KEYS.isHostedCheckoutEnabled);
    if (navigationType.current === NavigationType.Pop) {
      // Back or Forward: move through the history as the browser would, then load that page afresh.
      reloadOnArrival.current = true;
      blocker.proceed();
    } else {
      window.location.assign(createPath(to));
    }
  }, [blocker, dirty, location.pathname, t]);

  useEffect(() => {
    if (reloadOnArrival.current) window.location.reload();
  }, [location.key]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
}
