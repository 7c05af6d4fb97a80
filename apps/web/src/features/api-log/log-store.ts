import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@c2p/domain';
import { local } from '../../lib/storage';
import type { AgentCallDetail } from '../../lib/click-to-pay/call-log';
import { maskLogEntry, type MaskNote } from '../../lib/masking';

/** One call as the API log shows it (spec section 3): name, request, response, log time. */
export interface ApiLogEntry {
  name: string;
  request: unknown;
  response: unknown;
  /** ISO time the call ended. */
  logTime: string;
  /** True when `response` is an error (a rejection or a failed server call). */
  failed?: boolean;
  /** The values masked in `request` and `response` (card numbers, codes, tokens), when any were. */
  masked?: MaskNote[];
  /** Who made the call: the browser SDK (when absent), the merchant server to the network, the mock SRC, the network's window (a step it reported), an AI agent; or the checkout's settings (developer mode). */
  source?: 'sdk' | 'server' | 'mock' | 'window' | 'settings' | 'agent';
  httpStatus?: number;
  durationMs?: number;
  /** An agent's call: its lane, purpose, the called party's checks and its credentials decoded (masked before logging). */
  agent?: AgentCallDetail;
}

/** One checkout session: its start time, the network environment, and its calls in order. */
export interface ApiLogTransaction {
  id: string;
  time: string;
  env: string;
  logs: ApiLogEntry[];
}

// Local storage holds a few megabytes: keep the latest transactions and calls only.
const MAX_TRANSACTIONS = 20;
const MAX_LOGS = 200;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: ApiLogTransaction[] | undefined;

function read(): ApiLogTransaction[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.apiLogs) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as ApiLogTransaction[]).filter(isTransaction) : [];
  } catch {
    cache = [];
  }
  // An older release (or another tab's) may have kept card numbers or tokens: masked here, and in storage.
  let changed = false;
  cache = cache.map((transaction) => {
    const logs = transaction.logs.map((log) => {
      const masked = remasked(log);
      if (masked !== log) changed = true;
      return masked;
    });
    return { ...transaction, logs };
  });
  if (changed) local.set(STORAGE_KEYS.apiLogs, JSON.stringify(cache));
  return cache;
}

function remasked(log: ApiLogEntry): ApiLogEntry {
  if (typeof log !== 'object' || log === null) return log;
  const { request, response, masked } = maskLogEntry({
    name: String(log.name),
    request: log.request,
    response: log.response,
  });
  if (masked.length === 0) return log;
  return { ...log, request, response, masked: [...(Array.isArray(log.masked) ? log.masked : []), ...masked] };
}

function isTransaction(value: unknown): value is ApiLogTransaction {
  const t = value as ApiLogTransaction | null;
  return !!t && typeof t.id === 'string' && typeof t.time === 'string' && Array.isArray(t.logs);
}

function write(next: ApiLogTransaction[]): void {
  cache = next.slice(-MAX_TRANSACTIONS);
  local.set(STORAGE_KEYS.apiLogs, JSON.stringify(cache));
  listeners.forEach((listener) => listener());
}

// Another tab's checkout shows up here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // A null key: the other tab cleared all of local storage, the log included.
    if (event.key !== STORAGE_KEYS.apiLogs && event.key !== null) return;
    cache = undefined;
    listeners.forEach((listener) => listener());
  });
}

export const apiLog = {
  transactions: read,
  /** Opens a new transaction (a checkout that loads the SDK) and returns its id. */
  start(env: string): string {
    const id = crypto.randomUUID();
    write([...read(), { id, time: new Date().toISOString(), env, logs: [] }]);
    return id;
  },
  /** Adds a call to the transaction `id`, or to the latest one when it is gone. */
  append(id: string | undefined, entry: Omit<ApiLogEntry, 'logTime'> & { logTime?: string }): void {
    const all = read();
    let index = all.findIndex((t) => t.id === id);
    if (index < 0) index = all.length - 1;
    // Masked here, the one way into the log, so that storage, the panel and the download never see more.
    const { request, response, masked } = maskLogEntry(entry);
    const logged: ApiLogEntry = {
      ...entry,
      request,
      response,
      ...(masked.length > 0 ? { masked } : {}),
      logTime: entry.logTime ?? new Date().toISOString(),
    };
    if (index < 0) {
      write([{ id: crypto.randomUUID(), time: logged.logTime, env: 'unknown', logs: [logged] }]);
      return;
    }
    const target = all[index]!;
    const next = [...all];
    next[index] = { ...target, logs: [...target.logs, logged].slice(-MAX_LOGS) };
    write(next);
  },
  clear(): void {
    write([]);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useApiLog(): ApiLogTransaction[] {
  return useSyncExternalStore(apiLog.subscribe, read, read);
}
