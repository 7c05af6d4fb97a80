import { liveInitParams } from '@c2p/domain/live-screen';
import {
  isMockTool,
  networkEnvironment,
  sdkScriptUrl,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
} from '@c2p/domain';
import { activeTool } from '../active-tool';
import { currentLocale } from '../i18n';
import { tourStatus } from '../tour-status';
import { callLog } from './call-log';
import { selectedMockSrcFile } from './mock-src-selection';
import { liveScreenSettings } from '../screen-settings';
import { loadScript, loadSdk } from './sdk-loader';
import { checkoutConfiguration, commonSettings, hostedCheckoutEnabled } from './settings';
import { SDK_METHODS, type MaskedCard } from './types';
import { runLogged } from './window-steps';

/** Calls that start something at the network: a second identical call while one runs gets the first's answer. */
const EXCLUSIVE = new Set<string>([
  'init',
  'initiateValidation',
  'encryptCard',
  'checkoutWithCard',
  'checkoutWithNewCard',
  'checkoutWithInstallments',
]);

/** A window as the API log names it: the network's window in a frame on the page, or a pop-up. */
function windowName(value: unknown): string {
  try {
    const w = value as Window;
    if (!w || w.closed) return '[Window]';
    if (w.parent !== w) return '[Window: iframe]';
    if (w.opener) return '[Window: popup]';
  } catch {
    // a window we may not look at is still a window
  }
  return '[Window]';
}

const opensWindow = (params: unknown) =>
  typeof params === 'object' && params !== null && (params as { windowRef?: unknown }).windowRef != null;

/** What the API log keeps of a request or an answer: JSON, with windows named instead of copied. */
function loggable(value: unknown): unknown {
  if (value === undefined) return null;
  // A window is named before JSON sees it: reading a (closed, cross-origin) window's toJSON throws.
  if (value && typeof value === 'object' && 'windowRef' in value) {
    value = { ...value, windowRef: windowName((value as { windowRef: unknown }).windowRef) };
  }
  try {
    return JSON.parse(
      JSON.stringify(value, (key, v: unknown) =>
        key === 'windowRef' && typeof v !== 'string'
          ? windowName(v)
          : v instanceof Error
            ? { name: v.name, message: v.message }
            : v,
      ),
    ) as unknown;
  } catch {
    return String(value);
  }
}

/**
 * The one way to the network SDK (spec section 7): every call is recorded in the API log with its
 * name, request, answer or rejection and time.
 */
export class ClickToPayClient {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly sdk: unknown,
    readonly transactionId: string,
    /** 'mock' when the SDK is the guided tour's mock SRC. */
    readonly source: 'sdk' | 'mock' = 'sdk',
  ) {}

  async call<T>(method: string, params?: unknown): Promise<T | undefined> {
    const started = performance.now();
    // The request as sent (its window still open), not as it is once the call is over.
    const request = loggable(params);
    const log = (response: unknown, failed?: boolean) =>
      callLog.append(this.transactionId, {
        name: method,
        request,
        response: loggable(response),
        failed,
        source: this.source,
        durationMs: Math.round(performance.now() - started),
      });
    if (typeof this.sdk !== 'object' || this.sdk === null) {
      console.error('click2pay value is invalid');
      log('click2pay value is invalid', true);
      return undefined;
    }
    const fn = (this.sdk as Record<string, unknown>)[method];
    if (!(SDK_METHODS as readonly string[]).includes(method) || typeof fn !== 'function') {
      console.error(`Unknown Click to Pay SDK method: ${method}`);
      log(`Unknown Click to Pay SDK method: ${method}`, true);
      return undefined;
    }
    const pending = EXCLUSIVE.has(method) ? this.running.get(method) : undefined;
    if (pending) return pending as Promise<T>;
    // While the network's window is open, the steps it reports are calls of their own in the log.
    const windowSource = this.source === 'mock' ? 'mock' : 'window';
    const run = runLogged(
      async () => (await (params === undefined ? fn.call(this.sdk) : fn.call(this.sdk, params))) as T,
      log,
      opensWindow(params) ? (step) => callLog.append(this.transactionId, { ...step, source: windowSource }) : undefined,
    ).finally(() => this.running.delete(method));
    if (EXCLUSIVE.has(method)) this.running.set(method, run);
    return run;
  }
}

