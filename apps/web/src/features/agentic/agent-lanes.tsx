import './agentic.css';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { callName, type AgentCall } from './agent-call';
import { outcomeLabel } from './agent-call-view';
import { checkName, layerName, refusalText } from './check-list';

const LANES = ['agent', 'network', 'merchant'] as const;

/** The called party's side of a call: its answer and, compactly, each check it made in order. */
function PartyAnswer({ call }: { call: AgentCall }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={call.ok ? 'agentic-lanes__answer' : 'agentic-lanes__answer agentic-lanes__answer--refused'}>
        {outcomeLabel(t, call)}
      </p>
      {call.refusal && (
        <p className="agentic-lanes__refusal">{refusalText(t, call.refusal.reason, call.refusal.message)}</p>
      )}
      {call.checks.length > 0 && (
        <ul className="agentic-lanes__checks">
          {call.checks.map((check, index) => (
            <li key={index} data-outcome={check.outcome}>
              <span className="visually-hidden">{t(`AGENTIC.OUTCOME.${check.outcome}`)}: </span>
              {layerName(t, check.layer)} · {checkName(t, check.name)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The three lanes (issue 39): the agent's requests, the network's checks and the merchant's checks,
 * one row per call in the order made. Side by side where there is room, one under another where not.
 */
export function AgentLanes({ calls }: { calls: readonly AgentCall[] }) {
  const { t } = useTranslation();
  const title = useId();
  return (
    <div className="agentic-lanes" role="group" aria-labelledby={title} data-testid="agent-lanes">
      <p id={title} className="visually-hidden">
        {t('AGENTIC_LIVE.LANES.TITLE')}
      </p>
      <div className="agentic-lanes__head" aria-hidden="true">
        {LANES.map((lane) => (
          <span key={lane}>{t(`AGENTIC_LIVE.LANES.${lane}`)}</span>
        ))}
      </div>
      <ol className="agentic-lanes__rows">
        {calls.map((call, index) => (
          <li key={index} className="agentic-lanes__row" data-testid="agent-lane-row">
            <div className="agentic-lanes__cell" data-lane="agent">
              <span className="agentic-lanes__label">{t('AGENTIC_LIVE.LANES.agent')}</span>
              <span className="agentic-lanes__purpose">{t(`AGENTIC_LIVE.PURPOSE.${call.purpose}`)}</span>
              {call.url && (
                <code dir="ltr" className="agentic-value">
                  {callName(call)}
                </code>
              )}
            </div>
            {(['network', 'merchant'] as const).map((lane) => (
              <div key={lane} className="agentic-lanes__cell" data-lane={lane}>
                {call.lane === lane && (
                  <>
                    <span className="agentic-lanes__label">{t(`AGENTIC_LIVE.LANES.${lane}`)}</span>
                    <PartyAnswer call={call} />
                  </>
                )}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
