// Security, third round (issue 36): the network's trust model at the root, tried at the sandbox as
// an attacking merchant page and its server, a phishing site and a second shopper would. The shop's
// items are beside its code (payment-ownership.test.ts, lib/access-log.test.ts), the route table in
// apps/server/src/route-callers.test.ts.
import type { FastifyInstance } from 'fastify';
import { compactDecrypt } from 'jose';
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../../apps/server/test/harness.ts';
import { WRONG_CODE_PERIOD_MS } from '../src/server/code-throttle.ts';
import { sandboxCodeFailures } from '../src/store/schema.ts';
import { payloadByTransaction, SANDBOX_PAGE_ORIGIN, TestSdk, type TestWindow } from './client.ts';
import { shopWithPayloadKey } from './server.ts';
import { newCardFor, refusedWith, RETURNING, shopperSteps } from './shopper-steps.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

type Json = Record<string, unknown>;

const sandbox = serverPerFile();
const app = (): FastifyInstance => sandbox.app;
const { newSdk, authenticateWindow, createPasskeyAfterCode, ownProfile } = shopperSteps(app, '10.36');

/** A merchant page on another origin the DPA allows (the sandbox's localhost default). */
const MERCHANT_PAGE = 'http://localhost:8080';
const AUTHENTICATED = { dpaTransactionOptions: { authenticationPreferences: { payloadRequested: 'AUTHENTICATED' } } };

/** The merchant's server: the page's session token, and nothing else of the shopper's browser (no cookie, no Origin). */
function serverHolding(page: TestSdk): TestSdk {
  const server = new TestSdk(app());
  server.session = page.session;
  server.origin = undefined;
  server.remoteAddress = '198.51.100.36';
  return server;
}

/**
 * Opens a window of `sdk`'s session as a server would, forging every header it can: the grant it
 * asked for, and the sandbox's own Origin on the open call (a server is no browser: it may).
 */
async function forgedWindow(sdk: TestSdk, request: Json): Promise<{ token: string; call: TestWindow['call'] }> {
  const asked = await sdk.call('POST', '/windows', request);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const withoutOrigin = await app().inject({
    method: 'POST',
    url: `/sandbox/api/windows/${String(asked.body.windowId)}/open`,
    payload: { grant: asked.body.grant, openerOrigin: sdk.origin ?? MERCHANT_PAGE },
  });
  expect(withoutOrigin.statusCode).toBe(403);
  // The refused call spent nothing: a second ask, opened with a forged Origin.
  const again = await sdk.call('POST', '/windows', request);
  const opened = await app().inject({
    method: 'POST',
    url: `/sandbox/api/windows/${String(again.body.windowId)}/open`,
    headers: { origin: SANDBOX_PAGE_ORIGIN },
    payload: { grant: again.body.grant, openerOrigin: sdk.origin ?? MERCHANT_PAGE },
  });
  const token = String(opened.json().windowToken);
  return { token, call: (method, path, payload) => sdk.call(method, path, payload, token) };
}

/** A remembered shopper's browser on the merchant's page: it ticked Remember me once, then came back. */
async function rememberedShopperOnPage(): Promise<{ page: TestSdk; cards: Json[] }> {
  const first = newSdk(MERCHANT_PAGE);
  await first.init();
  await first.signIn(RETURNING, { rememberMe: true });
  const page = newSdk(MERCHANT_PAGE);
  page.cookie = `c2p_sandbox_device=${first.cookies.get('c2p_sandbox_device')}`;
  await page.init();
  const cards = (await page.call('GET', '/cards')).body.cards as Json[];
  expect(cards).toHaveLength(3);
  return { page, cards };
}

