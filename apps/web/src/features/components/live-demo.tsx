import { useEffect, useRef, useState } from 'react';
import { loadUiKit } from '../../lib/click-to-pay/sdk-loader';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import type { ComponentEntry } from './catalogue';
import { runDemo, type DemoCall } from './demo-runs';

// A checkout's request holds the network's window: shown by name, as the API log does (it cannot be serialised).
const isWindow = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { window?: unknown }).window === value;
const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (isWindow(v) ? '[Window]' : v), 2);

/** The page's live demo: the visitor's input (JSON), Run, the element it feeds, and each call as it happens. */
export function LiveDemo({ entry, initial }: { entry: ComponentEntry; initial: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [text, setText] = useState(json(initial));
  const [inputError, setInputError] = useState<string>();
  const [calls, setCalls] = useState<DemoCall[]>([]);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<unknown>();
  const element = useRef<HTMLElement & { loadCards?(cards: unknown[]): void }>(null);

  useEffect(() => {
    if (!entry.element) return;
    const { srciEnv } = checkoutConfiguration();
    void loadUiKit(srciEnv.uiKitJs, srciEnv.uiKitCss).catch(() => undefined);
  }, [entry.element]);

  useEffect(() => {
    if (entry.element !== 'src-card-list' || !Array.isArray(result)) return;
    element.current?.loadCards?.(entry.slug === 'single-card' ? result.slice(0, 1) : result);
  }, [entry, result]);

  // The calls' count is known here at once; React applies the list updates later.
  const count = useRef(0);
  const context = {
    record(call: DemoCall) {
      const index = count.current++;
      setCalls((list) => [...list, call]);
      return index;
    },
    update(index: number, change: Partial<DemoCall>) {
      setCalls((list) => list.map((call, i) => (i === index ? { ...call, ...change } : call)));
    },
    openWindow: () => window.open('', 'src-dcf', 'width=480,height=680'),
  };

  const run = async (input: Record<string, unknown>) => {
    setRunning(true);
    count.current = 0;
    setCalls([]);
    try {
      setResult(await runDemo(entry, input, context));
    } catch {
      // The failed call is shown with its answer in the list below.
    } finally {
      setRunning(false);
    }
  };

  const submit = (event: React.FormEvent) => {
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
    void run(input as Record<string, unknown>);
  };

  const otpValidate = (event: Event) => {
    const value = (event as CustomEvent<{ value?: string }>).detail?.value;
    if (value) void runValidate(value);
  };
  const runValidate = async (value: string) => {
    setRunning(true);
    try {
      setResult(await runDemo({ ...entry, slug: 'validate' }, { value }, context).catch(() => undefined));
    } finally {
      setRunning(false);
    }
  };
  useEffect(() => {
    const node = element.current;
    if (entry.element !== 'src-otp-input' || !node) return;
    node.addEventListener('continue', otpValidate);
    return () => node.removeEventListener('continue', otpValidate);
  });

  const otpReady =
    entry.element === 'src-otp-input' &&
    calls.some((call) => call.name === 'initiateValidation' && call.response && !call.failed);
  const masked = otpReady
    ? String(
        (calls.find((c) => c.name === 'initiateValidation')?.response as { maskedValidationChannel?: string })
          ?.maskedValidationChannel ?? '',
      )
    : '';

  return (
    <div className="component-demo">
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
          {t(`COMPONENTS.PAGES.${entry.key}.INPUT_HELP`)}
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

      {entry.element === 'src-card-list' && Array.isArray(result) && (
        <div className="component-demo__element" dir="ltr">
          <src-card-list ref={element} card-selection-type={entry.slug === 'single-card' ? 'single' : undefined} />
        </div>
      )}
      {otpReady && (
        <div className="component-demo__element">
          <src-otp-input ref={element} masked-identity-value={masked} />
        </div>
      )}

      <section aria-labelledby="demo-calls" aria-live="polite">
        <h3 id="demo-calls">{t('COMPONENTS.CALLS_TITLE')}</h3>
        {calls.length === 0 ? (
          <p>{t('COMPONENTS.NO_CALLS')}</p>
        ) : (
          <ol className="component-demo__calls">
            {calls.map((call, i) => (
              <li key={i} className="component-demo__call" data-testid="demo-call">
                <p className="component-demo__call-name">
                  <code dir="ltr">{call.name}</code>{' '}
                  <span className={call.failed ? 'status status--failed' : 'status'}>
                    {t(call.pending ? 'COMPONENTS.PENDING' : call.failed ? 'COMPONENTS.FAILED' : 'COMPONENTS.RESOLVED')}
                  </span>
                </p>
                <p className="component-demo__label">{t('COMPONENTS.REQUEST')}</p>
                <pre dir="ltr" tabIndex={0}>
                  {json(call.request)}
                </pre>
                {!call.pending && (
                  <>
                    <p className="component-demo__label">{t('COMPONENTS.RESPONSE')}</p>
                    <pre dir="ltr" tabIndex={0} data-testid="demo-response">
                      {json(call.response)}
                    </pre>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
