/**
 * What the scripted agent did at each step, for the API log's agent lane: the HTTP call as sent
 * (signature headers included: they are good for one request) and the answer, with the encrypted
 * payload cut short as the shop's own API log entries show it. Never a private key.
 */

/** The steps of the stories, in the order an immediate purchase takes them. */
export const AGENT_STEPS = [
  'register',
  'enrolment',
  'buildCart',
  'requestMandate',
  'mandateStatus',
  'credentials',
  'completePurchase',
  'call',
] as const;
export type AgentStep = (typeof AGENT_STEPS)[number];

/** Whom the call went to; `agent` for a step made in the agent alone (taking the enrolment result). */
export type AgentLane = 'network' | 'merchant' | 'agent';

/**
 * Why the call was made, as a stable code the web app translates (the API log's purpose line):
 * the step's own, or `…_AUTONOMOUS` when the step works differently in an open mandate.
 */
export type AgentPurpose =
  | 'REGISTER_AGENT'
  | 'TAKE_ENROLMENT'
  | 'CREATE_CHECKOUT'
  | 'REQUEST_IMMEDIATE_MANDATE'
  | 'REQUEST_AUTONOMOUS_MANDATE'
  | 'READ_MANDATE'
  | 'RELEASE_CREDENTIALS'
  | 'RELEASE_CREDENTIALS_AUTONOMOUS'
  | 'COMPLETE_CHECKOUT'
  | 'COMPLETE_CHECKOUT_AUTONOMOUS'
  | 'CUSTOM';

export interface AgentRecord {
  readonly step: AgentStep;
  readonly lane: AgentLane;
  readonly purpose: AgentPurpose;
  /** When the call started (ms since the epoch). */
  readonly at: number;
  /** Absent for a step that made no call. */
  readonly method?: string;
  readonly url?: string;
  readonly request?: { readonly headers: Readonly<Record<string, string>>; readonly body?: unknown };
  /** null when the party could not be reached. */
  readonly status?: number | null;
  readonly response?: unknown;
  readonly ok: boolean;
  /** The refusal's reason code (AGENTIC_ERRORS, or the party's own) and message, when not ok. */
  readonly error?: { readonly reason: string; readonly message: string };
}

const KEPT = 24;

/** The encrypted payload (a JWE to the merchant) cut to its first characters, wherever it appears. */
export function shortenPayload(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const payload = (value as Record<string, unknown>).encryptedPayload;
  if (typeof payload !== 'string' || payload.length <= KEPT) return value;
  return { ...value, encryptedPayload: `${payload.slice(0, KEPT)}…` };
}

/** The refusal a party answered: `{ reason, message }` (the sandbox and the shop) or its `errordetail`. */
export function refusalOf(status: number | null, body: unknown): { reason: string; message: string } {
  if (status === null) return { reason: 'UNREACHABLE', message: String((body as { error?: unknown })?.error ?? '') };
  const value = (body ?? {}) as Record<string, unknown>;
  const reason = typeof value.reason === 'string' ? value.reason : `HTTP_${status}`;
  const message = typeof value.message === 'string' ? value.message : '';
  return { reason, message };
}
