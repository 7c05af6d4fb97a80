import './api-log.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import type { TFunction } from '../../lib/i18n';
import { SlideOver } from '../../components/ui/slide-over';
import { downloadApiLog, prettyJson, timeFormatter } from './download';
import { apiLog, useApiLog, type ApiLogEntry, type ApiLogTransaction } from './log-store';
import { describeMask, maskNotesOf } from './mask-notes';
import { downloadJson, matchesFilter, sourceOf, type LogFilter } from './log-filter';

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
        .map((transaction) => ({ ...transaction, logs: transaction.logs.filter((log) => matchesFilter(log, filter)) }))
        .filter((transaction) => transaction.logs.length > 0 || (filter.source === 'all' && !filter.failedOnly)),
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
            {newestFirst.map((transaction) => (
              <Transaction key={transaction.id} transaction={transaction} formatTime={formatTime} />
            ))}
          </ol>
        </>
      )}
    </SlideOver>
  );
}

function Transaction({ transaction, formatTime }: { transaction: ApiLogTransaction; formatTime(iso: string): string }) {
  const { t } = useTranslation();
  // Stored by any tab or release: a malformed entry is skipped rather than breaking the panel.
  const logs = transaction.logs.filter((log): log is ApiLogEntry => typeof log === 'object' && log !== null);
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
      </p>
      {logs.length > 0 && (
        <ol className="api-log__logs">
          {logs.map((log, index) => (
            <Log key={index} log={log} formatTime={formatTime} />
          ))}
        </ol>
      )}
    </li>
  );
}

function Log({ log, formatTime }: { log: ApiLogEntry; formatTime(iso: string): string }) {
  const { t } = useTranslation();
  const maskedLabel = useId();
  const notes = maskNotesOf(log);
  return (
    <li className={`api-log__log${log.failed ? ' api-log__log--failed' : ''}`} data-testid="api-log-entry">
      <details>
        <summary className="api-log__summary">
          <bdi className="api-log__name">{String(log.name)}</bdi>
          <span className={`api-log__source api-log__source--${sourceOf(log)}`}>
            {t(`API_LOG.SOURCE.${sourceOf(log)}`)}
          </span>
          {log.failed ? (
            <span className="api-log__badge">{t('API_LOG.ERROR')}</span>
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
        </summary>
        <div className="api-log__detail">
          <JsonPart title={t('API_LOG.REQUEST')} value={log.request} />
          <JsonPart title={t('API_LOG.RESPONSE')} value={log.response} />
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

/** A request or response, as escaped text (never markup), with a button that copies it. */
function JsonPart({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = prettyJson(value);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <div className="api-log__part-head">
        <h4 className="api-log__part">{title}</h4>
        <button type="button" className="button button--ghost api-log__copy" onClick={() => void copy()}>
          {copied ? t('API_LOG.COPIED') : t('API_LOG.COPY', { part: title.toLocaleLowerCase() })}
        </button>
      </div>
      <pre dir="ltr" className="api-log__json" tabIndex={0}>
        {text}
      </pre>
    </>
  );
}
