import { useEffect, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { CHECKOUT_CONFIG_VERSION, STORAGE_KEYS, STORE_CONFIG_VERSION } from '@c2p/domain';
import {
  configurationIssues,
  decodeBundle,
  defaultConfigurationBundle,
  parseJsonLocated,
  readConfigurationBundle,
  resetStoreDefaults,
  SCREEN_CONFIG_KEY,
  SCREEN_CONFIG_VERSION,
  withPresentationNameFollowing,
  type ConfigIssue,
  type ConfigurationBundle,
} from '@c2p/domain/configuration';
import { notify } from '../../components/ui/toast';
import { useTranslation } from '../../lib/i18n';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import type { ConfigContextValue } from './config-context';
import { loadBundle, saveBundle, setAt, takeSharedConfiguration } from './config-store';

/** Whether a stored configuration of another version was just replaced by the defaults (spec section 4). */
function replacedVersions(): boolean {
  try {
    const checks: [string, string][] = [
      [STORAGE_KEYS.merchantCheckoutConfiguration, CHECKOUT_CONFIG_VERSION],
      [STORAGE_KEYS.merchantStoreConfiguration, STORE_CONFIG_VERSION],
      [SCREEN_CONFIG_KEY, SCREEN_CONFIG_VERSION],
    ];
    return checks.some(([key, version]) => {
      const raw = window.localStorage.getItem(key);
      if (!raw) return false;
      try {
        return (JSON.parse(raw) as { lastUpdated?: unknown }).lastUpdated !== version;
      } catch {
        return true;
      }
    });
  } catch {
    return false;
  }
}

type Setter<T> = Dispatch<SetStateAction<T>>;

/** What the configuration screen holds: the draft being edited, what was saved, and what to tell the admin. */
export interface ConfigurationState {
  draft: ConfigurationBundle;
  /** The saved bundle as JSON: the draft is unsaved while it differs. */
  saved: string;
  dirty: boolean;
  editing: boolean;
  /** The problems shown by their fields. */
  issues: ConfigIssue[];
  /** The problems listed above the form after a failed save, import or link. */
  summary: ConfigIssue[] | undefined;
  notice: string | undefined;
  shareLink: string | undefined;
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The value the fields read and write through. */
  context: ConfigContextValue;
  setDraft: Setter<ConfigurationBundle>;
  setSaved: Setter<string>;
  setEditing: Setter<boolean>;
  setIssues: Setter<ConfigIssue[]>;
  setSummary: Setter<ConfigIssue[] | undefined>;
  setNotice: Setter<string | undefined>;
  setShareLink: Setter<string | undefined>;
  /** An edit of the draft; the share link is of the old one. */
  update(next: ConfigurationBundle): void;
  /** Once the admin has tried to save, problems follow the edits. */
  recheck(next: ConfigurationBundle): void;
}

/** The screen's state, loaded from this browser; arriving, a share link's configuration becomes the draft. */
export function useConfigurationState(): ConfigurationState {
  const [initial] = useState(() => {
    const outdated = replacedVersions();
    return { bundle: loadBundle(), outdated };
  });
  const [saved, setSaved] = useState(() => JSON.stringify(initial.bundle));
  const [draft, setDraft] = useState<ConfigurationBundle>(initial.bundle);
  const [editing, setEditing] = useState(false);
  const [issues, setIssues] = useState<ConfigIssue[]>([]);
  const [summary, setSummary] = useState<ConfigIssue[]>();
  const [notice, setNotice] = useState<string>();
  const [shareLink, setShareLink] = useState<string>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(draft) !== saved;
  useUnsavedWarning(dirty);

  const recheck = (next: ConfigurationBundle) => {
    if (summary) setIssues(configurationIssues(next));
  };
  const update = (next: ConfigurationBundle) => {
    setDraft(next);
    setShareLink(undefined);
    recheck(next);
  };
  const context = useMemo<ConfigContextValue>(
    () => ({
      draft,
      editing,
      issues,
      setAt: (path, value) => update(withPresentationNameFollowing(draft, setAt(draft, path, value))),
      replace: update,
    }),
    // update reads summary; both change together with the values listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, editing, issues, summary],
  );
  const state: ConfigurationState = {
    draft,
    saved,
    dirty,
    editing,
    issues,
    summary,
    notice,
    shareLink,
    summaryRef,
    context,
    setDraft,
    setSaved,
    setEditing,
    setIssues,
    setSummary,
    setNotice,
    setShareLink,
    update,
    recheck,
  };
  useArrival(state, initial.outdated);
  return state;
}

/** The app's navigation rules ask before an in-app move; the browser asks before unload. */
function useUnsavedWarning(dirty: boolean) {
  useEffect(() => {
    useUnsavedChanges.getState().setDirty(dirty);
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => () => useUnsavedChanges.getState().setDirty(false), []);
}

/** On arrival: a note when stored parts were outdated, and a share link's configuration as the draft. */
function useArrival(state: ConfigurationState, outdated: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    if (outdated) void notify('info', { key: 'CONFIG_SCREEN.MESSAGES.OUTDATED' });
    const shared = takeSharedConfiguration();
    if (!shared) return;
    try {
      const read = readConfigurationBundle(decodeBundle(shared));
      if (read.ok) {
        state.setDraft(read.bundle);
        state.setEditing(true);
        state.setNotice(t('CONFIG_SCREEN.MESSAGES.FROM_LINK'));
      } else {
        state.setSummary(read.issues);
        state.setNotice(t('CONFIG_SCREEN.MESSAGES.LINK_INVALID'));
      }
    } catch {
      state.setNotice(t('CONFIG_SCREEN.MESSAGES.LINK_INVALID'));
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The toolbar's actions on the state: save, reset, restore all, import; and the problems' display. */
export function useConfigurationActions(state: ConfigurationState) {
  const { t } = useTranslation();
  const { draft, setDraft, setSaved, setIssues, setSummary, setNotice } = state;

  const showProblems = (found: ConfigIssue[]) => {
    setIssues(found);
    setSummary(found);
    void notify('error', { key: 'CONFIG_SCREEN.MESSAGES.SAVE_UNSUCCESSFUL' });
    requestAnimationFrame(() => state.summaryRef.current?.focus());
  };
  const clearProblems = () => {
    setIssues([]);
    setSummary(undefined);
  };

  const save = () => {
    const found = configurationIssues(draft);
    if (found.length > 0) return showProblems(found);
    saveBundle(draft);
    setSaved(JSON.stringify(draft));
    clearProblems();
    setNotice(undefined);
    void notify('success', { key: 'CONFIG_SCREEN.MESSAGES.SAVED' });
  };

  const reset = () => {
    if (!window.confirm(t('CONFIG_SCREEN.MESSAGES.RESET_CONFIRM'))) return;
    const stored = resetStoreDefaults(loadBundle());
    saveBundle(stored);
    const next = { ...draft, store: stored.store };
    setDraft(next);
    // What was saved is the stored bundle with the store part reset; other edits stay unsaved.
    setSaved(JSON.stringify({ ...loadBundle() }));
    state.recheck(next);
    void notify('success', { key: 'CONFIG_SCREEN.MESSAGES.RESET_DONE' });
  };

  const restoreAll = () => {
    if (!window.confirm(t('CONFIG_SCREEN.MESSAGES.RESTORE_ALL_CONFIRM'))) return;
    const defaults = defaultConfigurationBundle();
    saveBundle(defaults);
    setDraft(defaults);
    setSaved(JSON.stringify(loadBundle()));
    clearProblems();
    void notify('success', { key: 'CONFIG_SCREEN.MESSAGES.RESTORE_ALL_DONE' });
  };

  return { showProblems, clearProblems, save, reset, restoreAll, importFile: useImport(state) };
}

/** Import: a JSON file read as a configuration bundle; its problems are located or listed. */
function useImport(state: ConfigurationState) {
  const { t } = useTranslation();
  return async (file: File) => {
    const parsed = parseJsonLocated(await file.text());
    if (!parsed.ok) {
      const { line, column, hint } = parsed.problem;
      state.setNotice(
        `${t('CONFIG_SCREEN.MESSAGES.IMPORT_INVALID')} ${t('CONFIG_SCREEN.JSON.PROBLEM', { line, column })} ${t(hint)}`,
      );
      return;
    }
    const read = readConfigurationBundle(parsed.value);
    if (!read.ok) {
      state.setNotice(t('CONFIG_SCREEN.MESSAGES.IMPORT_INVALID'));
      state.setIssues(read.issues);
      state.setSummary(read.issues);
      return;
    }
    state.setEditing(true);
    state.update(read.bundle);
    state.setNotice(t('CONFIG_SCREEN.MESSAGES.IMPORTED'));
  };
}
