// Issue 28, item 1, tried as a stranger would in a real browser: a link to the network's window,
// and a page of the stranger's own that drives the SDK's API in a remembered shopper's browser.
// The network's windows act only for the page that opened them, and only a window's own token, in
// the shopper's browser, completes a checkout.
import { sdkTestInit } from '@c2p/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { serveOtherSite, sitePage } from '../other-site.ts';

/** The stranger's own site (other-site.ts): a page of another origin, in the shopper's browser or as a merchant's. */
const STRANGER_SITE = serveOtherSite(() => sitePage('Prize draw', 'You won'));
const INIT = sdkTestInit('stranger-dpa', 'Totally Legit Shop', { amount: 120 });
const NOT_OPENED = /opens from a merchant’s checkout only/;

/** This browser remembers the returning user: they paid once with "Remember me" ticked. */
async function rememberShopper(page: Page): Promise<void> {
  await page.goto('/sandbox/harness?srcDpaId=e2e-shop-dpa&locale=en_US');
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  await page.evaluate(async (init) => {
    type Sdk = Record<string, (arg?: unknown) => Promise<unknown>>;
    const c2p = new (window as unknown as { MastercardCheckoutServices: new () => Sdk }).MastercardCheckoutServices();
    await c2p.init!({ ...init, srcDpaId: 'e2e-shop-dpa' });
    await c2p.idLookup!({ email: 'returning.user@example.com' });
    await c2p.initiateValidation!();
    await c2p.validate!({ value: '123456', rememberMe: true });
  }, INIT);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain('c2p_sandbox_device');
}

