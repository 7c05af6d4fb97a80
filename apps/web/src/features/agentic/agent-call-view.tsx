import './agentic.css';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { callName, type AgentCall } from './agent-call';
import { CheckList, refusalText } from './check-list';
import { CredentialView } from './credential-view';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** "Agent → network", "Agent → shop", or the agent alone. */
export const laneLabel = (t: TFunction, lane: AgentCall['lane']) => t(`AGENTIC_LIVE.LANE.${lane}`);

/** How the party answered: its HTTP status, or the refusal's reason code. */
export function outcomeLabel(t: TFunction, call: Pick<AgentCall, 'ok' | 'status' | 'refusal'>): string {
  if (call.ok)
    return typeof call.status === 'number'
      ? t('AGENTIC_LIVE.CALL.OK', { status: call.status })
      : t('AGENTIC_LIVE.CALL.DONE');
  return t('AGENTIC_LIVE.CALL.REFUSED', { reason: call.refusal?.reason ?? '' });
}

/** The checks the called party answered and the credentials the call carried, each folded. */
export function AgentCallParts({ call }: { call: Pick<AgentCall, 'checks' | 'credentials' | 'lane'> }) {
  const { t } = useTranslation();
  return (
    <>
      {call.checks.length > 0 && (
        <details className="fold" open={call.checks.some((check) => check.outcome === 'fail')}>
          <summary>
            {t(call.lane === 'merchant' ? 'AGENTIC_LIVE.CALL.MERCHANT_CHECKS' : 'AGENTIC_LIVE.CALL.NETWORK_CHECKS', {
              count: call.checks.length,
            })}
          </summary>
          <CheckList checks={call.checks} />
        </details>
      )}
      {call.credentials.length > 0 && (
        <details className="fold" data-testid="agent-credentials">
          <summary>{t('AGENTIC_LIVE.CALL.CREDENTIALS', { count: call.credentials.length })}</summary>
          {call.credentials.map((credential) => (
            <CredentialView key={credential.path} credential={credential} />
          ))}
        </details>
      )}
    </>
  );
}

/** One call of the agent: to whom and why, how it was answered (the refusal in words), then its parts. */
export function AgentCallCard({ call }: { call: AgentCall }) {
  const { t } = useTranslation();
  return (
    <li className="agentic-call" data-testid="agent-call" data-lane={call.lane} data-ok={String(call.ok)}>
      <p className="agentic-call__head">
        <span className={`agentic-lane agentic-lane--${call.lane}`}>{laneLabel(t, call.lane)}</span>
        <span className="agentic-call__purpose" data-testid="agent-call-purpose">
          {t(`AGENTIC_LIVE.PURPOSE.${call.purpose}`)}
        </span>
        <span className={call.ok ? 'agentic-call__status' : 'agentic-call__status agentic-call__status--refused'}>
          {outcomeLabel(t, call)}
        </span>
      </p>
      {call.url && (
        <p className="agentic-call__address">
          <code dir="ltr" className="agentic-value">
            {callName(call)}
          </code>
        </p>
      )}
      {call.refusal && (
        <p className="agentic-call__refusal" data-testid="agent-refusal">
          <code dir="ltr">{call.refusal.reason}</code> {refusalText(t, call.refusal.reason, call.refusal.message)}
        </p>
      )}
      <AgentCallParts call={call} />
      {call.request !== undefined && (
        <details className="fold">
          <summary>{t('AGENTIC_LIVE.CALL.REQUEST_AND_ANSWER')}</summary>
          <pre dir="ltr" className="agentic-json" tabIndex={0}>
            {json(call.request)}
          </pre>
          <pre dir="ltr" className="agentic-json" tabIndex={0}>
            {json(call.response)}
          </pre>
        </details>
      )}
    </li>
  );
}
