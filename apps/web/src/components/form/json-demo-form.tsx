import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';

/** A component page's demo input: JSON the visitor may edit, checked to be an object before Run takes it. */
export function JsonDemoForm({
  pageKey,
  initial,
  running,
  onRun,
}: {
  /** The component page's key: its input help is COMPONENTS.PAGES.{pageKey}.INPUT_HELP. */
  pageKey: string;
  initial: unknown;
  running: boolean;
  onRun(input: Record<string, unknown>): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [inputError, setInputError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (error) {
      setInputError(t('COMPONENTS.INVALID_JSON', { detail: error instanceof Error ? error.message : '' }));
      return;
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      setInputError(t('COMPONENTS.INPUT_NOT_OBJECT'));
      return;
    }
    setInputError(undefined);
    onRun(input as Record<string, unknown>);
  };
  return (
    <form className="component-demo__form" onSubmit={submit} noValidate>
      <label htmlFor="demo-input">{t('COMPONENTS.INPUT_LABEL')}</label>
      <textarea
        id="demo-input"
        dir="ltr"
        spellCheck={false}
        rows={Math.min(12, text.split('\n').length + 1)}
        value={text}
        aria-invalid={inputError ? true : undefined}
        aria-describedby={inputError ? 'demo-input-error' : 'demo-input-help'}
        onChange={(event) => setText(event.target.value)}
      />
      <p id="demo-input-help" className="field__help">
        {t(`COMPONENTS.PAGES.${pageKey}.INPUT_HELP`)}
      </p>
      {inputError && (
        <p id="demo-input-error" className="field__error">
          {inputError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={running} aria-busy={running}>
        {running ? t('COMPONENTS.RUNNING') : t('COMPONENTS.RUN')}
      </button>
    </form>
  );
}
