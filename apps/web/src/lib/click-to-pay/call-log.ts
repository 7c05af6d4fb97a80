/** One SDK or server call of a checkout, as the client reports it. */
export interface LoggedCall {
  name: string;
  request: unknown;
  response: unknown;
  failed?: boolean;
  /**
   * Who made the call: the browser SDK (default), the merchant server to the network, the mock SRC,
   * the network's window (a step it reported, such as a passkey's); or no call at all: the settings
   * the checkout runs on (developer mode).
   */
  source?: 'sdk' | 'server' | 'mock' | 'window' | 'settings';
  /** The HTTP status of a merchant-server call. */
  httpStatus?: number;
  durationMs?: number;
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
