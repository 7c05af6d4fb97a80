import type { ApiLogEntry, ApiLogTransaction } from './log-store';

export interface LogFilter {
  source: 'all' | 'sdk' | 'window' | 'server' | 'mock' | 'agent';
  failedOnly: boolean;
}

/** Entries logged before sources were recorded came from the browser SDK. */
export const sourceOf = (log: ApiLogEntry): NonNullable<ApiLogEntry['source']> => log.source ?? 'sdk';

export function matchesFilter(log: ApiLogEntry, filter: LogFilter): boolean {
  if (filter.failedOnly && !log.failed) return false;
  return filter.source === 'all' || sourceOf(log) === filter.source;
}

/** The log as JSON, the way it is stored (masked already). */
export function downloadJson(transactions: ApiLogTransaction[]): void {
  const blob = new Blob([JSON.stringify(transactions, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `api-log-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
