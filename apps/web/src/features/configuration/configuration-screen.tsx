import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CHECKOUT_CONFIG_VERSION, STORAGE_KEYS, STORE_CONFIG_VERSION } from '@c2p/domain';
import {
  configurationIssues,
  decodeBundle,
  defaultConfigurationBundle,
  encodeBundle,
  parseJsonLocated,
  readConfigurationBundle,
  resetStoreDefaults,
  SCREEN_CONFIG_KEY,
  SCREEN_CONFIG_VERSION,
  type ConfigIssue,
  type ConfigurationBundle,
} from '@c2p/domain/configuration';
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/layout/page';
import { notify } from '../../components/ui/toast';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { ConfigContext, fieldId, type ConfigContextValue } from './config-context';
import { loadBundle, saveBundle, setAt, takeSharedConfiguration } from './config-store';
import { fieldNameOf, fieldQualifier, TAB_IDS, tabOf, type TabId } from './field-names';
import { JsonView } from './json-view';
import {
  CustomizationsTab,
  DeveloperTab,
  EnvironmentTab,
  SrciConfigTab,
  SrcNetworksTab,
  WidgetTab,
} from './tab-panels';

const TAB_LABELS: Record<TabId, string> = {
  networks: 'CONFIG_SCREEN.TABS.NETWORKS',
  srci: 'CONFIG_SCREEN.TABS.SRCI',
  customizations: 'CONFIG_SCREEN.TABS.CUSTOMIZATIONS',
  developer: 'CONFIG_SCREEN.TABS.DEVELOPER',
  environment: 'CONFIG_SCREEN.TABS.ENVIRONMENT',
  widget: 'CONFIG_SCREEN.TABS.WIDGET',
};

const PANELS: Record<TabId, () => React.JSX.Element> = {
  networks: SrcNetworksTab,
  srci: SrciConfigTab,
  customizations: CustomizationsTab,
  developer: DeveloperTab,
  environment: EnvironmentTab,
  widget: WidgetTab,
};

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

