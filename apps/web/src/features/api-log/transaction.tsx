import { useMemo, useState, type ReactNode } from 'react';
import { formatNumber } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';
import { AgentLanes, agentCallOfEntry, type AgentCall } from '../agentic';
import { envLabel } from './labels';
import { Log } from './log-entry';
import { sourceOf } from './log-filter';
import type { ApiLogEntry, ApiLogTransaction } from './log-store';
import { timelineOf } from './timeline';

export function Transaction({
  transaction,
  logs,
  formatTime,
  onClose,
}: {
  transaction: ApiLogTransaction;
  /** The calls the filter shows (a malformed stored entry is skipped rather than breaking the panel). */
  logs: ApiLogEntry[];
  formatTime(iso: string): string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [timeline, setTimeline] = useState(false);
  const [lanes, setLanes] = useState(false);
  const agentCalls = useMemo(
    () => logs.flatMap((log) => (log.source === 'agent' ? [agentCallOfEntry(log)] : [])).filter(isCall),
    [logs],
  );
  return (
    <li className="api-log__transaction">
      <h3 className="api-log__transaction-title">
        <span className="api-log__label">{t('POLISH.LABEL', { label: t('API_LOG.STARTED') })} </span>
        <time dateTime={transaction.time}>{formatTime(transaction.time)}</time>
      </h3>
      <p className="api-log__meta">
        <span>
          {t('POLISH.LABEL', { label: t('API_LOG.ENVIRONMENT') })}{' '}
          <strong data-testid="api-log-env">{envLabel(t, String(transaction.env))}</strong>
        </span>
        <span>{t('API_LOG.CALL_COUNT', { count: logs.length })}</span>
        {logs.length > 1 && (
          <ViewToggle pressed={timeline} onToggle={setTimeline}>
            {t('API_LOG.TIMELINE.SHOW')}
          </ViewToggle>
        )}
        {agentCalls.length > 0 && (
          <ViewToggle pressed={lanes} onToggle={setLanes}>
            {t('API_LOG.LANES')}
          </ViewToggle>
        )}
      </p>
      {timeline && <Timeline logs={logs} />}
      {lanes && <AgentLanes calls={agentCalls} />}
      {logs.length > 0 && (
        <ol className="api-log__logs">
          {logs.map((log) => (
            <Log
              key={transaction.logs.indexOf(log)}
              log={log}
              index={transaction.logs.indexOf(log)}
              transaction={transaction}
              formatTime={formatTime}
              onClose={onClose}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

/** The transaction's calls on one time axis, each saying which call it waited for. */
function Timeline({ logs }: { logs: ApiLogEntry[] }) {
  const { t, i18n } = useTranslation();
  const { rows, total } = useMemo(() => timelineOf(logs), [logs]);
  const percent = (ms: number) => `${((ms / total) * 100).toFixed(2)}%`;
  return (
    <div className="api-log__timeline" data-testid="api-log-timeline">
      <h4 className="api-log__part">{t('API_LOG.TIMELINE.TITLE')}</h4>
      <ol>
        {rows.map((row, index) => (
          <li key={index} className="api-log__timeline-row">
            <span className="api-log__timeline-name">
              <bdi>{String(row.log.name)}</bdi>
            </span>
            <span className="api-log__timeline-track" aria-hidden="true">
              <span
                className={`api-log__timeline-bar api-log__timeline-bar--${sourceOf(row.log)}${row.log.failed ? ' api-log__timeline-bar--failed' : ''}`}
                style={{
                  insetInlineStart: percent(row.start),
                  inlineSize: `max(2px, ${percent(row.end - row.start)})`,
                }}
              />
            </span>
            <span className="api-log__timeline-text">
              {t('API_LOG.TIMELINE.AT', {
                start: formatNumber(row.start, i18n.language),
                end: formatNumber(row.end, i18n.language),
              })}{' '}
              {row.waitedOn
                ? t('API_LOG.TIMELINE.WAITED', { name: row.waitedOn })
                : index === 0
                  ? t('API_LOG.TIMELINE.FIRST')
                  : ''}
              {row.alongside.length > 0 && ` ${t('API_LOG.TIMELINE.ALONGSIDE', { names: row.alongside.join(', ') })}`}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

const isCall = (call: AgentCall | undefined): call is AgentCall => call !== undefined;

/** A button that shows or hides one view of the transaction's calls (pressed while shown). */
function ViewToggle({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean;
  onToggle: (pressed: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--link api-log__timeline-toggle"
      aria-pressed={pressed}
      onClick={() => onToggle(!pressed)}
    >
      {children}
    </button>
  );
}
