import { NavigationType, UNSAFE_createBrowserHistory, type Location, type To } from 'react-router';
import { clearsHostedCheckout, needsFullPageLoad, STORAGE_KEYS } from '@c2p/domain';
import { i18n } from '../lib/i18n';
import { session } from '../lib/storage';
import { useUnsavedChanges } from './unsaved-changes';

export type HistoryUpdate = { action: NavigationType; location: Location };

/**
 * Spec section 2, navigation rules, on the browser's history: some moves are full page loads, and
 * leaving unsaved configuration asks first. Push and replace are checked before they happen;
 * Back and Forward after the fact (the browser has moved already), as the data router's blocker did.
 */
export function createRuledHistory() {
  const history = UNSAFE_createBrowserHistory();
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let shown: Location = history.location;
  let undoing = false;
  // Once a full page load has started, the page is on its way out: another move (a component that
  // redirects as it re-renders) would start a second load that cancels the first.
  let leaving = false;
  const loadAfresh = (href: string) => {
    leaving = true;
    // The browser may yet keep the page: its own question before unloading answered with "stay"
    // (read once every listener has had the event), or Back restoring the page from its cache.
    const stayed = (event: BeforeUnloadEvent) => setTimeout(() => (leaving = !event.defaultPrevented));
    window.addEventListener('beforeunload', stayed, { once: true });
    window.addEventListener('pageshow', () => (leaving = false), { once: true });
    window.location.assign(href);
  };

  const show = (update: HistoryUpdate) => {
    shown = update.location;
    listeners.forEach((listener) => listener(update));
  };

  /** False when the move must not happen in the app (refused, or left to a full page load). */
  const allowed = (toPath: string, onFullLoad: () => void): boolean => {
    const from = shown.pathname;
    const dirty = useUnsavedChanges.getState().dirty;
    const fullLoad = needsFullPageLoad(from, toPath);
    if (!fullLoad && !(dirty && from !== toPath)) return true;
    if (dirty && from !== toPath && !window.confirm(i18n.t('CONFIG.UNSAVED_PROMPT'))) return false;
    if (!fullLoad) {
      useUnsavedChanges.getState().setDirty(false);
      return true;
    }
    if (clearsHostedCheckout(from, toPath)) session.remove(STORAGE_KEYS.isHostedCheckoutEnabled);
    onFullLoad();
    return false;
  };

  // Called for Back and Forward only: push and replace go through `move`.
  history.listen(({ action, location, delta }) => {
    if (undoing) {
      undoing = false;
      return;
    }
    // Back or Forward into a full-page-load route: stay where the browser went, and load it afresh.
    const ok = allowed(location.pathname, () => window.location.reload());
    if (ok) show({ action, location });
    else if (delta && !needsFullPageLoad(shown.pathname, location.pathname)) {
      undoing = true;
      history.go(-delta);
    }
  });

  const move = (action: NavigationType.Push | NavigationType.Replace) => (to: To, state?: unknown) => {
    if (leaving) return;
    const path = history.createURL(to).pathname;
    if (!allowed(path, () => loadAfresh(history.createHref(to)))) return;
    if (action === NavigationType.Push) history.push(to, state);
    else history.replace(to, state);
    show({ action, location: history.location });
  };

  return {
    get location() {
      return shown;
    },
    get action() {
      return history.action;
    },
    listen(listener: (update: HistoryUpdate) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigator: {
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: move(NavigationType.Push),
      replace: move(NavigationType.Replace),
    },
  };
}