const download = (bundle: ConfigurationBundle) => {
  const blob = new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'click-to-pay-configuration.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export function ConfigurationScreen() {
  const { t, i18n } = useTranslation();
  const [initial] = useState(() => {
    const outdated = replacedVersions();
    return { bundle: loadBundle(), outdated };
  });
  const [saved, setSaved] = useState(() => JSON.stringify(initial.bundle));
  const [draft, setDraft] = useState<ConfigurationBundle>(initial.bundle);
  const [editing, setEditing] = useState(false);
  const [issues, setIssues] = useState<ConfigIssue[]>([]);
  const [summary, setSummary] = useState<ConfigIssue[]>();
  const [tab, setTab] = useState<TabId>('networks');
  const [jsonOpen, setJsonOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [shareLink, setShareLink] = useState<string>();
  const [focusPath, setFocusPath] = useState<string>();
  const tabs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const importInput = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const rtl = i18n.language === 'ar-EG';

  const dirty = JSON.stringify(draft) !== saved;

  // The app's navigation rules ask before an in-app move; the browser asks before unload.
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

  useEffect(() => {
    if (initial.outdated) void notify('info', t('CONFIG_SCREEN.MESSAGES.OUTDATED'));
    const shared = takeSharedConfiguration();
    if (!shared) return;
    try {
      const read = readConfigurationBundle(decodeBundle(shared));
      if (read.ok) {
        setDraft(read.bundle);
        setEditing(true);
        setNotice(t('CONFIG_SCREEN.MESSAGES.FROM_LINK'));
      } else {
        setSummary(read.issues);
        setNotice(t('CONFIG_SCREEN.MESSAGES.LINK_INVALID'));
      }
    } catch {
      setNotice(t('CONFIG_SCREEN.MESSAGES.LINK_INVALID'));
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once the admin has tried to save, problems follow the edits.
  const update = (next: ConfigurationBundle) => {
    setDraft(next);
    setShareLink(undefined);
    if (summary) setIssues(configurationIssues(next));
  };

  const context = useMemo<ConfigContextValue>(
    () => ({
      draft,
      editing,
      issues,
      setAt: (path, value) => update(setAt(draft, path, value)),
      replace: (next) => update(next),
    }),
    // update reads summary; both change together with the values listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, editing, issues, summary],
  );

  useEffect(() => {
    if (!focusPath) return;
    const element = document.getElementById(fieldId(focusPath));
    const target = element?.matches('input, select, textarea') ? element : element?.querySelector<HTMLElement>('input');
    (target ?? element)?.focus();
    setFocusPath(undefined);
  }, [focusPath, tab]);

  const showProblems = (found: ConfigIssue[]) => {
    setIssues(found);
    setSummary(found);
    void notify('error', t('CONFIG_SCREEN.MESSAGES.SAVE_UNSUCCESSFUL'));
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const save = () => {
    const found = configurationIssues(draft);
    if (found.length > 0) return showProblems(found);
    saveBundle(draft);
    setSaved(JSON.stringify(draft));
    setIssues([]);
    setSummary(undefined);
    setNotice(undefined);
    void notify('success', t('CONFIG_SCREEN.MESSAGES.SAVED'));
  };

  const reset = () => {
    if (!window.confirm(t('CONFIG_SCREEN.MESSAGES.RESET_CONFIRM'))) return;
    const stored = resetStoreDefaults(loadBundle());
    saveBundle(stored);
    const next = { ...draft, store: stored.store };
    setDraft(next);
    // What was saved is the stored bundle with the store part reset; other edits stay unsaved.
    setSaved(JSON.stringify({ ...loadBundle() }));
    if (summary) setIssues(configurationIssues(next));
    void notify('success', t('CONFIG_SCREEN.MESSAGES.RESET_DONE'));
  };

  const restoreAll = () => {
    if (!window.confirm(t('CONFIG_SCREEN.MESSAGES.RESTORE_ALL_CONFIRM'))) return;
    const defaults = defaultConfigurationBundle();
    saveBundle(defaults);
    setDraft(defaults);
    setSaved(JSON.stringify(loadBundle()));
    setIssues([]);
    setSummary(undefined);
    void notify('success', t('CONFIG_SCREEN.MESSAGES.RESTORE_ALL_DONE'));
  };

  const importFile = async (file: File) => {
    const parsed = parseJsonLocated(await file.text());
    if (!parsed.ok) {
      setNotice(
        `${t('CONFIG_SCREEN.MESSAGES.IMPORT_INVALID')} ${t('CONFIG_SCREEN.JSON.PROBLEM', {
          line: parsed.problem.line,
          column: parsed.problem.column,
        })} ${t(parsed.problem.hint)}`,
      );
      return;
    }
    const read = readConfigurationBundle(parsed.value);
    if (!read.ok) {
      setNotice(t('CONFIG_SCREEN.MESSAGES.IMPORT_INVALID'));
      setIssues(read.issues);
      setSummary(read.issues);
      return;
    }
    setEditing(true);
    update(read.bundle);
    setNotice(t('CONFIG_SCREEN.MESSAGES.IMPORTED'));
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = TAB_IDS.indexOf(tab);
    const moves: Record<string, number> = {
      [rtl ? 'ArrowLeft' : 'ArrowRight']: index + 1,
      [rtl ? 'ArrowRight' : 'ArrowLeft']: index - 1,
      Home: 0,
      End: TAB_IDS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TAB_IDS[(target + TAB_IDS.length) % TAB_IDS.length]!;
    setTab(next);
    tabs.current[next]?.focus();
  };

  const Panel = PANELS[tab];

  return (
    <Page title={t('PAGES.CONFIGURATION')} className="configuration">
      <ConfigContext.Provider value={context}>
        <p className="config-intro">{t('CONFIG_SCREEN.INTRO')}</p>
        <div className="config-toolbar" role="toolbar" aria-label={t('CONFIG_SCREEN.TOOLBAR')}>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={editing}
            onClick={() => setEditing((on) => !on)}
          >
            {t('CONFIG_SCREEN.ACTIONS.EDIT_MODE')}
          </button>
          <button type="button" className="button button--primary" onClick={save} disabled={!editing}>
            {t('CONFIG_SCREEN.ACTIONS.SAVE')}
          </button>
          <button type="button" className="button button--ghost" onClick={reset}>
            {t('CONFIG_SCREEN.ACTIONS.RESET')}
          </button>
          <button type="button" className="button button--ghost" onClick={restoreAll}>
            {t('CONFIG_SCREEN.ACTIONS.RESTORE_ALL')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={jsonOpen}
            onClick={() => setJsonOpen((open) => !open)}
          >
            {t('CONFIG_SCREEN.ACTIONS.JSON_VIEW')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => download(draft)}>
            {t('CONFIG_SCREEN.ACTIONS.EXPORT')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => importInput.current?.click()}>
            {t('CONFIG_SCREEN.ACTIONS.IMPORT')}
          </button>
          <input
            ref={importInput}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('CONFIG_SCREEN.ACTIONS.IMPORT')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setShareLink(`${window.location.origin}/srci/config#config=${encodeBundle(draft)}`)}
          >
            {t('CONFIG_SCREEN.ACTIONS.SHARE_LINK')}
          </button>
        </div>
        <p className="config-mode" aria-live="polite">
          {t(editing ? 'CONFIG_SCREEN.MODE_EDIT' : 'CONFIG_SCREEN.MODE_PREVIEW')}
          {dirty ? ` ${t('CONFIG_SCREEN.UNSAVED')}` : ''}
        </p>
        {shareLink && (
          <div className="config-field config-share">
            <label htmlFor="cfg-share-link">{t('CONFIG_SCREEN.SHARE.LABEL')}</label>
            <input
              id="cfg-share-link"
              type="text"
              dir="ltr"
              readOnly
              value={shareLink}
              aria-describedby="cfg-share-help"
            />
            <p id="cfg-share-help" className="config-field__help">
              {t('CONFIG_SCREEN.SHARE.HELP')}
            </p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shareLink)
                  .then(() => notify('success', t('CONFIG_SCREEN.SHARE.COPIED')))
                  .catch(() => undefined)
              }
            >
              {t('CONFIG_SCREEN.SHARE.COPY')}
            </button>
          </div>
        )}
        {notice && (
          <p className="notice" role="note">
            {notice}
          </p>
        )}
        {summary && summary.length > 0 && (
          <div
            ref={summaryRef}
            className="config-summary-errors"
            role="alert"
            tabIndex={-1}
            aria-labelledby="cfg-summary-title"
          >
            <h2 id="cfg-summary-title">{t('CONFIG_SCREEN.MESSAGES.SAVE_UNSUCCESSFUL')}</h2>
            <p>{t('CONFIG_SCREEN.MESSAGES.FIX_THESE')}</p>
            <ul>
              {summary.map((issue) => {
                const name = fieldNameOf(issue.path);
                const qualifier = fieldQualifier(issue.path);
                const label = name
                  ? `${t(`CONFIG_SCREEN.FIELDS.${name}.LABEL`)}${qualifier ? ` (${qualifier})` : ''}`
                  : issue.path;
                return (
                  <li key={`${issue.path}-${issue.message}`}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        setJsonOpen(false);
                        setTab(tabOf(issue.path));
                        setFocusPath(issue.path);
                      }}
                    >
                      {label}
                    </button>
                    {': '}
                    {t(issue.message, issue.params)}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {jsonOpen ? (
          <JsonView
            key={saved}
            onIssues={(found) => {
              if (found.length > 0) showProblems(found);
              else {
                setIssues([]);
                setSummary(undefined);
              }
            }}
          />
        ) : (
          <div className="config-tabs">
            <div
              role="tablist"
              aria-label={t('CONFIG_SCREEN.TABS.LABEL')}
              className="config-tabs__list"
              onKeyDown={onTabKeyDown}
            >
              {TAB_IDS.map((id) => {
                const count = issues.filter((issue) => tabOf(issue.path) === id).length;
                return (
                  <button
                    key={id}
                    ref={(element) => {
                      tabs.current[id] = element;
                    }}
                    type="button"
                    role="tab"
                    id={`cfg-tab-${id}`}
                    aria-selected={tab === id}
                    aria-controls={tab === id ? `cfg-panel-${id}` : undefined}
                    tabIndex={tab === id ? 0 : -1}
                    className="config-tabs__tab"
                    onClick={() => setTab(id)}
                  >
                    {t(TAB_LABELS[id])}
                    {count > 0 && (
                      <span className="config-tabs__count">{t('CONFIG_SCREEN.TABS.PROBLEMS', { count })}</span>
                    )}
                  </button>
                );
              })}
            </div>
            <div
              role="tabpanel"
              id={`cfg-panel-${tab}`}
              aria-labelledby={`cfg-tab-${tab}`}
              tabIndex={0}
              className="config-tabs__panel"
            >
              <Panel />
            </div>
          </div>
        )}
        {editing && (
          <div className="config-footer-actions">
            <button type="button" className="button button--primary" onClick={save}>
              {t('CONFIG_SCREEN.ACTIONS.SAVE')}
            </button>
          </div>
        )}
      </ConfigContext.Provider>
    </Page>
  );
}
