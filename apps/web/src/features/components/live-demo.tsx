import { useEffect, useRef, useState, type RefObject } from 'react';
import { JsonDemoForm } from '../../components/form/json-demo-form';
import { loadUiKit } from '../../lib/click-to-pay/sdk-loader';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import type { ComponentEntry } from './catalogue';
import { runDemo, type DemoCall, type DemoContext } from './demo-runs';

// A checkout's request holds the network's window: shown by name, as the API log does (it cannot be serialised).
const isWindow = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { window?: unknown }).window === value;
const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (isWindow(v) ? '[Window]' : v), 2);

type DemoElement = HTMLElement & { loadCards?(cards: unknown[]): void };

/** The calls of the current run as they happen, and the context that records them. */
function useDemoCalls() {
  const [calls, setCalls] = useState<DemoCall[]>([]);
  // The calls' count is known here at once; React applies the list updates later.
  const count = useRef(0);
  const context: DemoContext = {
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
  const clear = () => {
    count.current = 0;
    setCalls([]);
  };
  return { calls, context, clear };
}

/** The UI kit's element a page shows: loaded with the kit, fed the cards a run answered. */
function useDemoElement(entry: ComponentEntry, result: unknown) {
  const element = useRef<DemoElement>(null);
  useEffect(() => {
    if (!entry.element) return;
    const { srciEnv } = checkoutConfiguration();
    void loadUiKit(srciEnv.uiKitJs, srciEnv.uiKitCss).catch(() => undefined);
  }, [entry.element]);

  useEffect(() => {
    if (entry.element !== 'src-card-list' || !Array.isArray(result)) return;
    element.current?.loadCards?.(entry.slug === 'single-card' ? result.slice(0, 1) : result);
  }, [entry, result]);
  return element;
}

/** The OTP element's Continue validates the code it holds. */
function useOtpContinue(
  entry: ComponentEntry,
  element: RefObject<DemoElement | null>,
  validate: (value: string) => Promise<void>,
) {
  useEffect(() => {
    const node = element.current;
    if (entry.element !== 'src-otp-input' || !node) return;
    const onContinue = (event: Event) => {
      const value = (event as CustomEvent<{ value?: string }>).detail?.value;
      if (value) void validate(value);
    };
    node.addEventListener('continue', onContinue);
    return () => node.removeEventListener('continue', onContinue);
  });
}

/** Where the OTP went (the masked channel initiateValidation answered), once it has answered. */
function otpChannel(entry: ComponentEntry, calls: DemoCall[]): string | undefined {
  if (entry.element !== 'src-otp-input') return undefined;
  if (!calls.some((call) => call.name === 'initiateValidation' && call.response && !call.failed)) return undefined;
  const answer = calls.find((c) => c.name === 'initiateValidation')?.response as { maskedValidationChannel?: string };
  return String(answer?.maskedValidationChannel ?? '');
}

/** The page's live demo: the visitor's input (JSON), Run, the element it feeds, and each call as it happens. */
export function LiveDemo({ entry, initial }: { entry: ComponentEntry; initial: Record<string, unknown> }) {
  const { calls, context, clear } = useDemoCalls();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<unknown>();
  const element = useDemoElement(entry, result);

  const run = async (input: Record<string, unknown>) => {
    setRunning(true);
    clear();
    try {
      setResult(await runDemo(entry, input, context));
    } catch {
      // The failed call is shown with its answer in the list below.
    } finally {
      setRunning(false);
    }
  };
  const runValidate = async (value: string) => {
    setRunning(true);
    try {
      setResult(await runDemo({ ...entry, slug: 'validate' }, { value }, context).catch(() => undefined));
    } finally {
      setRunning(false);
    }
  };
  useOtpContinue(entry, element, runValidate);
  const masked = otpChannel(entry, calls);

  return (
    <div className="component-demo">
      <JsonDemoForm pageKey={entry.key} initial={initial} running={running} onRun={(input) => void run(input)} />

      {entry.element === 'src-card-list' && Array.isArray(result) && (
        <div className="component-demo__element" dir="ltr">
          <src-card-list ref={element} card-selection-type={entry.slug === 'single-card' ? 'single' : undefined} />
        </div>
      )}
      {masked !== undefined && (
        <div className="component-demo__element">
          <src-otp-input ref={element} masked-identity-value={masked} />
        </div>
      )}

      <DemoCalls calls={calls} />
    </div>
  );
}

/** Each call of the run: its name and status, its request, and its response once answered. */
function DemoCalls({ calls }: { calls: DemoCall[] }) {
  const { t } = useTranslation();
  return (
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
  );
}
