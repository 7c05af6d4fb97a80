import { signAgentRequest, type AgentRequestSigner, type AgentSignatureTag } from '../http-signatures/agent-request.ts';
import {
  refusalOf,
  shortenPayload,
  type AgentLane,
  type AgentPurpose,
  type AgentRecord,
  type AgentStep,
} from './records.ts';

export interface AgentCall {
  readonly step: AgentStep;
  readonly lane: Exclude<AgentLane, 'agent'>;
  readonly purpose: AgentPurpose;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body?: unknown;
  /** Signed with this Trusted Agent Protocol tag; unsigned when absent (registration). */
  readonly tag?: AgentSignatureTag;
}

export interface CallResult {
  readonly record: AgentRecord;
  /** The answer as received, before the record shortened anything. */
  readonly body: unknown;
}

/** Sends one JSON call, signed (RFC 9421) when it names a tag, and records it. Never throws for a refusal or an unreachable party. */
export async function sendCall(
  call: AgentCall,
  signer: AgentRequestSigner | undefined,
  fetcher: typeof fetch,
  now: () => number,
): Promise<CallResult> {
  const text = call.body === undefined ? undefined : JSON.stringify(call.body);
  const plain: Record<string, string> = {
    accept: 'application/json',
    ...(text === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const signature =
    call.tag === undefined || signer === undefined
      ? {}
      : await signAgentRequest({ method: call.method, url: call.url, headers: plain, body: text }, signer, {
          tag: call.tag,
          now: Math.floor(now() / 1000),
        });
  const headers = { ...plain, ...signature };
  const at = now();
  const sent = {
    step: call.step,
    lane: call.lane,
    purpose: call.purpose,
    at,
    method: call.method,
    url: call.url,
    request: { headers, ...(call.body === undefined ? {} : { body: shortenPayload(call.body) }) },
  };
  let status: number | null;
  let body: unknown;
  try {
    const response = await fetcher(call.url, {
      method: call.method,
      headers,
      ...(text === undefined ? {} : { body: text }),
    });
    status = response.status;
    const received = await response.text();
    body = received === '' ? null : parseOrText(received);
  } catch (error) {
    status = null;
    body = { error: error instanceof Error ? error.message : String(error) };
  }
  const ok = status !== null && status >= 200 && status < 300;
  const record: AgentRecord = {
    ...sent,
    status,
    response: shortenPayload(body),
    ok,
    ...(ok ? {} : { error: refusalOf(status, body) }),
  };
  return { record, body };
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
