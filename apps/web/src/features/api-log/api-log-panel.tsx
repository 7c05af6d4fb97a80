import './api-log.css';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import type { TFunction } from '../../lib/i18n';
import { SlideOver } from '../../components/ui/slide-over';
import { downloadApiLog, prettyJson, timeFormatter } from './download';
import { apiLog, useApiLog, type ApiLogEntry, type ApiLogTransaction } from './log-store';
import { describeMask, maskNotesOf } from './mask-notes';
import { downloadJson, matchesFilter, sourceOf, type LogFilter } from './log-filter';
import { formatNumber } from '@c2p/domain';
import { apiReferenceUrl, entryAsCode, purposeKey, replayHref } from './entry-code';
import { highlightJson } from './json-view';
import { timelineOf } from './timeline';

const ENV_KEYS: Record<string, string> = {
  'offline-sandbox': 'API_LOG.ENV.OFFLINE_SANDBOX',
  sandbox: 'API_LOG.ENV.SANDBOX',
  production: 'API_LOG.ENV.PRODUCTION',
  unknown: 'API_LOG.ENV.UNKNOWN',
};

/** The translated name of a network environment; a value we do not know is shown as it is. */
function envLabel(t: TFunction, env: string): string {
  const key = ENV_KEYS[env];
  return key ? t(key) : env;
}

interface ApiLogPanelProps {
  onClose(): void;
  /** Where focus goes on close when the opener is gone. */
  fallbackFocus?(): HTMLElement | null;
}

/**
 * The API log side panel (spec section 2), loaded on first open: every SDK and server call of each
 * checkout session, newest session first, with download as an html file, clear all and a link to
 * the configuration.
 */
