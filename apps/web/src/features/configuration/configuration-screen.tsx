import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { encodeBundle, type ConfigIssue, type ConfigurationBundle } from '@c2p/domain/configuration';
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/layout/page';
import { notify } from '../../components/ui/toast';
import { ConfigContext, fieldId } from './config-context';
import { useConfigurationActions, useConfigurationState, type ConfigurationState } from './configuration-state';
import { fieldNameOf, fieldQualifier, TAB_IDS, tabOf, type TabId } from './field-names';
import { PlainField } from './fields';
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
  const { t } = useTranslation();
  const state = useConfigurationState();
  const actions = useConfigurationActions(state);
  const { editing, summary, notice, shareLink } = state;
  const [tab, setTab] = useState<TabId>('networks');
  const [jsonOpen, setJsonOpen] = useState(false);
  const focusField = useFieldFocus(tab);

  const goToProblem = (path: string) => {
    setJsonOpen(false);
    setTab(tabOf(path));
    focusField(path);
  };

  return (
    <Page title={t('PAGES.CONFIGURATION')} className="configuration">
      <ConfigContext.Provider value={state.context}>
        <p className="config-intro">{t('CONFIG_SCREEN.INTRO')}</p>
        <ConfigToolbar
          state={state}
          actions={actions}
          jsonOpen={jsonOpen}
          onToggleJson={() => setJsonOpen((open) => !open)}
        />
        <p className="config-mode" aria-live="polite">
          {t(editing ? 'CONFIG_SCREEN.MODE_EDIT' : 'CONFIG_SCREEN.MODE_PREVIEW')}
          {state.dirty ? ` ${t('CONFIG_SCREEN.UNSAVED')}` : ''}
        </p>
        {shareLink && <ShareLinkField link={shareLink} />}
        {notice && (
          <p className="notice" role="note">
            {notice}
          </p>
        )}
        {summary && summary.length > 0 && (
          <ProblemSummary summary={summary} summaryRef={state.summaryRef} onGoTo={goToProblem} />
        )}
        {jsonOpen ? (
          <JsonView
            key={state.saved}
            onIssues={(found) => (found.length > 0 ? actions.showProblems(found) : actions.clearProblems())}
          />
        ) : (
          <ConfigTabs tab={tab} onTab={setTab} issues={state.issues} />
        )}
        {editing && (
          <div className="config-footer-actions">
            <button type="button" className="button button--primary" onClick={actions.save}>
              {t('CONFIG_SCREEN.ACTIONS.SAVE')}
            </button>
          </div>
        )}
      </ConfigContext.Provider>
    </Page>
  );
}

/** Moves the focus to a field once its tab shows. */
function useFieldFocus(tab: TabId) {
  const [focusPath, setFocusPath] = useState<string>();
  useEffect(() => {
    if (!focusPath) return;
    const element = document.getElementById(fieldId(focusPath));
    const target = element?.matches('input, select, textarea') ? element : element?.querySelector<HTMLElement>('input');
    (target ?? element)?.focus();
    setFocusPath(undefined);
  }, [focusPath, tab]);
  return setFocusPath;
}

interface ToolbarAction {
  label: string;
  kind?: 'primary' | 'secondary' | 'ghost';
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
}

