import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_LOAD_TIMEOUT_MS } from '@c2p/domain';
import { loadSdk, ScriptLoadTimeout } from './sdk-loader';

const scriptFor = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

describe('loading the network SDK script', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { MastercardCheckoutServices?: unknown }).MastercardCheckoutServices;
  });

  it('answers the SDK class once the script has loaded', async () => {
    const loading = loadSdk('/sdk/loads.js');
    class Sdk {}
    (window as { MastercardCheckoutServices?: unknown }).MastercardCheckoutServices = Sdk;
    scriptFor('/sdk/loads.js')!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(Sdk);
  });

  it("gives up after the spec's 30 seconds without the script, whatever it does meanwhile", async () => {
    vi.useFakeTimers();
    const loading = loadSdk('/sdk/hangs.js');
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ScriptLoadTimeout);
    expect(SCRIPT_LOAD_TIMEOUT_MS).toBe(30_000);
  });

  it('rejects when the script fails, and tries again on the next load', async () => {
    const first = loadSdk('/sdk/fails.js');
    scriptFor('/sdk/fails.js')!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Could not load /sdk/fails.js');
    expect(scriptFor('/sdk/fails.js')).toBeNull();
    void loadSdk('/sdk/fails.js').catch(() => undefined);
    expect(scriptFor('/sdk/fails.js')).not.toBeNull();
  });

  it('rejects a script that defines no SDK', async () => {
    const loading = loadSdk('/sdk/empty.js');
    scriptFor('/sdk/empty.js')!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('defined no MastercardCheckoutServices');
  });
});
