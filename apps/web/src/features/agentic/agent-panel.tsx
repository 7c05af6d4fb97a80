import './agentic.css';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { AgentCallCard } from './agent-call-view';
import { AgentLanes } from './agent-lanes';
import { useAgentRun, type AgentRun } from './agent-run';

/** A step the panel offers next: what the scripted agent does when it is pressed. */
export interface AgentPanelStep {
  readonly id: string;
  /** Shown on the button, translated. */
  readonly label: string;
  run(): Promise<unknown>;
}

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 12)}…` : id);

/** Who the agent is: its name and its key's id in the network's directory, once registered. */
function AgentIdentity({ run }: { run: AgentRun }) {
  const { t } = useTranslation();
  const { state } = useAgentRun(run);
  return (
    <p className="agentic-panel__identity" data-testid="agent-identity">
      <bdi>{state.name}</bdi>{' '}
      {state.keyid ? (
        <>
          {t('AGENTIC_LIVE.PANEL.KEY_ID')}{' '}
          <code dir="ltr" className="agentic-value">
            {shortId(state.keyid)}
          </code>
        </>
      ) : (
        t('AGENTIC_LIVE.PANEL.NOT_REGISTERED')
      )}
    </p>
  );
}

/** Runs the steps in turn, one press each; a step that throws says so and may be pressed again. */
function NextStep({ run, steps }: { run: AgentRun; steps: readonly AgentPanelStep[] }) {
  const { t } = useTranslation();
  const { busy } = useAgentRun(run);
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState<string>();
  const step = steps[done];
  if (!step) return <p className="agentic-note">{t('AGENTIC_LIVE.PANEL.ALL_DONE')}</p>;
  const press = async () => {
    setFailed(undefined);
    try {
      await step.run();
      setDone(done + 1);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void press()}
        data-testid="agent-next-step"
      >
        {t('AGENTIC_LIVE.PANEL.NEXT', { step: step.label })}
      </button>
      {failed !== undefined && (
        <p role="alert" className="field__error">
          {t('AGENTIC_LIVE.PANEL.STEP_FAILED', { detail: failed })}
        </p>
      )}
    </>
  );
}

/**
 * The agent panel: the scripted agent's identity, the step it can take next (when given steps), and
 * each call it made, as cards or in the three lanes.
 */
export function AgentPanel({
  run,
  steps,
  title,
  children,
}: {
  run: AgentRun;
  steps?: readonly AgentPanelStep[];
  title?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const { calls } = useAgentRun(run);
  const [lanes, setLanes] = useState(false);
  return (
    <section className="agentic-panel" aria-labelledby={heading} data-testid="agent-panel">
      <h2 id={heading}>{title ?? t('AGENTIC_LIVE.PANEL.TITLE')}</h2>
      <AgentIdentity run={run} />
      {steps && <NextStep run={run} steps={steps} />}
      {children}
      <div className="agentic-panel__views">
        <button type="button" className="button button--ghost" aria-pressed={!lanes} onClick={() => setLanes(false)}>
          {t('AGENTIC_LIVE.PANEL.AS_CALLS')}
        </button>
        <button type="button" className="button button--ghost" aria-pressed={lanes} onClick={() => setLanes(true)}>
          {t('AGENTIC_LIVE.PANEL.AS_LANES')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {calls.length > 0 &&
          t('AGENTIC_LIVE.PANEL.LAST_CALL', { purpose: t(`AGENTIC_LIVE.PURPOSE.${calls.at(-1)!.purpose}`) })}
      </p>
      {calls.length === 0 ? (
        <p className="agentic-note">{t('AGENTIC_LIVE.PANEL.NO_CALLS')}</p>
      ) : lanes ? (
        <AgentLanes calls={calls} />
      ) : (
        <ol className="agentic-calls">
          {calls.map((call, index) => (
            <AgentCallCard key={index} call={call} />
          ))}
        </ol>
      )}
    </section>
  );
}
