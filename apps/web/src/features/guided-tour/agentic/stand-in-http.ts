import {
  AGENTIC_ERRORS,
  memoryNonceRecord,
  verifyAgentRequest,
  type AgenticErrorCode,
  type AgentRequestVerdict,
  type AgentSignatureTag,
} from '@c2p/agentic';
import type { JWK } from 'jose';

/** A request as the tour's stand-ins receive it from the agent: the URL it addressed, the body's bytes as sent. */
export interface StandInRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export const answer = (status: number, body: unknown): Answer => ({ status, body });

/** A refusal in the network's error body (the shop answers the same reason and message): the agentic code. */
export const refusal = (status: number, code: AgenticErrorCode, extra: Record<string, unknown> = {}): Answer =>
  answer(status, { status, reason: code, message: AGENTIC_ERRORS[code], ...extra });

/** The request's JSON body, or an empty object. */
export function jsonOf(request: StandInRequest): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(request.body ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The agent that signed a request, as a party checks it; or the 401 that tells it why not. */
export type SignedBy = Extract<AgentRequestVerdict, { ok: true }> | { readonly ok: false; readonly answer: Answer };

/**
 * One party's check of the agents' RFC 9421 signatures (as the sandbox's and the shop's guards check
 * them): the key from the network's agent key directory, each nonce kept against replay.
 */
export function signatureChecker(directory: (keyid: string) => JWK | undefined) {
  const nonceSeen = memoryNonceRecord();
  return async (request: StandInRequest, tags: readonly AgentSignatureTag[]): Promise<SignedBy> => {
    const verdict = await verifyAgentRequest(
      { method: request.method, url: request.url.href, headers: request.headers, body: request.body },
      { tags, agentKey: directory, nonceSeen },
    );
    return verdict.ok ? verdict : { ok: false, answer: refusal(401, verdict.error.code) };
  };
}

/** The path's parts after `prefix` when it starts with it: `/a/b` under `/a` is `['b']`. */
export function under(url: URL, prefix: string): string[] | undefined {
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
  return url.pathname.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
}
