import { SCRIPT_LOAD_TIMEOUT_MS } from '@c2p/domain';

export class ScriptLoadTimeout extends Error {}

const scripts = new Map<string, Promise<void>>();

/** Appends a script once per URL; a failed load may be tried again. */
function appendScript(src: string, type?: 'module'): Promise<void> {
  const existing = scripts.get(src);
  if (existing) return existing;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    if (type) script.type = type;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.append(script);
  });
  scripts.set(src, loading);
  return loading;
}

type SdkConstructor = new (options?: unknown) => unknown;

function sdkClass(): SdkConstructor | undefined {
  const w = window as unknown as { MastercardCheckoutServices?: SdkConstructor; Click2Pay?: SdkConstructor };
  return w.MastercardCheckoutServices ?? w.Click2Pay;
}

/**
 * Loads the network's SDK script and answers its class; rejects with ScriptLoadTimeout when it is
 * not there within the spec's 30 seconds, whatever the script does meanwhile.
 */
export function loadSdk(src: string, timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<SdkConstructor> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ScriptLoadTimeout(src)), timeoutMs);
    appendScript(src)
      .then(() => {
        const found = sdkClass();
        if (found) resolve(found);
        else reject(new Error(`${src} defined no MastercardCheckoutServices`));
      })
      .catch(reject)
      .finally(() => window.clearTimeout(timer));
  });
}

/** A script of the merchant's (an aggregator's SDK, say), loaded once; rejects on failure or after the spec's 30 seconds. */
export function loadScript(src: string, timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ScriptLoadTimeout(src)), timeoutMs);
    appendScript(src)
      .then(resolve, reject)
      .finally(() => window.clearTimeout(timer));
  });
}

/** The UI kit: its stylesheet and its ES module, resolved when the card list element is defined. */
export async function loadUiKit(jsUrl: string, cssUrl: string): Promise<void> {
  if (!document.querySelector(`link[data-ui-kit]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = cssUrl;
    link.dataset.uiKit = '';
    document.head.append(link);
  }
  await appendScript(jsUrl, 'module');
  await customElements.whenDefined('src-card-list');
}