describe('item 1: one Continue is one payment', () => {
  it('item 1: after one Continue, the merchant’s server holding the session token alone acts for nobody', async () => {
    const { page, cards } = await rememberedShopperOnPage();
    const { result } = await page.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
    expect(result!.body.checkoutActionCode).toBe('COMPLETE');

    const server = serverHolding(page);
    expect((await server.call('GET', '/cards')).body).toEqual({ cards: [] });
    const opened = await server.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[1]!.srcDigitalCardId,
    });
    expect(refusedWith(opened)).toEqual([401, 'AUTH_INVALID']);

    // A checkout the page opened and the shopper has not answered: the server's own window cannot.
    const pending = await page.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[1]!.srcDigitalCardId,
      dpaTransactionOptions: { transactionAmount: { transactionAmount: 999, transactionCurrencyCode: 'USD' } },
    });
    const window = await forgedWindow(server, { kind: 'CHECKOUT', checkoutId: pending.body.checkoutId });
    expect(refusedWith(await window.call('POST', '/window/action', { action: 'COMPLETE' }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);

    // A card of its own goes into no profile: it pays as a guest (the shopper's list is unchanged),
    // and the window offers no passkey to register on the profile.
    const guestCheckout = await server.call('POST', '/checkouts', {
      kind: 'NEW_CARD',
      encryptedCard: await newCardFor(app(), '5186001700009908'),
    });
    const guestWindow = await forgedWindow(server, { kind: 'CHECKOUT', checkoutId: guestCheckout.body.checkoutId });
    expect((await guestWindow.call('POST', '/window/action', { action: 'COMPLETE' })).status).toBe(200);
    const after = await server.call('GET', `/checkouts/${String(guestCheckout.body.checkoutId)}/result`);
    expect(after.body.checkoutResponseData).not.toHaveProperty('maskedConsumer');
    expect((await page.call('GET', '/cards')).body.cards).toHaveLength(3);
    expect((await guestWindow.call('POST', '/window/passkey/create-options', {})).status).toBe(409);
  });

  it('item 1: the shopper’s own browser keeps its sign-in: the page lists the cards, its checkout completes', async () => {
    const page = newSdk(MERCHANT_PAGE);
    await page.init();
    await page.signIn(RETURNING);
    const cards = (await page.call('GET', '/cards')).body.cards as Json[];
    expect(cards).toHaveLength(3);
    const { result } = await page.checkout({ kind: 'CARD', srcDigitalCardId: cards[0]!.srcDigitalCardId });
    expect(result!.body.checkoutActionCode).toBe('COMPLETE');
    // Another browser given the same session token (another shopper's page, a log) is nobody.
    const other = newSdk(MERCHANT_PAGE);
    other.session = page.session;
    expect((await other.call('GET', '/cards')).body).toEqual({ cards: [] });
  });

  it('item 1: a window whose browser does not prove the shopper the page recognised asks for the code first', async () => {
    const { page, cards } = await rememberedShopperOnPage();
    const opened = await page.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
    });
    const checkoutId = String(opened.body.checkoutId);
    // The window runs where the page's cookies are not (a popup, with another site's cookies partitioned).
    const window = await page.openWindow({ kind: 'CHECKOUT', checkoutId });
    const remembered = page.cookie;
    page.cookie = undefined;
    const bare = await page.openWindow({ kind: 'CHECKOUT', checkoutId });
    expect(bare.view.checkout).toMatchObject({ validationRequired: true, stepUp: true });
    expect((window.view.checkout as Json).stepUp).toBe(false);
    expect(refusedWith(await bare.call('POST', '/window/action', { action: 'COMPLETE' }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
    expect((await bare.call('POST', '/window/profile-code/initiate', {})).body.maskedValidationChannel).toMatch(/@/);
    expect((await bare.call('POST', '/window/profile-code/complete', { value: '123456' })).status).toBe(200);
    expect((await bare.call('POST', '/window/action', { action: 'COMPLETE' })).status).toBe(200);
    page.cookie = remembered;
    const result = await page.call('GET', `/checkouts/${checkoutId}/result`);
    expect(result.body.checkoutActionCode).toBe('COMPLETE');
  });
});