/** The stranger's server: the SDK's API with a page origin of its choosing (a server can forge one). */
function strangerServer(request: APIRequestContext, baseURL: string) {
  return async (method: 'GET' | 'POST', path: string, data?: unknown, headers: Record<string, string> = {}) => {
    const response = await request.fetch(`${baseURL}/sandbox/api${path}`, {
      method,
      headers: { origin: STRANGER_SITE.origin, ...headers },
      ...(data === undefined ? {} : { data }),
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  };
}

/** A server calling the sandbox's API once this browser remembers the returning user. */
async function afterARememberedShopper(page: Page, request: APIRequestContext, baseURL: string) {
  await rememberShopper(page);
  return strangerServer(request, baseURL);
}

/** A page of the stranger's site, in the shopper's browser. */
async function strangerPage(page: Page): Promise<void> {
  await page.goto(`${STRANGER_SITE.origin}/`);
}

test.describe('the network’s windows act only for the page and the shopper that opened them', () => {
  test('item 1: a stranger’s link or page gets no remembered shopper’s card, number or cookie', async ({
    page,
    baseURL,
    request,
  }) => {
    const server = await afterARememberedShopper(page, request, baseURL!);
    const session = String((await server('POST', '/init', INIT)).body.sessionToken);
    const asSession = { 'x-sandbox-session': session };
    const hosted = await server('POST', '/windows', { kind: 'HOSTED' }, asSession);
    expect(hosted.status).toBe(200);

    // A link to the window (as the first round's attack sent one): no opener, so it acts for no one.
    const link = await page.context().newPage();
    await link.goto(`${baseURL}/sandbox/dcf?window=${String(hosted.body.windowId)}&mode=hosted#session=${session}`);
    await expect(link.getByRole('alert')).toHaveText(NOT_OPENED);
    await link.close();
    expect((await server('GET', '/cards', undefined, asSession)).body).toEqual({ cards: [] });

    // The stranger's page in the shopper's browser: as at the real network, it may see the
    // remembered shopper's masked cards and open a checkout, but it cannot pay.
    await strangerPage(page);
    const inPage = await page.evaluate(
      async ({ sandbox, token }) => {
        const api = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${sandbox}/sandbox/api${path}`, {
            method,
            credentials: 'include',
            headers: { 'x-sandbox-session': token, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        };
        const { body } = await api('GET', '/cards');
        const cards = body.cards as { srcDigitalCardId: string }[];
        const opened = await api('POST', '/checkouts', { kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
        const checkoutId = String(opened.body.checkoutId);
        const byPage = await api('POST', `/checkouts/${checkoutId}/action`, { action: 'COMPLETE' });
        const asked = await api('POST', '/windows', { kind: 'CHECKOUT', checkoutId });
        const selfOpened = await api('POST', `/windows/${String(asked.body.windowId)}/open`, {
          grant: asked.body.grant,
          openerOrigin: location.origin,
        });
        const grant = await api('POST', '/windows', { kind: 'CHECKOUT', checkoutId });
        return { cardCount: cards.length, checkoutId, byPage, selfOpened, grant: grant.body };
      },
      { sandbox: baseURL!, token: session },
    );
    expect(inPage.cardCount).toBeGreaterThan(0);
    expect([inPage.byPage.status, inPage.byPage.body.reason]).toEqual([403, 'AUTH_ERROR']);
    expect([inPage.selfOpened.status, inPage.selfOpened.body.reason]).toEqual([403, 'AUTH_ERROR']);

    // Its server opens the window with the grant its page passed on, forging the window's origin:
    // it holds a window token, but not the shopper's browser, so Continue is refused.
    const sandboxOrigin = new URL(baseURL!).origin;
    const opened = await server(
      'POST',
      `/windows/${String(inPage.grant.windowId)}/open`,
      { grant: inPage.grant.grant, openerOrigin: STRANGER_SITE.origin },
      { origin: sandboxOrigin },
    );
    expect(opened.status).toBe(200);
    const asWindow = { origin: sandboxOrigin, 'x-sandbox-window': String(opened.body.windowToken) };
    const paid = await server('POST', '/window/action', { action: 'COMPLETE' }, asWindow);
    expect([paid.status, paid.body.reason]).toEqual([401, 'AUTH_INVALID']);
    const result = await server('GET', `/checkouts/${inPage.checkoutId}/result`, undefined, asSession);
    expect(result.status).toBe(409);
    // Nor does its session know the shopper without the browser: no cards, no idToken.
    expect((await server('GET', '/cards', undefined, asSession)).body).toEqual({ cards: [] });
  });

  test('item 1: a window opened by a page that did not start the checkout refuses its grant', async ({
    page,
    baseURL,
    request,
  }) => {
    // A merchant's real checkout window (its session made by its page on the sandbox's origin).
    const merchant = await afterARememberedShopper(page, request, baseURL!);
    const shopOrigin = new URL(baseURL!).origin;
    const session = String((await merchant('POST', '/init', INIT, { origin: shopOrigin })).body.sessionToken);
    const hosted = await merchant(
      'POST',
      '/windows',
      { kind: 'HOSTED' },
      { origin: shopOrigin, 'x-sandbox-session': session },
    );
    const url = `${baseURL}/sandbox/dcf?window=${String(hosted.body.windowId)}`;

    // Only the merchant's page may frame it.
    const served = await request.get(url);
    expect(served.headers()['content-security-policy']).toContain(`frame-ancestors ${shopOrigin};`);

    // The stranger's page opens it as a popup and hands it the real grant: the browser says the
    // grant came from the stranger, and the window refuses it (and the grant is spent).
    await strangerPage(page);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(
        ({ address, windowId, grant }) => {
          const opened = window.open(address, 'prize')!;
          addEventListener('message', (event) => {
            if ((event.data as { type?: string }).type === 'c2p-sandbox:window-ready') {
              opened.postMessage({ type: 'c2p-sandbox:window-grant', windowId, grant }, '*');
            }
          });
        },
        { address: url, windowId: String(hosted.body.windowId), grant: String(hosted.body.grant) },
      ),
    ]);
    await expect(popup.getByRole('alert')).toHaveText(NOT_OPENED);
    await expect(popup.getByLabel('Email')).toHaveCount(0);
  });
});

test.describe('round 3: one Continue is one payment', () => {
  test('round 3, item 1: after the shopper’s one Continue on a merchant page, its server holding the session token lists nothing and pays nothing', async ({
    page,
    baseURL,
    request,
  }) => {
    await rememberShopper(page);
    // The merchant's page on its own origin, the SDK loaded from the network, in the shopper's browser.
    await strangerPage(page);
    let sessionToken = '';
    page.on('request', (sent) => {
      sessionToken = sent.headers()['x-sandbox-session'] ?? sessionToken;
    });
    await page.addScriptTag({ url: `${baseURL}/sandbox/srci/integration/2/lib.js` });
    const cardId = await page.evaluate(async (init) => {
      type Sdk = Record<string, (arg?: unknown) => Promise<unknown>>;
      const c2p = new (window as unknown as { MastercardCheckoutServices: new () => Sdk }).MastercardCheckoutServices();
      await c2p.init!(init);
      const cards = (await c2p.getCards!()) as { srcDigitalCardId: string }[];
      const frame = Object.assign(document.createElement('iframe'), { id: 'dcf', title: 'Click to Pay' });
      document.body.append(frame);
      (window as unknown as { paid: Promise<unknown> }).paid = c2p.checkoutWithCard!({
        srcDigitalCardId: cards[0]!.srcDigitalCardId,
        windowRef: frame.contentWindow,
      });
      return cards[0]!.srcDigitalCardId;
    }, INIT);
    await page.frameLocator('#dcf').getByRole('button', { name: 'Continue', exact: true }).click();
    const paid = await page.evaluate(
      () => (window as unknown as { paid: Promise<{ checkoutActionCode: string }> }).paid,
    );
    expect(paid.checkoutActionCode).toBe('COMPLETE');

    // Its server: the token its page saw, and nothing of the shopper's browser.
    expect(sessionToken).not.toBe('');
    const asServer = { 'x-sandbox-session': sessionToken };
    const cards = await request.get(`${baseURL}/sandbox/api/cards`, { headers: asServer });
    expect(await cards.json()).toEqual({ cards: [] });
    const another = await request.post(`${baseURL}/sandbox/api/checkouts`, {
      headers: asServer,
      data: { kind: 'CARD', srcDigitalCardId: cardId },
    });
    expect([another.status(), (await another.json()).reason]).toEqual([401, 'AUTH_INVALID']);
  });
});
