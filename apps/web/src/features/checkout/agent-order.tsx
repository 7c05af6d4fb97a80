import './agent-order.css';
import { useEffect, useId } from 'react';
import type { AgentCheck, AgentOrder } from '@c2p/domain';
import { ComparedValues } from '../../components/ui/compared-values';
import { loadOnDemandMessages, useTranslation } from '../../lib/i18n';

const KEY = 'AGENTIC.ORDER';

/**
 * An order an AI agent placed for the shopper (issue 39): the mark, who the agent is, the mandate
 * it bought under and, folded, every check the shop made with both values compared, then the
 * credentials as the shop decoded them. Values, hashes and JSON read left to right in every locale.
 */
export function AgentOrderDetails({ agent }: { agent: AgentOrder }) {
  const { t, i18n } = useTranslation();
  const heading = useId();
  const ready = i18n.exists(`${KEY}.INITIATED`);
  useEffect(() => {
    if (!ready) void loadOnDemandMessages();
  }, [ready]);
  if (!ready) return null;
  return (
    <section className="agent-order" data-testid="agent-order" aria-labelledby={heading}>
      <p id={heading} className="agent-order__mark">
        {t(`${KEY}.INITIATED`)}
      </p>
      <p className="agent-order__note">{t(`${KEY}.SANDBOX_OWN`)}</p>
      <dl className="payment-details">
        <div>
          <dt>{t(`${KEY}.AGENT`)}</dt>
          <dd>
            <bdi>{agent.agent.name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t(`${KEY}.KEY_ID`)}</dt>
          <dd>
            <code dir="ltr" className="agent-order__value">
              {agent.agent.keyid}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t(`${KEY}.MODE`)}</dt>
          <dd>{t(agent.mode === 'immediate' ? `${KEY}.MODE_IMMEDIATE` : `${KEY}.MODE_AUTONOMOUS`)}</dd>
        </div>
      </dl>
      <details className="fold">
        <summary>{t(`${KEY}.EVIDENCE`)}</summary>
        {groupByLayer(agent.checks).map(([layer, checks]) => (
          <EvidenceLayer key={layer} layer={layer} checks={checks} />
        ))}
      </details>
      <details className="fold">
        <summary>{t(`${KEY}.CREDENTIALS`)}</summary>
        {agent.layers.map((layer) => (
          <div key={layer.layer} className="agent-order__layer">
            <h4 className="agent-order__layer-title">{t(`AGENTIC.LAYER.${layer.layer}`)}</h4>
            <p className="agent-order__label">{t(`${KEY}.HEADER`)}</p>
            <pre dir="ltr" className="agent-order__json">
              {JSON.stringify(layer.header, null, 2)}
            </pre>
            <p className="agent-order__label">{t(`${KEY}.CLAIMS`)}</p>
            <pre dir="ltr" className="agent-order__json">
              {JSON.stringify(layer.claims, null, 2)}
            </pre>
          </div>
        ))}
      </details>
    </section>
  );
}

/** The checks of one layer (the request's signature, L1, L2, L3b, the payload), in the order made. */
function EvidenceLayer({ layer, checks }: { layer: AgentCheck['layer']; checks: AgentCheck[] }) {
  const { t } = useTranslation();
  const title = useId();
  return (
    <div className="agent-order__layer">
      <h4 id={title} className="agent-order__layer-title">
        {t(`AGENTIC.LAYER.${layer}`)}
      </h4>
      <ul className="agent-order__checks" aria-labelledby={title}>
        {checks.map((check, index) => (
          <li key={`${check.name}-${index}`} className="agent-order__check" data-outcome={check.outcome}>
            <span className="agent-order__check-name">
              {t(`AGENTIC.CHECK.${check.name}`, { defaultValue: '' }) || (
                <code dir="ltr" className="agent-order__value">
                  {check.name}
                </code>
              )}
            </span>{' '}
            <span className="agent-order__outcome">{t(`AGENTIC.OUTCOME.${check.outcome}`)}</span>
            {check.compared && (
              <ComparedValues
                compared={check.compared}
                className="payment-details agent-order__compared"
                valueClassName="agent-order__value"
              />
            )}
            {check.outcome === 'fail' && check.code && (
              <p className="agent-order__refusal">{t(`AGENTIC.ERRORS.${check.code}`)}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function groupByLayer(checks: readonly AgentCheck[]): [AgentCheck['layer'], AgentCheck[]][] {
  const groups = new Map<AgentCheck['layer'], AgentCheck[]>();
  for (const check of checks) groups.set(check.layer, [...(groups.get(check.layer) ?? []), check]);
  return [...groups];
}
