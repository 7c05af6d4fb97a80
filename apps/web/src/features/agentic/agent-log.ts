import type { AgentRecord } from '@c2p/agentic/agent';
import { callLog, type AgentCallDetail } from '../../lib/click-to-pay/call-log';
import { callName, checksOf, type AgentCall } from './agent-call';

/**
 * Puts an agent's call in the API log beside the SDK calls of the same transaction: the request and
 * answer as the agent recorded them (the log masks them, noting what), and the rest ready to show.
 */
export function logAgentCall(transactionId: string | undefined, call: AgentCall, record: AgentRecord): void {
  const { request: _request, response: _response, ...detail } = call;
  callLog.append(transactionId, {
    name: callName(call),
    request: record.request ? { method: record.method, url: record.url, ...record.request } : null,
    response: record.response ?? null,
    failed: !call.ok,
    source: 'agent',
    ...(typeof call.status === 'number' ? { httpStatus: call.status } : {}),
    durationMs: Math.max(0, Date.now() - call.at),
    agent: detail as AgentCallDetail,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An agent's call as a logged entry keeps it, when it is well formed (storage is shared with other tabs and releases). */
export function agentCallOfEntry(entry: {
  agent?: unknown;
  request?: unknown;
  response?: unknown;
}): AgentCall | undefined {
  const detail = entry.agent;
  if (!isObject(detail) || typeof detail.purpose !== 'string' || typeof detail.ok !== 'boolean') return undefined;
  if (!['network', 'merchant', 'agent'].includes(String(detail.lane))) return undefined;
  if (!Array.isArray(detail.checks) || !Array.isArray(detail.credentials)) return undefined;
  const credentials = detail.credentials.filter(
    (c) =>
      isObject(c) && typeof c.path === 'string' && Array.isArray(c.hashes) && isObject(c.header) && isObject(c.claims),
  );
  return {
    ...(detail as unknown as AgentCall),
    checks: checksOf({ checks: detail.checks }),
    credentials: credentials as unknown as AgentCall['credentials'],
    request: entry.request,
    response: entry.response,
  };
}
