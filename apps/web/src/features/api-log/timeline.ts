import type { ApiLogEntry } from './log-store';

export interface TimelineRow {
  log: ApiLogEntry;
  /** Milliseconds from the first call's start. */
  start: number;
  end: number;
  /** The call this one started after (the last to end before it began), when any. */
  waitedOn?: string;
  /** Calls still running when this one started. */
  alongside: string[];
}

/**
 * A transaction's calls on one time axis (issue 17: which call waited on which). A call's start is
 * its log time less its duration; a call started after another ended waited on it.
 */
export function timelineOf(logs: readonly ApiLogEntry[]): { rows: TimelineRow[]; total: number } {
  const spans = logs.map((log) => {
    const end = new Date(log.logTime).getTime();
    const duration = typeof log.durationMs === 'number' && log.durationMs > 0 ? log.durationMs : 0;
    return { log, start: end - duration, end };
  });
  const valid = spans.filter((span) => Number.isFinite(span.end));
  if (valid.length === 0) return { rows: [], total: 0 };
  const origin = Math.min(...valid.map((span) => span.start));
  const total = Math.max(1, Math.max(...valid.map((span) => span.end)) - origin);
  const rows = valid
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((span, index, sorted) => {
      const before = sorted.slice(0, index);
      const finished = before.filter((other) => other.end <= span.start);
      const waited = finished.sort((a, b) => b.end - a.end)[0];
      return {
        log: span.log,
        start: span.start - origin,
        end: span.end - origin,
        waitedOn: waited ? String(waited.log.name) : undefined,
        alongside: before.filter((other) => other.end > span.start).map((other) => String(other.log.name)),
      };
    });
  return { rows, total };
}
