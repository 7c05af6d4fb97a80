/** One SDK or server call of a checkout, as the client reports it. */
export interface LoggedCall {
  name: string;
  request: unknown;
  response: unknown;
  failed?: boolean;
  /**
   * Who made the call: the browser SDK (default), the merchant server to the network, the mock SRC,
   * the network's window (a step it reported, such as a passkey's); or no call at all: the settings
   * the checkout runs on (developer mode); or an AI agent's signed call (issue 39).
   */
  source?: 'sdk' | 'server' | 'mock' | 'window' | 'settings' | 'agent';
  /** The HTTP status of a merchant-server call. */
  httpStatus?: number;
  durationMs?: number;
  /** An agent's call, ready to show: whom it went to and why, the party's checks, its credentials decoded (masked). */
  agent?: AgentCallDetail;
}

/** What the API log keeps of an agent's call besides its request and answer (the agentic feature's AgentCall). */
export interface AgentCallDetail {
  lane: 'network' | 'merchant' | 'agent';
  purpose: string;
  at: number;
  method?: string;
  url?: string;
  status?: number | null;
  ok: boolean;
  refusal?: { reason: string; message: string };
  checks: readonly unknown[];
  credentials: readonly unknown[];
}

/** Where the client reports its calls: the API log feature registers itself here at start-up. */
export interface CallLog {
  /** Opens a transaction for a checkout at the network environment `env`; returns its id. */
  start(env: string): string;
  append(transactionId: string | undefined, call: LoggedCall): void;
}

// Until a log registers, calls go nowhere, but transactions still get ids so sessions stay apart.
const unregistered: CallLog = { start: () => crypto.randomUUID(), append: () => undefined };
let registered: CallLog = unregistered;

export function registerCallLog(log: CallLog): void {
  registered = log;
}

export const callLog: CallLog = {
  start: (env) => registered.start(env),
  append: (transactionId, call) => registered.append(transactionId, call),
};
