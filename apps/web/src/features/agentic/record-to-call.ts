import type { AgentRecord } from '@c2p/agentic/agent';
import { maskLogEntry } from '../../lib/masking';
import { checksOf, type AgentCall } from './agent-call';
import { decodeCredentials } from './credential-decoder';

/** The record of the scripted agent, made ready to show and to keep in the API log. */
export async function agentCallOf(record: AgentRecord): Promise<AgentCall> {
  const body = record.request?.body;
  const credentials = await decodeCredentials(body, record.response);
  const { request, response } = maskLogEntry({
    name: record.purpose,
    request: record.request ? { method: record.method, url: record.url, ...record.request } : undefined,
    response: record.response,
  });
  return {
    lane: record.lane,
    purpose: record.purpose,
    at: record.at,
    ...(record.method === undefined ? {} : { method: record.method, url: record.url }),
    ...(record.status === undefined ? {} : { status: record.status }),
    ok: record.ok,
    ...(record.error ? { refusal: record.error } : {}),
    request,
    response,
    checks: checksOf(record.response),
    credentials,
  };
}
