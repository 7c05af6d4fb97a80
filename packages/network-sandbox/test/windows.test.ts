// Issue 28, items 1 and 6: the network's windows act only for the page and the shopper that opened
// them, and only the shopper's consent remembers a browser. Tried as a client would, over HTTP.
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../../apps/server/test/harness.ts';
import { SANDBOX_PAGE_ORIGIN, TestSdk } from './client.ts';

const SHOPPER = 'returning.user@example.com';
const STRANGER_PAGE = 'http://localhost:9999';

const sandbox = serverPerFile();
let address = 0;

/** A page's SDK (no page at all with null) on a caller address of its own (init is limited per address). */
function sdkOn(origin: string | null = SANDBOX_PAGE_ORIGIN): TestSdk {
  const sdk = new TestSdk(sandbox.app);
  address += 1;
  sdk.remoteAddress = `203.0.113.${address}`;
  sdk.origin = origin ?? undefined;
  return sdk;
}

/** A browser that remembers the shopper (they ticked Remember me once): its cookie. */
async function rememberedBrowser(): Promise<string> {
  const shop = sdkOn();
  await shop.init();
  await shop.signIn(SHOPPER, { rememberMe: true });
  expect(shop.cookie).toMatch(/^c2p_sandbox_device=/);
  return shop.cookie!;
}

/** The stranger's server: an SDK session made with no page at all, for a DPA of its own. */
async function strangersSession(origin: string | null): Promise<TestSdk> {
  const stranger = sdkOn(origin);
  expect((await stranger.init({ srcDpaId: 'stranger-dpa' })).status).toBe(200);
  return stranger;
}

/** A page's checkout of the returning shopper's first card, and the grant it asked for, to open its window. */
async function checkoutWindowGrant() {
  const shop = sdkOn();
  const cards = await shop.returningCards();
  const { body } = await shop.call('POST', '/checkouts', {
    kind: 'CARD',
    srcDigitalCardId: cards[0]!.srcDigitalCardId,
  });
  const checkoutId = String(body.checkoutId);
  return { shop, checkoutId, asked: await shop.call('POST', '/windows', { kind: 'CHECKOUT', checkoutId }) };
}

