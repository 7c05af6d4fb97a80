import type { AgentLane, AgentPurpose } from '@c2p/agentic/agent';
import { maskedCopy } from '../../lib/masking';
import type { DecodedCredential } from './credential-decoder';

/** One check a party made (the network at credential release, the shop at completion), as it answered it. */
export interface PartyCheck {
  /** `request`, `L1`, `L2`, `L3a`, `L3b`, `payload` or `network` (the network's own records). */
  readonly layer: string;
  readonly name: string;
  readonly outcome: 'pass' | 'fail' | 'skip';
  readonly compared?: { readonly relation: string; readonly expected?: unknown; readonly actual?: unknown };
  readonly code?: string;
  readonly note?: string;
}

/**
 * An agent's call as every display shows it (the agent panel, the three lanes, the API log): masked
 * as the API log masks, with the checks the called party answered and the credentials decoded.
 */
export interface AgentCall {
  /** Whom the call went to (`agent`: a step in the agent alone). */
  readonly lane: AgentLane;
  readonly purpose: AgentPurpose;
  readonly at: number;
  readonly method?: string;
  readonly url?: string;
  readonly status?: number | null;
  readonly ok: boolean;
  readonly refusal?: { readonly reason: string; readonly message: string };
  readonly request?: unknown;
  readonly response?: unknown;
  readonly checks: readonly PartyCheck[];
  readonly credentials: readonly DecodedCredential[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const OUTCOMES = new Set(['pass', 'fail', 'skip']);

function isCheck(value: unknown): value is PartyCheck {
  return (
    isObject(value) &&
    typeof value.layer === 'string' &&
    typeof value.name === 'string' &&
    OUTCOMES.has(String(value.outcome))
  );
}

/**
 * The checks in a party's answer: the network's credential release (`checks`, on success and on a
 * refusal), the shop's completion (`data.agent.checks` with the order, `checks` on a refusal).
 */
export function checksOf(response: unknown): PartyCheck[] {
  if (!isObject(response)) return [];
  const data = isObject(response.data) ? response.data : undefined;
  const agent = data && isObject(data.agent) ? data.agent : undefined;
  const list = agent?.checks ?? response.checks;
  return Array.isArray(list) ? list.filter(isCheck).map((check) => maskedCopy(check) as PartyCheck) : [];
}

/** The path of the call's address (`/sandbox/agent-pay/credentials`), for its name in a list. */
export function callName(call: Pick<AgentCall, 'method' | 'url' | 'purpose'>): string {
  if (!call.url) return call.purpose;
  try {
    return `${call.method ?? ''} ${new URL(call.url).pathname}`.trim();
  } catch {
    return `${call.method ?? ''} ${call.url}`.trim();
  }
}

/** The agent-facing routes by path, with their operation in the network's or the shop's API reference. */
const REFERENCES: readonly [RegExp, page: string, tag: string, operationId: string][] = [
  [/^\/sandbox\/agents$/, '/sandbox/api/reference', 'Agent Pay: agents (ours)', 'postSandboxAgents'],
  [
    /^\/sandbox\/agent-pay\/mandate-requests$/,
    '/sandbox/api/reference',
    'Agent Pay: mandates and credentials (ours)',
    'postSandboxAgentPayMandateRequests',
  ],
  [
    /^\/sandbox\/agent-pay\/mandate-requests\/[^/]+$/,
    '/sandbox/api/reference',
    'Agent Pay: mandates and credentials (ours)',
    'getSandboxAgentPayMandateRequestsId',
  ],
  [
    /^\/sandbox\/agent-pay\/credentials$/,
    '/sandbox/api/reference',
    'Agent Pay: mandates and credentials (ours)',
    'postSandboxAgentPayCredentials',
  ],
  [/^\/api\/agent\/checkouts$/, '/api/reference', 'Agent checkout', 'postApiAgentCheckouts'],
  [/^\/api\/agent\/checkouts\/[^/]+\/complete$/, '/api/reference', 'Agent checkout', 'postApiAgentCheckoutsIdComplete'],
];

/** Where the called route is documented (the reference page's deep link), when it is one of the agent-facing routes. */
export function referenceUrl(call: Pick<AgentCall, 'url'>): string | undefined {
  if (!call.url) return undefined;
  let path: string;
  try {
    path = new URL(call.url).pathname;
  } catch {
    return undefined;
  }
  const found = REFERENCES.find(([pattern]) => pattern.test(path));
  return found && `${found[1]}#/${encodeURIComponent(found[2])}/${found[3]}`;
}
