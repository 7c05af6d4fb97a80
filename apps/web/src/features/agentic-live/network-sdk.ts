import { liveInitParams } from '@c2p/domain/live-screen';
import { networkEnvironment, sdkScriptUrl } from '@c2p/domain';
import { callLog } from '../../lib/click-to-pay/call-log';
import { loadSdk } from '../../lib/click-to-pay/sdk-loader';
import { checkoutConfiguration, commonSettings, hostedCheckoutEnabled } from '../../lib/click-to-pay/settings';
import { runLogged } from '../../lib/click-to-pay/window-steps';
import { liveScreenSettings } from '../../lib/screen-settings';
import { currentLocale } from '../../lib/i18n';

type Sdk = Record<string, (params?: unknown) => Promise<unknown>>;

/** The network's SDK as the live tool uses it: the configuration's script and merchant, every call in the API log. */
export interface NetworkSdk {
  /** The API log's transaction the agent's calls join. */
  readonly transactionId: string;
  /** The network's base URL the agent calls (its Agent Pay API and agent registry). */
  readonly networkBase: string;
  /** Runs one of the SDK's window methods in `windowRef`, logged with the steps the window reports. */
  call<T>(method: string, params: Record<string, unknown>): Promise<T>;
}

/** The sandbox the SDK script comes from: its `/sandbox` base, at the script's own origin. */
export function networkBaseOf(scriptUrl: string, origin: string): string {
  const url = new URL(scriptUrl, origin);
  const at = url.pathname.indexOf('/sandbox/');
  return `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ''}/sandbox`;
}

const windowNamed = (params: Record<string, unknown>) =>
  'windowRef' in params ? { ...params, windowRef: '[Window: iframe]' } : params;

/** Loads the configured SDK script and initialises it with the configuration's DPA, as the live Click to Pay tool does. */
export async function loadNetworkSdk(): Promise<NetworkSdk> {
  const config = checkoutConfiguration();
  const locale = currentLocale();
  const url = sdkScriptUrl(config, locale, hostedCheckoutEnabled());
  const transactionId = callLog.start(networkEnvironment(url));
  const sdk = new (await loadSdk(url))() as Sdk;
  const call = async <T>(method: string, params: Record<string, unknown>): Promise<T> => {
    const started = performance.now();
    const log = (response: unknown, failed?: boolean) =>
      callLog.append(transactionId, {
        name: method,
        request: windowNamed(params),
        response: response ?? null,
        ...(failed ? { failed } : {}),
        source: 'sdk',
        durationMs: Math.round(performance.now() - started),
      });
    return runLogged(
      () => sdk[method]!(params) as Promise<T>,
      log,
      'windowRef' in params ? (step) => callLog.append(transactionId, { ...step, source: 'window' }) : undefined,
    );
  };
  await call('init', liveInitParams(config, commonSettings(), locale, liveScreenSettings()));
  return { transactionId, networkBase: networkBaseOf(url, window.location.origin), call };
}
