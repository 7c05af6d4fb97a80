import { lazy, Suspense, useState } from 'react';
import {
  parseJsonLocated,
  readConfigurationBundle,
  type ConfigIssue,
  type JsonProblem,
} from '@c2p/domain/configuration';
import { useTranslation } from '../../lib/i18n';
import { Loader } from '../../components/ui/loader';
import { useConfig } from './config-context';

const JsonEditor = lazy(() => import('./json-editor'));

/**
 * The whole configuration as JSON, editable. Applying checks that it is well formed (the problem is
 * located by line and column, with a repair hint) and then the same rules as the form.
 */
export function JsonView({ onIssues }: { onIssues(issues: ConfigIssue[]): void }) {
  const { t } = useTranslation();
  const { draft, editing, replace } = useConfig();
  const [text, setText] = useState(() => JSON.stringify(draft, null, 2));
  const [problem, setProblem] = useState<JsonProblem>();
  const [jump, setJump] = useState<{ line: number; column: number; seq: number }>();
  const [applied, setApplied] = useState(false);

  const apply = () => {
    setApplied(false);
    const parsed = parseJsonLocated(text);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      setJump({ line: parsed.problem.line, column: parsed.problem.column, seq: Date.now() });
      return;
    }
    setProblem(undefined);
    const read = readConfigurationBundle(parsed.value);
    if (!read.ok) {
      onIssues(read.issues);
      return;
    }
    onIssues([]);
    replace(read.bundle);
    setApplied(true);
  };

  return (
    <section className="config-json" aria-labelledby="cfg-json-title">
      <h2 id="cfg-json-title">{t('CONFIG_SCREEN.JSON.TITLE')}</h2>
      <p id="cfg-json-help" className="config-group__note">
        {t(editing ? 'CONFIG_SCREEN.JSON.HELP_EDIT' : 'CONFIG_SCREEN.JSON.HELP_PREVIEW')}
      </p>
      <Suspense fallback={<Loader />}>
        <JsonEditor
          value={text}
          label={t('CONFIG_SCREEN.JSON.TITLE')}
          describedBy={problem ? 'cfg-json-help cfg-json-problem' : 'cfg-json-help'}
          onChange={(next) => {
            setText(next);
            setApplied(false);
          }}
          jumpTo={jump}
        />
      </Suspense>
      <div role="alert" id="cfg-json-problem" className="config-json__problem">
        {problem && (
          <>
            <p>{t('CONFIG_SCREEN.JSON.PROBLEM', { line: problem.line, column: problem.column })}</p>
            <p>{t(problem.hint)}</p>
          </>
        )}
      </div>
      <div aria-live="polite" className="config-json__status">
        {applied ? t('CONFIG_SCREEN.JSON.APPLIED') : ''}
      </div>
      {editing && (
        <button type="button" className="button button--secondary" onClick={apply}>
          {t('CONFIG_SCREEN.JSON.APPLY')}
        </button>
      )}
    </section>
  );
}