describe('item 1: the network window is a page of the sandbox’s own origin', () => {
  it('item 1: the hosted window’s GET (a browser sends no Origin to its own origin) needs Sec-Fetch-Site: same-origin', async () => {
    const page = newSdk();
    await page.init();
    const window = await page.openWindow({ kind: 'HOSTED' });
    const cards = (headers: Record<string, string>) =>
      app().inject({ url: '/sandbox/api/cards', headers: { 'x-sandbox-window': window.token, ...headers } });
    expect((await cards({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await cards({ origin: SANDBOX_PAGE_ORIGIN })).statusCode).toBe(200);
    expect((await cards({})).statusCode).toBe(403);
    expect((await cards({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await cards({ origin: MERCHANT_PAGE })).statusCode).toBe(403);
  });
});

describe('item 2: the sandbox’s own names come from its configuration, never from Host', () => {
  it('item 2: a server naming Host: evil.example gets 421, and an SDK session for no DPA that does not allow it', async () => {
    const init = (headers: Record<string, string>) =>
      app().inject({
        method: 'POST',
        url: '/sandbox/api/init',
        headers,
        payload: {
          srcDpaId: 'localhost-only-dpa',
          dpaData: { dpaName: 'Shop' },
          dpaTransactionOptions: { dpaLocale: 'en_US' },
          cardBrands: ['mastercard'],
        },
        remoteAddress: '198.51.100.2',
      });
    const phishing = await init({ origin: 'http://evil.example', host: 'evil.example' });
    expect(phishing.statusCode).toBe(421);
    const asOurs = await init({ origin: 'http://evil.example' });
    expect(refusedWith({ status: asOurs.statusCode, body: asOurs.json() })).toEqual([403, 'AUTH_ERROR']);
    const dcf = await app().inject({ url: '/sandbox/dcf?window=abc', headers: { host: 'evil.example' } });
    expect(dcf.statusCode).toBe(421);
  });

  it('item 2: the relying party is the window’s own origin: an assertion made on another port signs nobody in', async () => {
    const email = await ownProfile();
    const authenticator = new SoftwareAuthenticator();
    expect((await createPasskeyAfterCode(email, authenticator)).status).toBe(200);
    const { sdk, window } = await authenticateWindow(email);
    const elsewhere = await app().inject({
      method: 'POST',
      url: '/sandbox/api/window/passkey/sign-in-options',
      headers: { 'x-sandbox-window': window.token, origin: 'http://localhost:6666', host: 'localhost:6666' },
    });
    expect(elsewhere.statusCode).toBe(421);
    const fromAnotherPort = await app().inject({
      method: 'POST',
      url: '/sandbox/api/window/passkey/sign-in-options',
      headers: { 'x-sandbox-window': window.token, origin: 'http://localhost:6666' },
    });
    expect(fromAnotherPort.statusCode).toBe(403);
    const asked = await window.call('POST', '/window/passkey/sign-in-options', {});
    const response = authenticator.assert({ options: asked.body.options as Json, origin: 'http://localhost:6666' });
    expect(refusedWith(await window.call('POST', '/window/passkey/sign-in', { response }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
    expect((await sdk.call('GET', '/cards')).body).toEqual({ cards: [] });
  });
});

describe('item 3: authentication data says what happened', () => {
  it('item 3: a card typed as new, with the typist’s own passkey and paid without saving, is not authenticated', async () => {
    const shop = await shopWithPayloadKey(sandbox.server, 'round-3-payload-key');
    const email = await ownProfile();
    expect((await createPasskeyAfterCode(email, new SoftwareAuthenticator())).status).toBe(200);
    const typist = newSdk();
    await typist.init();
    await typist.signIn(email);
    const opened = await typist.call('POST', '/checkouts', {
      kind: 'NEW_CARD',
      encryptedCard: await newCardFor(app(), '5186001700008876'),
      ...AUTHENTICATED,
    });
    const checkoutId = String(opened.body.checkoutId);
    const window = await typist.openWindow({ kind: 'CHECKOUT', checkoutId });
    expect(window.view.authentication).toEqual({ requested: true, passkey: false, code: false, reason: 'NEW_CARD' });
    expect((await window.call('POST', '/window/passkey/confirm-options', {})).status).toBe(400);
    expect((await window.call('POST', '/window/action', { action: 'COMPLETE', enrol: false })).status).toBe(200);
    const result = (await typist.call('GET', `/checkouts/${checkoutId}/result`)).body as Json & {
      headers: Record<string, string>;
      checkoutResponseData: Json;
    };
    expect(result.checkoutResponseData.authenticationOutcome).toEqual({
      requested: true,
      method: null,
      reason: 'NEW_CARD',
    });
    const answer = await shop.network(
      payloadByTransaction(result.headers, { correlationId: result.checkoutResponseData.srcCorrelationId }),
    );
    const { plaintext } = await compactDecrypt(answer.json().encryptedPayload, shop.payloadKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).not.toHaveProperty('authenticationData');
    expect(answer.json().assuranceData.eci).toBe('06');
  });

  it('item 3: a payment nobody confirmed, fetched at once, carries no verification claim', async () => {
    const shop = await shopWithPayloadKey(sandbox.server, 'round-3-payload-key');
    const guest = newSdk();
    await guest.init();
    const { result } = await guest.checkout({ kind: 'NEW_CARD', encryptedCard: await newCardFor(app()) });
    const data = result!.body.checkoutResponseData as Json;
    const answer = await shop.network(
      payloadByTransaction(result!.body.headers as Record<string, string>, { correlationId: data.srcCorrelationId }),
    );
    expect(answer.json().assuranceData).toEqual({ eci: '06' });
  });
});

describe('item 4: wrong codes hurt the guesser, not the owner', () => {
  /** Wrong codes typed in code windows of the stranger's own sessions, from one address. */
  async function strangersWrongCodes(email: string, count: number): Promise<(string | undefined)[]> {
    const reasons: (string | undefined)[] = [];
    let window: TestWindow | undefined;
    for (let i = 0; i < count; i += 1) {
      if (i % 3 === 0) {
        window = (await authenticateWindow(email)).window;
        window.sdk.remoteAddress = '203.0.113.36';
        await window.call('POST', '/window/code/send', {});
      }
      reasons.push((await window!.call('POST', '/window/code', { value: '999999' })).body.reason as string);
    }
    return reasons;
  }

  it('item 4: wrong codes stop the stranger’s address for a while; the owner’s code, passkey and devices keep working', async () => {
    const email = await ownProfile();
    const authenticator = new SoftwareAuthenticator();
    expect((await createPasskeyAfterCode(email, authenticator)).status).toBe(200);
    // Three wrong codes spend a code (RETRIES_EXCEEDED); the address may type 60 in a period.
    const reasons = await strangersWrongCodes(email, 61);
    expect(reasons.slice(0, 3)).toEqual(['CODE_INVALID', 'CODE_INVALID', 'RETRIES_EXCEEDED']);
    expect(reasons.slice(0, 60)).not.toContain('ACCT_INACCESSIBLE');
    expect(reasons[60]).toBe('RETRIES_EXCEEDED');
    const stopped = await strangersWrongCodes(email, 1);
    expect(stopped).toEqual(['RETRIES_EXCEEDED']);

    // The owner, from their own browser: the code and the passkey both sign in.
    const owner = newSdk();
    await owner.init();
    expect((await owner.signIn(email)).status).toBe(200);
    const { window } = await authenticateWindow(email);
    const asked = await window.call('POST', '/window/passkey/sign-in-options', {});
    expect(asked.body.available).toBe(true);
    const response = authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/passkey/sign-in', { response })).status).toBe(200);

    // The stop has an end: once the period is over, the stranger may type again.
    await sandbox.database.db
      .update(sandboxCodeFailures)
      .set({ since: new Date(Date.now() - WRONG_CODE_PERIOD_MS - 1000) });
    expect(await strangersWrongCodes(email, 1)).toEqual(['CODE_INVALID']);
  });
});

describe('item 6: no 500 for what a client sends', () => {
  it('item 6: a remember-me cookie that is not percent-encoded correctly is no cookie', async () => {
    const sdk = newSdk();
    await sdk.init();
    sdk.cookie = 'c2p_sandbox_device=%E0%A4%A';
    expect((await sdk.call('GET', '/cards')).body).toEqual({ cards: [] });
    expect((await sdk.call('POST', '/checkouts', { kind: 'CARD', srcDigitalCardId: 'x' })).status).toBe(401);
    const pending = await sdk.call('POST', '/checkouts', { kind: 'NEW_CARD', encryptedCard: await newCardFor(app()) });
    const window = await sdk.openWindow({ kind: 'CHECKOUT', checkoutId: pending.body.checkoutId });
    sdk.cookie = 'c2p_sandbox_device=%E0%A4%A';
    expect((await window.call('POST', '/window/action', { action: 'SWITCH_CONSUMER' })).status).toBe(200);
    sdk.cookie = 'c2p_sandbox_device=%E0%A4%A';
    expect((await sdk.call('POST', '/sign-out', {})).status).toBe(200);
  });

  it('item 6: a Host that is not a host name gets 421 (window open, passkey options)', async () => {
    for (const host of ['a b', '[zz', 'localhost:99999', '%00']) {
      const open = await app().inject({
        method: 'POST',
        url: '/sandbox/api/windows/abc/open',
        headers: { host, origin: SANDBOX_PAGE_ORIGIN },
        payload: { grant: 'x', openerOrigin: SANDBOX_PAGE_ORIGIN },
      });
      expect(open.statusCode, host).toBe(421);
      const options = await app().inject({
        method: 'POST',
        url: '/sandbox/api/window/passkey/sign-in-options',
        headers: { host, origin: SANDBOX_PAGE_ORIGIN, 'x-sandbox-window': 'x' },
      });
      expect(options.statusCode, host).toBe(421);
    }
  });
});

describe('item 8: the testers’ passkeys page', () => {
  it('item 8: a form post with Origin: null removes nothing', async () => {
    const removed = await app().inject({
      method: 'POST',
      url: '/sandbox/passkeys/remove',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: 'credentialId=anything',
    });
    expect(removed.statusCode).toBe(403);
  });
});