export default function ApiLogPanel({ onClose, fallbackFocus }: ApiLogPanelProps) {
  const { t, i18n } = useTranslation();
  const transactions = useApiLog();
  const [cleared, setCleared] = useState(false);
  const [filter, setFilter] = useState<LogFilter>({ source: 'all', failedOnly: false });
  const formatTime = useMemo(() => timeFormatter(i18n.language), [i18n.language]);
  const newestFirst = useMemo(
    () =>
      [...transactions]
        .reverse()
        .map((transaction) => ({
          transaction,
          shown: transaction.logs.filter(
            (log) => typeof log === 'object' && log !== null && matchesFilter(log, filter),
          ),
        }))
        .filter(({ shown }) => shown.length > 0 || (filter.source === 'all' && !filter.failedOnly)),
    [transactions, filter],
  );
  const listLabel = useId();
  const emptyHint = useId();
  const isEmpty = transactions.length === 0;

  function download() {
    downloadApiLog(transactions, {
      lang: i18n.language,
      dir: i18n.dir(i18n.language),
      title: t('API_LOG.TITLE'),
      labels: {
        empty: t('API_LOG.EMPTY'),
        environment: t('API_LOG.ENVIRONMENT'),
        started: t('API_LOG.STARTED'),
        logTime: t('API_LOG.LOG_TIME'),
        request: t('API_LOG.REQUEST'),
        response: t('API_LOG.RESPONSE'),
        error: t('API_LOG.ERROR'),
        downloaded: t('API_LOG.DOWNLOADED', { date: formatTime(new Date().toISOString()) }),
        masked: t('API_LOG.MASKED.TITLE'),
      },
      formatTime,
      envLabel: (env) => envLabel(t, env),
      describeMask: (note) => describeMask(t, note),
      describeEntry: (log) =>
        [
          t(`API_LOG.SOURCE.${sourceOf(log)}`),
          log.failed ? t('API_LOG.REJECTED', { reason: reasonOf(log.response) }) : t('API_LOG.RESOLVED'),
          typeof log.httpStatus === 'number' ? t('API_LOG.HTTP_STATUS', { status: log.httpStatus }) : '',
          typeof log.durationMs === 'number' ? t('API_LOG.DURATION', { ms: log.durationMs }) : '',
          t(purposeKey(String(log.name))),
        ]
          .filter(Boolean)
          .join(' · '),
    });
  }

  function clearAll() {
    apiLog.clear();
    setCleared(true);
  }

  return (
    <SlideOver title={t('API_LOG.TITLE')} onClose={onClose} fallbackFocus={fallbackFocus} wide className="api-log">
      <div className="api-log__toolbar">
        <button
          type="button"
          className="button button--ghost api-log__action"
          onClick={download}
          disabled={isEmpty}
          aria-describedby={isEmpty ? emptyHint : undefined}
        >
          {t('API_LOG.DOWNLOAD')}
        </button>
        <button
          type="button"
          className="button button--ghost api-log__action"
          onClick={() => downloadJson(transactions)}
          disabled={isEmpty}
          aria-describedby={isEmpty ? emptyHint : undefined}
        >
          {t('API_LOG.DOWNLOAD_JSON')}
        </button>
        <button
          type="button"
          className="button button--ghost api-log__action"
          onClick={clearAll}
          disabled={isEmpty}
          aria-describedby={isEmpty ? emptyHint : undefined}
        >
          {t('API_LOG.CLEAR_ALL')}
        </button>
        <Link to="/srci/config" className="api-log__config" onClick={onClose}>
          {t('API_LOG.CONFIGURATION')}
        </Link>
      </div>
      {isEmpty ? (
        <p id={emptyHint} className="api-log__hint">
          {t('API_LOG.NOTHING_YET')}
        </p>
      ) : (
        <div className="api-log__filters">
          <label>
            {t('API_LOG.FILTER.SOURCE')}{' '}
            <select
              value={filter.source}
              onChange={(event) => setFilter({ ...filter, source: event.target.value as LogFilter['source'] })}
            >
              <option value="all">{t('API_LOG.FILTER.ALL')}</option>
              <option value="sdk">{t('API_LOG.SOURCE.sdk')}</option>
              <option value="server">{t('API_LOG.SOURCE.server')}</option>
              <option value="mock">{t('API_LOG.SOURCE.mock')}</option>
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={filter.failedOnly}
              onChange={(event) => setFilter({ ...filter, failedOnly: event.target.checked })}
            />{' '}
            {t('API_LOG.FILTER.FAILED_ONLY')}
          </label>
        </div>
      )}
      {/* Always present, so that clearing is announced; the empty state is its text. */}
      <div role="status" className="api-log__status">
        {!isEmpty && newestFirst.length === 0 && <p className="api-log__empty">{t('API_LOG.FILTER.NO_MATCH')}</p>}
        {isEmpty && (
          <p className="api-log__empty">
            {cleared && <span className="api-log__cleared">{t('API_LOG.CLEARED')} </span>}
            {t('API_LOG.EMPTY')}
          </p>
        )}
      </div>
      {newestFirst.length > 0 && (
        <>
          <p id={listLabel} className="visually-hidden">
            {t('API_LOG.TRANSACTIONS')}
          </p>
          <ol className="api-log__transactions" aria-labelledby={listLabel}>
            {newestFirst.map(({ transaction, shown }) => (
              <Transaction
                key={transaction.id}
                transaction={transaction}
                logs={shown}
                formatTime={formatTime}
                onClose={onClose}
              />
            ))}
          </ol>
        </>
      )}
    </SlideOver>
  );
}