describe('item 1: a window acts only for the session of the page that opened it', () => {
  it('item 1: the shopper’s browser calling with a stranger’s session (the hosted window’s URL) binds nothing to it', async () => {
    const cookie = await rememberedBrowser();
    const stranger = await strangersSession(null);
    // What the hosted window did with the session of its URL fragment: a same-origin call, with the cookie.
    const browser = sdkOn(null);
    browser.session = stranger.session;
    browser.cookie = cookie;
    await browser.call('GET', '/cards');
    const listed = await stranger.call('GET', '/cards');
    expect(listed.body).toEqual({ cards: [] });
    const opened = await stranger.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: 'AAAAAAAAAAAAAAAAAAAAAA000000000000US',
    });
    expect(opened.status).toBe(403);
  });

  it('item 1: a grant opens its window once, within minutes, and only for the page that made the session', async () => {
    const { shop, checkoutId, asked } = await checkoutWindowGrant();
    const open = (origin: string, openerOrigin: string, grant = asked.body.grant) =>
      sandbox.app.inject({
        method: 'POST',
        url: `/sandbox/api/windows/${String(asked.body.windowId)}/open`,
        headers: { origin },
        payload: { grant, openerOrigin },
      });
    // Not from the merchant's page itself (a page on another origin), nor with a wrong grant.
    expect((await open(STRANGER_PAGE, SANDBOX_PAGE_ORIGIN)).statusCode).toBe(403);
    expect((await open(SANDBOX_PAGE_ORIGIN, SANDBOX_PAGE_ORIGIN, 'x'.repeat(43))).statusCode).toBe(403);
    // The right grant with another opener: refused, and spent.
    expect((await open(SANDBOX_PAGE_ORIGIN, STRANGER_PAGE)).json().reason).toBe('AUTH_ERROR');
    expect((await open(SANDBOX_PAGE_ORIGIN, SANDBOX_PAGE_ORIGIN)).statusCode).toBe(403);

    // A fresh grant, once; the next try answers nothing.
    const window = await shop.openWindow({ kind: 'CHECKOUT', checkoutId });
    expect(window.view).toMatchObject({ kind: 'CHECKOUT', merchantOrigin: SANDBOX_PAGE_ORIGIN });
    // Its token works from the sandbox's own page only, and not as the page's session.
    const fromElsewhere = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/api/window/action',
      headers: { origin: STRANGER_PAGE, 'x-sandbox-window': window.token },
      payload: { action: 'COMPLETE' },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const asSession = await sandbox.app.inject({
      method: 'GET',
      url: '/sandbox/api/cards',
      headers: { 'x-sandbox-session': window.token },
    });
    expect(asSession.statusCode).toBe(400);
  });

  it('item 1: a grant is good for two minutes', async () => {
    const { asked } = await checkoutWindowGrant();
    const { sandboxWindows } = await import('../src/store/schema.ts');
    const { eq } = await import('drizzle-orm');
    await sandbox.server.database.db
      .update(sandboxWindows)
      .set({ grantExpiresAt: new Date(Date.now() - 1) })
      .where(eq(sandboxWindows.id, String(asked.body.windowId)));
    const late = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/api/windows/${String(asked.body.windowId)}/open`,
      headers: { origin: SANDBOX_PAGE_ORIGIN },
      payload: { grant: asked.body.grant, openerOrigin: SANDBOX_PAGE_ORIGIN },
    });
    expect(late.statusCode).toBe(403);
  });

  it('item 1: a remembered shopper’s cards reach only a session whose page the DPA allows', async () => {
    const cookie = await rememberedBrowser();
    const allowed = sdkOn('http://localhost:8080');
    await allowed.init({ srcDpaId: 'stranger-dpa' });
    allowed.cookie = cookie;
    expect(((await allowed.call('GET', '/cards')).body.cards as unknown[]).length).toBeGreaterThan(0);

    // A page the DPA does not allow cannot even start a session for it; a server's session never sees them.
    const elsewhere = sdkOn('https://elsewhere.example');
    expect((await elsewhere.init({ srcDpaId: 'stranger-dpa' })).status).toBe(403);
    const serverMade = await strangersSession(null);
    serverMade.cookie = cookie;
    expect((await serverMade.call('GET', '/cards')).body).toEqual({ cards: [] });
  });

  it('item 1: completing a checkout takes the window’s token and, for a remembered shopper, their browser', async () => {
    const cookie = await rememberedBrowser();
    const page = sdkOn(STRANGER_PAGE);
    await page.init({ srcDpaId: 'stranger-dpa' });
    page.cookie = cookie;
    const cards = (await page.call('GET', '/cards')).body.cards as { srcDigitalCardId: string }[];
    const opened = await page.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
    });
    const checkoutId = String(opened.body.checkoutId);
    // The page may cancel its checkout, never complete it.
    expect((await page.call('POST', `/checkouts/${checkoutId}/action`, { action: 'COMPLETE' })).status).toBe(403);

    // A window opened by the page's server (which forged every header) holds a token, not the browser.
    const window = await page.openWindow({ kind: 'CHECKOUT', checkoutId });
    page.cookie = undefined;
    const withoutBrowser = await window.call('POST', '/window/action', { action: 'COMPLETE' });
    expect([withoutBrowser.status, withoutBrowser.body.reason]).toEqual([401, 'AUTH_INVALID']);
    expect((await page.call('GET', `/checkouts/${checkoutId}/result`)).status).toBe(409);

    // The shopper's own Continue, in the window of their browser, pays.
    page.cookie = cookie;
    const paid = await window.call('POST', '/window/action', { action: 'COMPLETE' });
    expect(paid.status).toBe(200);
    expect((await page.call('GET', `/checkouts/${checkoutId}/result`)).body.checkoutActionCode).toBe('COMPLETE');
    // Answered once: the window cannot answer it again.
    expect((await window.call('POST', '/window/action', { action: 'COMPLETE' })).status).toBe(409);
  });
});

describe('item 6: only the shopper’s consent remembers the browser', () => {
  it('item 6: validate with a recognition token asked for but Remember me unticked sets no cookie', async () => {
    const sdk = sdkOn();
    await sdk.init();
    const validated = await sdk.signIn(SHOPPER, { requestRecognitionToken: true });
    expect(validated.status).toBe(200);
    expect(validated.body.recognitionToken).toEqual(expect.any(String));
    expect(validated.rememberMeCookie).toBeUndefined();
    // The token recognises the shopper where the merchant passes it back.
    const next = sdkOn();
    await next.init({ recognitionToken: validated.body.recognitionToken });
    expect(((await next.call('GET', '/cards')).body.cards as unknown[]).length).toBe(3);
  });

  it('item 6: the code window remembers the browser only when the shopper ticks Remember me', async () => {
    for (const rememberMe of [false, true]) {
      const sdk = sdkOn();
      await sdk.init();
      await sdk.call('POST', '/lookup', { email: SHOPPER });
      await sdk.call('POST', '/validation/initiate', {});
      const window = await sdk.openWindow({ kind: 'CODE', requestRecognitionToken: true });
      const typed = await window.call('POST', '/window/code', { value: '123456', rememberMe });
      expect(typed.status).toBe(200);
      expect(typed.body.recognitionToken).toEqual(expect.any(String));
      expect(typed.rememberMeCookie === undefined).toBe(!rememberMe);
    }
  });
});
