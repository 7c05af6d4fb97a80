import './api-log.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { SlideOver } from '../../components/ui/slide-over';
import { downloadApiLog, timeFormatter } from './download';
import { apiLog, useApiLog, type ApiLogTransaction } from './log-store';
import { describeMask } from './mask-notes';
import { downloadJson, matchesFilter, type LogFilter } from './log-filter';
import { describeEntry, envLabel } from './labels';
import { Transaction } from './transaction';

interface ApiLogPanelProps {
  onClose(): void;
  /** Where focus goes on close when the opener is gone. */
  fallbackFocus?(): HTMLElement | null;
}

/** Each session with the calls the filter shows, newest session first; sessions without any are left out while filtering. */
function useFilteredTransactions(transactions: ApiLogTransaction[], filter: LogFilter) {
  return useMemo(
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
  const newestFirst = useFilteredTransactions(transactions, filter);
  const listLabel = useId();
  const isEmpty = transactions.length === 0;

  return (
    <SlideOver title={t('API_LOG.TITLE')} onClose={onClose} fallbackFocus={fallbackFocus} wide className="api-log">
      <Toolbar
        transactions={transactions}
        formatTime={formatTime}
        onCleared={() => setCleared(true)}
        onClose={onClose}
      />
      {!isEmpty && <Filters filter={filter} onChange={setFilter} />}
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

/** Download (html or JSON) and Clear all, which wait for a first call, and the way to the configuration. */
function Toolbar({
  transactions,
  formatTime,
  onCleared,
  onClose,
}: {
  transactions: ApiLogTransaction[];
  formatTime(iso: string): string;
  onCleared(): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const emptyHint = useId();
  const isEmpty = transactions.length === 0;

  const downloadHtml = () =>
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
      describeEntry: (log) => describeEntry(t, log),
    });
  const actions = [
    { label: 'API_LOG.DOWNLOAD', run: downloadHtml },
    { label: 'API_LOG.DOWNLOAD_JSON', run: () => downloadJson(transactions) },
    {
      label: 'API_LOG.CLEAR_ALL',
      run: () => {
        apiLog.clear();
        onCleared();
      },
    },
  ];

  return (
    <>
      <div className="api-log__toolbar">
        {actions.map(({ label, run }) => (
          <button
            key={label}
            type="button"
            className="button button--ghost api-log__action"
            onClick={run}
            disabled={isEmpty}
            aria-describedby={isEmpty ? emptyHint : undefined}
          >
            {t(label)}
          </button>
        ))}
        <Link to="/srci/config" className="api-log__config" onClick={onClose}>
          {t('API_LOG.CONFIGURATION')}
        </Link>
      </div>
      {isEmpty && (
        <p id={emptyHint} className="api-log__hint">
          {t('API_LOG.NOTHING_YET')}
        </p>
      )}
    </>
  );
}

const SOURCES = ['sdk', 'window', 'server', 'mock', 'agent'] as const;

/** Which calls show: from one source only, and only the failed ones. */
function Filters({ filter, onChange }: { filter: LogFilter; onChange(filter: LogFilter): void }) {
  const { t } = useTranslation();
  return (
    <div className="api-log__filters">
      <label>
        {t('API_LOG.FILTER.SOURCE')}{' '}
        <select
          value={filter.source}
          onChange={(event) => onChange({ ...filter, source: event.target.value as LogFilter['source'] })}
        >
          <option value="all">{t('API_LOG.FILTER.ALL')}</option>
          {SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`API_LOG.SOURCE.${source}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={filter.failedOnly}
          onChange={(event) => onChange({ ...filter, failedOnly: event.target.checked })}
        />{' '}
        {t('API_LOG.FILTER.FAILED_ONLY')}
      </label>
    </div>
  );
}