function Transaction({
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
  return (
    <li className="api-log__transaction">
      <h3 className="api-log__transaction-title">
        <span className="api-log__label">{t('API_LOG.STARTED')}: </span>
        <time dateTime={transaction.time}>{formatTime(transaction.time)}</time>
      </h3>
      <p className="api-log__meta">
        <span>
          {t('API_LOG.ENVIRONMENT')}: <strong data-testid="api-log-env">{envLabel(t, String(transaction.env))}</strong>
        </span>
        <span>{t('API_LOG.CALL_COUNT', { count: logs.length })}</span>
        {logs.length > 1 && (
          <button
            type="button"
            className="button button--link api-log__timeline-toggle"
            aria-pressed={timeline}
            onClick={() => setTimeline(!timeline)}
          >
            {t('API_LOG.TIMELINE.SHOW')}
          </button>
        )}
      </p>
      {timeline && <Timeline logs={logs} />}
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

function Log({
  log,
  index,
  transaction,
  formatTime,
  onClose,
}: {
  log: ApiLogEntry;
  index: number;
  transaction: ApiLogTransaction;
  formatTime(iso: string): string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const maskedLabel = useId();
  const notes = maskNotesOf(log);
  const name = String(log.name);
  const source = sourceOf(log);
  const replay = replayHref(name, transaction.id, index);
  const code = useMemo(() => entryAsCode(log, transaction), [log, transaction]);
  return (
    <li className={`api-log__log${log.failed ? ' api-log__log--failed' : ''}`} data-testid="api-log-entry">
      <details>
        <summary className="api-log__summary">
          <bdi className="api-log__name">{name}</bdi>
          <span className={`api-log__source api-log__source--${source}`}>{t(`API_LOG.SOURCE.${source}`)}</span>
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
            <span className="visually-hidden">{t('API_LOG.LOG_TIME')}: </span>
            <time dateTime={log.logTime}>{formatTime(log.logTime)}</time>
          </span>
          <span className="api-log__purpose" data-testid="api-log-purpose">
            {t(purposeKey(name))}
          </span>
        </summary>
        <div className="api-log__detail">
          <div className="api-log__links">
            {replay && (
              <Link to={replay} onClick={onClose} className="api-log__replay">
                {t('API_LOG.REPLAY', { name })}
              </Link>
            )}
            {source === 'server' && (
              <a href={apiReferenceUrl(name)} target="_blank" rel="noopener noreferrer">
                {t('API_LOG.REFERENCE', { name })}
              </a>
            )}
          </div>
          <JsonPart title={t('API_LOG.REQUEST')} value={log.request} open />
          <JsonPart title={t('API_LOG.RESPONSE')} value={log.response} open />
          <CodePart
            title={t(source === 'server' ? 'API_LOG.AS_CURL' : 'API_LOG.AS_JAVASCRIPT')}
            code={code}
            copyLabel={t('API_LOG.COPY_AS_CODE')}
          />
          {notes.length > 0 && (
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
          )}
        </div>
      </details>
    </li>
  );
}

/** A rejection's reason (the SDK's `reason`, a server error's message), for the status badge. */
function reasonOf(response: unknown): string {
  if (typeof response === 'string') return response.slice(0, 80);
  if (response && typeof response === 'object') {
    const r = response as { reason?: unknown; error?: unknown; message?: unknown };
    const error = r.error as { reason?: unknown } | string | undefined;
    const reason = r.reason ?? (typeof error === 'string' ? error : error?.reason) ?? r.message;
    if (typeof reason === 'string') return reason.slice(0, 80);
  }
  return '—';
}

function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return [copied, copy] as const;
}

/**
 * A part of a call that folds (a disclosure button in its heading, not a nested `<details>`, so the
 * call's own summary stays the one summary of its entry).
 */
function Part({
  title,
  initiallyOpen,
  actions,
  children,
}: {
  title: string;
  initiallyOpen?: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen ?? false);
  const body = useId();
  return (
    <div className="api-log__part-box">
      <div className="api-log__part-head">
        <h4 className="api-log__part">
          <button
            type="button"
            className="api-log__toggle"
            aria-expanded={open}
            aria-controls={body}
            onClick={() => setOpen(!open)}
          >
            {title}
          </button>
        </h4>
        {open && actions}
      </div>
      <div id={body} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** A request or response: collapsible, highlighted, escaped text (never markup), with a copy button. */
function JsonPart({ title, value, open }: { title: string; value: unknown; open?: boolean }) {
  const { t } = useTranslation();
  const text = prettyJson(value);
  const [copied, copy] = useCopy(text);
  return (
    <Part
      title={title}
      initiallyOpen={open}
      actions={
        <button type="button" className="button button--ghost api-log__copy" onClick={copy}>
          {copied ? t('API_LOG.COPIED') : t('API_LOG.COPY', { part: title.toLocaleLowerCase() })}
        </button>
      }
    >
      <pre dir="ltr" className="api-log__json" tabIndex={0}>
        {highlightJson(text)}
      </pre>
    </Part>
  );
}

/** The call as a runnable snippet (JavaScript or curl), collapsed until asked for, with its copy button. */
function CodePart({ title, code, copyLabel }: { title: string; code: string; copyLabel: string }) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy(code);
  return (
    <Part
      title={title}
      actions={
        <button type="button" className="button button--ghost api-log__copy" onClick={copy}>
          {copied ? t('API_LOG.COPIED') : copyLabel}
        </button>
      }
    >
      <pre dir="ltr" className="api-log__json api-log__code" tabIndex={0} data-testid="api-log-code">
        {code}
      </pre>
    </Part>
  );
}