interface Session {
  key: string;
  transactionId: string;
  ready: Promise<ClickToPayClient>;
}

let current: Session | undefined;

export interface SessionOptions {
  config?: MerchantCheckoutConfiguration;
  settings?: CommonSettings;
}

/**
 * The SDK loaded and initialised for this checkout, once per page and settings, so React's double
 * effects and a return to the payment step share one `init`. Each new session is a new API log
 * transaction; a failed one is forgotten so that the next visit tries again.
 */
export function clickToPaySession({
  config = checkoutConfiguration(),
  settings = commonSettings(),
}: SessionOptions = {}): Session {
  const locale = currentLocale();
  const url = sdkScriptUrl(config, locale, hostedCheckoutEnabled());
  const screen = liveScreenSettings();
  const params = liveInitParams(config, settings, locale, screen);
  const { aggregatorSdkUrl } = screen.customizations;
  // The mock tools run on the mock SRC (the guided tour), the others on the network's SDK.
  const tool = activeTool();
  const mock = isMockTool(tool) ? import('./mock-src') : undefined;
  const source = mock ? `mock:${selectedMockSrcFile() ?? ''}:${tourStatus().activatedUseCase}` : url;
  const key = JSON.stringify([source, tool, params, aggregatorSdkUrl, screen.developerMode]);
  if (current?.key === key) return current;
  const transactionId = callLog.start(mock ? 'mock' : networkEnvironment(url));
  if (screen.developerMode) {
    // Developer mode: the transaction opens with what this checkout runs on (decision record 018).
    callLog.append(transactionId, {
      name: 'configuration',
      request: loggable({ scriptUrl: url, aggregatorSdkUrl, tool, commonSettings: settings, init: params }),
      response: null,
      source: 'settings',
    });
  }
  // The customizations' aggregator SDK is loaded alongside the network's; a failure is logged, not fatal.
  const aggregator =
    aggregatorSdkUrl && !mock
      ? loadScript(aggregatorSdkUrl).then(
          () =>
            callLog.append(transactionId, {
              name: 'loadScript',
              request: { url: aggregatorSdkUrl },
              response: { loaded: true },
            }),
          (error: unknown) =>
            callLog.append(transactionId, {
              name: 'loadScript',
              request: { url: aggregatorSdkUrl },
              response: loggable(error),
              failed: true,
            }),
        )
      : undefined;
  const ready = (async () => {
    const sdk = mock
      ? await (await mock).loadMockSrc(tool)
      : new (await loadSdk(url).catch((error: unknown) => {
          // A script that does not load is a call like the others for the API log (issue 18 item 5).
          callLog.append(transactionId, {
            name: 'loadScript',
            request: { url },
            response: loggable(error),
            failed: true,
          });
          throw error;
        }))();
    await aggregator;
    const client = new ClickToPayClient(sdk, transactionId, mock ? 'mock' : 'sdk');
    await client.call('init', params);
    return client;
  })();
  const session: Session = { key, transactionId, ready };
  current = session;
  ready.catch(() => {
    if (current === session) current = undefined;
  });
  return session;
}

/** The checkout is over (order placed): the next one initialises afresh in a new log transaction. */
export function endClickToPaySession(): void {
  current = undefined;
}

/** Records one of our server's calls (getPayload, confirmation) next to the SDK calls of this checkout. */
export function logServerCall(
  name: string,
  request: unknown,
  response: unknown,
  failed = false,
  timing: { httpStatus?: number; durationMs?: number } = {},
): void {
  callLog.append(current?.transactionId, {
    name,
    request: loggable(request),
    response: loggable(response),
    failed,
    source: 'server',
    ...timing,
  });
}

/**
 * Spec section 4, after a shopper signs in: if this page's SDK knows a network user (getCards is
 * not empty), sign the SDK out so the shopper's own profile is used.
 */
export async function signOutNetworkUser(): Promise<boolean> {
  if (!current) return false;
  const client = await current.ready.catch(() => undefined);
  if (!client) return false;
  const cards = await client.call<MaskedCard[]>('getCards');
  if (!cards || cards.length === 0) return false;
  await client.call('signOut');
  return true;
}
