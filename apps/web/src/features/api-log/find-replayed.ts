import type { ApiLogEntry, ApiLogTransaction } from './log-store';

/** Finds the call a replay link names, in the log as stored. */
export function findReplayed(
  transactions: readonly ApiLogTransaction[],
  replay: string | null,
): ApiLogEntry | undefined {
  if (!replay) return undefined;
  const dot = replay.lastIndexOf('.');
  const id = replay.slice(0, dot);
  const index = Number(replay.slice(dot + 1));
  const log = transactions.find((t) => t.id === id)?.logs[index];
  return typeof log === 'object' && log !== null ? log : undefined;
}
