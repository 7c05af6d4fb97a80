import type { AgentRecord } from '@c2p/agentic/agent';
import { useTranslation } from '../../../lib/i18n';

const KEY = 'TOUR.AGENT.PANEL';

/** The scripted agent's side: each call it made, to whom, why, and what came back. */
export function AgentPanel({ records, agent }: { records: readonly AgentRecord[]; agent: string }) {
  const { t } = useTranslation();
  return (
    <section className="agent-panel" aria-labelledby="agent-panel-title" data-testid="agent-panel">
      <h2 id="agent-panel-title">{t(`${KEY}.TITLE`, { agent })}</h2>
      <p className="agent-panel__note">{t(`${KEY}.NOTE`)}</p>
      {records.length === 0 ? (
        <p className="agent-panel__empty">{t(`${KEY}.EMPTY`)}</p>
      ) : (
        <ol className="agent-panel__records" aria-live="polite">
          {records.map((record) => (
            <li
              key={`${record.at}-${record.purpose}`}
              className="agent-panel__record"
              data-lane={record.lane}
              data-ok={record.ok}
            >
              <span className="agent-panel__lane">{t(`${KEY}.LANE.${record.lane}`)}</span>
              <span className="agent-panel__purpose">{t(`${KEY}.PURPOSE.${record.purpose}`)}</span>
              {record.url && (
                <code dir="ltr" className="agent-panel__call">
                  {record.method} {new URL(record.url).pathname} → {record.status}
                </code>
              )}
              {record.error && (
                <code dir="ltr" className="agent-panel__call">
                  {record.error.reason}
                </code>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
