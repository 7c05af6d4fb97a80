import type { Frame, Page } from '@playwright/test';

// The network sandbox's harness page (/sandbox/harness): its SDK script, a new SDK as `window.c2p`,
// and the iframe `dcf-frame` the network's window may open in (or a popup of its own).

/** What an SDK call answered: its result, or the error it rejected with. */
export type Outcome = {
  ok?: Record<string, unknown> & Record<string, unknown>[];
  error?: { reason: string; message: string };
};
type Sdk = Record<string, (arg?: unknown) => Promise<unknown>>;
export type Harness = Window & {
  MastercardCheckoutServices: new () => Sdk;
  Click2Pay: new () => Sdk;
  c2p: Sdk;
  pending?: Promise<Outcome>;
};

/**
 * Opens the harness for `dpaId` in `locale` (at `origin`, by default the test's base URL) with a new,
 * not yet initialised SDK as `window.c2p`; answers the harness's iframe.
 */
export async function openHarness(
  page: Page,
  dpaId: string,
  { locale = 'en_US', origin = '' }: { locale?: string; origin?: string } = {},
): Promise<Frame> {
  await page.goto(`${origin}/sandbox/harness?srcDpaId=${dpaId}&locale=${locale}`);
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  await page.evaluate(() => {
    const w = window as unknown as Harness;
    w.c2p = new w.MastercardCheckoutServices();
  });
  return page.frame({ name: 'dcf-frame' })!;
}

/** Calls one SDK method in the page; a rejection comes back as `error`. */
export async function call(page: Page, method: string, arg?: unknown): Promise<Outcome> {
  return page.evaluate(
    async ([name, value]) => {
      const w = window as unknown as Harness;
      try {
        return { ok: (await w.c2p[name as string]!(value)) as Outcome['ok'] };
      } catch (error) {
        return { error: error as Outcome['error'] };
      }
    },
    [method, arg] as const,
  );
}

/**
 * Starts an SDK method that opens the network's window (a checkout, authenticate()) with a
 * windowRef, the harness's iframe or a popup, leaving its outcome in `window.pending`; answers
 * the window once it shows the network's page.
 */
export async function startCheckout(
  page: Page,
  method: string,
  params: Record<string, unknown>,
  kind: 'popup' | 'iframe',
) {
  const start = () =>
    page.evaluate(
      ([name, args, windowKind]) => {
        const w = window as unknown as Harness;
        const windowRef =
          windowKind === 'popup'
            ? // A name of its own: right after a popup closes, its name may still find the closing window.
              window.open('', `c2p-dcf-${performance.now()}`, 'width=480,height=600')
            : (document.getElementById('dcf-frame') as HTMLIFrameElement).contentWindow;
        w.pending = w.c2p[name as string]!({ ...(args as object), windowRef }).then(
          (ok) => ({ ok }) as Outcome,
          (error: Outcome['error']) => ({ error }),
        );
      },
      [method, params, kind] as const,
    );
  if (kind === 'popup') {
    const [popup] = await Promise.all([page.waitForEvent('popup'), start()]);
    await popup.waitForURL(/\/sandbox\/dcf/);
    return { popup, dcf: popup.mainFrame() };
  }
  await start();
  const frame = page.frame({ name: 'dcf-frame' })!;
  await frame.waitForURL(/\/sandbox\/dcf/);
  return { popup: undefined, dcf: frame };
}

/** The outcome of the method `startCheckout` started, once it settles. */
export const outcome = (page: Page) => page.evaluate(() => (window as unknown as Harness).pending!);
