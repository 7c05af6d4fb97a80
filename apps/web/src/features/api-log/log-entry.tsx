import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { apiReferenceUrl, entryAsCode, purposeKey, replayHref } from './entry-code';
import { reasonOf } from './labels';
import { sourceOf } from './log-filter';
import { CodePart, JsonPart } from './log-parts';
import type { ApiLogEntry, ApiLogTransaction } from './log-store';
import { describeMask, maskNotesOf } from './mask-notes';
import { passkeyNotes } from './passkey-note';
import { isPasskeyStep } from '../../lib/click-to-pay/window-steps';
import { AgentCallParts, agentCallOfEntry, laneLabel, referenceUrl } from '../agentic';

interface LogProps {
  log: ApiLogEntry;
  index: number;
  transaction: ApiLogTransaction;
  formatTime(iso: string): string;
  onClose(): void;
}

/** One call: a summary line that opens onto its links, request, response, code and masking notes. */
export function Log(props: LogProps) {
  return (
    <li className={`api-log__log${props.log.failed ? ' api-log__log--failed' : ''}`} data-testid="api-log-entry">
      <details>
        <LogSummary log={props.log} formatTime={props.formatTime} />
        <LogDetail {...props} />
      </details>
    </li>
  );
}

function LogSummary({ log, formatTime }: Pick<LogProps, 'log' | 'formatTime'>) {
  const { t } = useTranslation();
  const name = String(log.name);
  const source = sourceOf(log);
  const agent = source === 'agent' ? agentCallOfEntry(log) : undefined;
  return (
    <summary className="api-log__summary">
      <bdi className="api-log__name">{name}</bdi>
      <span className={`api-log__source api-log__source--${source}`}>
        {agent ? laneLabel(t, agent.lane) : t(`API_LOG.SOURCE.${source}`)}
      </span>
      {log.failed ? (
        <span className="api-log__badge">{t('API_LOG.REJECTED', { reason: reasonOf(log.response) })}</span>
      ) : (
        <span className="api-log__ok">{t('API_LOG.RESOLVED')}</span>
      )}
      {typeof log.httpStatus === 'number' && (
        <span className="api-log__http">{t('API_LOG.HTTP_STATUS', { status: log.httpStatus })}</span>
      )}
      {typeof log.durationMs === 'number' && (
        <span className="api-log__duration">{t('API_LOG.DURATION', { ms: log.durationMs })}</span>
      )}
      <span className="api-log__time">
        <span className="visually-hidden">{t('POLISH.LABEL', { label: t('API_LOG.LOG_TIME') })} </span>
        <time dateTime={log.logTime}>{formatTime(log.logTime)}</time>
      </span>
      <span className="api-log__purpose" data-testid="api-log-purpose">
        {t(purposeKey(name, log))}
      </span>
      {passkeyNotes(t, log)?.map((note) => (
        <span key={note} className="api-log__purpose api-log__passkey" data-testid="api-log-passkey">
          {note}
        </span>
      ))}
    </summary>
  );
}

function LogDetail({ log, index, transaction, onClose }: Omit<LogProps, 'formatTime'>) {
  const { t } = useTranslation();
  const name = String(log.name);
  const source = sourceOf(log);
  const replay = replayHref(name, transaction.id, index);
  const code = useMemo(() => entryAsCode(log, transaction), [log, transaction]);
  const agent = source === 'agent' ? agentCallOfEntry(log) : undefined;
  const reference = source === 'server' ? apiReferenceUrl(name) : agent && referenceUrl(agent);
  return (
    <div className="api-log__detail">
      <div className="api-log__links">
        {replay && (
          <Link to={replay} onClick={onClose} className="api-log__replay">
            {t('API_LOG.REPLAY', { name })}
          </Link>
        )}
        {reference && (
          <a href={reference} target="_blank" rel="noopener noreferrer">
            {t('API_LOG.REFERENCE', { name })}
          </a>
        )}
      </div>
      <JsonPart title={t('API_LOG.REQUEST')} value={log.request} open />
      <JsonPart title={t('API_LOG.RESPONSE')} value={log.response} open />
      {agent && <AgentCallParts call={agent} />}
      {hasCode(log) && (
        <CodePart
          title={t(source === 'server' ? 'API_LOG.AS_CURL' : 'API_LOG.AS_JAVASCRIPT')}
          code={code}
          copyLabel={t('API_LOG.COPY_AS_CODE')}
        />
      )}
      <MaskNotes log={log} />
    </div>
  );
}

/**
 * A call made by code, which can be copied as code: not the settings, nor a step of the network's
 * window, nor an agent's signed call (its signature's nonce is good once).
 */
const hasCode = (log: ApiLogEntry) =>
  !['settings', 'agent'].includes(sourceOf(log)) && !isPasskeyStep(String(log.name));

/** What was masked in the call before it was logged, and how. */
function MaskNotes({ log }: { log: ApiLogEntry }) {
  const { t } = useTranslation();
  const maskedLabel = useId();
  const notes = maskNotesOf(log);
  if (notes.length === 0) return null;
  return (
    <>
      <h4 id={maskedLabel} className="api-log__part">
        {t('API_LOG.MASKED.TITLE')}
      </h4>
      <ul className="api-log__masked" aria-labelledby={maskedLabel}>
        {notes.map((note, index) => (
          <li key={index}>
            <code dir="ltr" className="api-log__path">
              {note.path}
            </code>{' '}
            {describeMask(t, note)}
          </li>
        ))}
      </ul>
    </>
  );
}