function ConfigToolbar({
  state,
  actions,
  jsonOpen,
  onToggleJson,
}: {
  state: ConfigurationState;
  actions: ReturnType<typeof useConfigurationActions>;
  jsonOpen: boolean;
  onToggleJson(): void;
}) {
  const { t } = useTranslation();
  const importInput = useRef<HTMLInputElement>(null);
  const { draft, editing } = state;
  const toolbar: ToolbarAction[] = [
    { label: 'EDIT_MODE', kind: 'secondary', pressed: editing, onClick: () => state.setEditing((on) => !on) },
    { label: 'SAVE', kind: 'primary', disabled: !editing, onClick: actions.save },
    { label: 'RESET', onClick: actions.reset },
    { label: 'RESTORE_ALL', onClick: actions.restoreAll },
    { label: 'JSON_VIEW', pressed: jsonOpen, onClick: onToggleJson },
    { label: 'EXPORT', onClick: () => download(draft) },
    { label: 'IMPORT', onClick: () => importInput.current?.click() },
  ];
  const share = () => state.setShareLink(`${window.location.origin}/srci/config#config=${encodeBundle(draft)}`);
  return (
    <div className="config-toolbar" role="toolbar" aria-label={t('CONFIG_SCREEN.TOOLBAR')}>
      {toolbar.map(({ label, kind = 'ghost', pressed, disabled, onClick }) => (
        <button
          key={label}
          type="button"
          className={`button button--${kind}`}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
        >
          {t(`CONFIG_SCREEN.ACTIONS.${label}`)}
        </button>
      ))}
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
          if (file) void actions.importFile(file);
        }}
      />
      <button type="button" className="button button--ghost" onClick={share}>
        {t('CONFIG_SCREEN.ACTIONS.SHARE_LINK')}
      </button>
    </div>
  );
}

function ShareLinkField({ link }: { link: string }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(link)
      .then(() => notify('success', { key: 'CONFIG_SCREEN.SHARE.COPIED' }))
      .catch(() => undefined);
  return (
    <PlainField
      id="cfg-share-link"
      className="config-share"
      label={t('CONFIG_SCREEN.SHARE.LABEL')}
      help={t('CONFIG_SCREEN.SHARE.HELP')}
      value={link}
    >
      <button type="button" className="button button--ghost" onClick={copy}>
        {t('CONFIG_SCREEN.SHARE.COPY')}
      </button>
    </PlainField>
  );
}

/** The problems of a failed save, import or link, each a link to its field. */
function ProblemSummary({
  summary,
  summaryRef,
  onGoTo,
}: {
  summary: ConfigIssue[];
  summaryRef: ConfigurationState['summaryRef'];
  onGoTo(path: string): void;
}) {
  const { t } = useTranslation();
  const labelOf = (path: string) => {
    const name = fieldNameOf(path);
    const qualifier = fieldQualifier(path);
    // A list position reads as its number; a component by its name, as the field's own label says it.
    const shown = qualifier && !/^\d+$/.test(qualifier) ? t(`CONFIG_SCREEN.COMPONENTS.${qualifier}`) : qualifier;
    return name ? `${t(`CONFIG_SCREEN.FIELDS.${name}.LABEL`)}${shown ? ` (${shown})` : ''}` : path;
  };
  return (
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
        {summary.map((issue) => (
          <li key={`${issue.path}-${issue.message}`}>
            <button type="button" className="link-button" onClick={() => onGoTo(issue.path)}>
              {labelOf(issue.path)}
            </button>
            {': '}
            {t(issue.message, issue.params)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tab a key moves to: arrows follow the reading direction (and wrap around), Home and End; none for other keys. */
function tabAfterKey(key: string, index: number, rtl: boolean): TabId | undefined {
  const count = TAB_IDS.length;
  const steps: Record<string, number> = {
    [rtl ? 'ArrowLeft' : 'ArrowRight']: index + 1,
    [rtl ? 'ArrowRight' : 'ArrowLeft']: index - 1 + count,
    Home: 0,
    End: count - 1,
  };
  const step = steps[key];
  return step === undefined ? undefined : TAB_IDS[step % count];
}

function ConfigTabs({ tab, onTab, issues }: { tab: TabId; onTab(tab: TabId): void; issues: ConfigIssue[] }) {
  const { t, i18n } = useTranslation();
  const tabs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const Panel = PANELS[tab];

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, TAB_IDS.indexOf(tab), i18n.language === 'ar-EG');
    if (!next) return;
    event.preventDefault();
    onTab(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="config-tabs">
      <div
        role="tablist"
        aria-label={t('CONFIG_SCREEN.TABS.LABEL')}
        className="config-tabs__list"
        onKeyDown={onKeyDown}
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
              onClick={() => onTab(id)}
            >
              {t(TAB_LABELS[id])}
              {count > 0 && <span className="config-tabs__count">{t('CONFIG_SCREEN.TABS.PROBLEMS', { count })}</span>}
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
  );
}
