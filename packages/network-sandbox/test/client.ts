// A tiny stand-in for the browser SDK over Fastify inject, for the API tests.
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { NetworkCall } from '../../../apps/server/test/sandbox-checkout.ts';
export { signedInject, type NetworkCall, type NetworkClient } from '../../../apps/server/test/sandbox-checkout.ts';

export const DPA_ID = 'test-dpa-0001';

export const INIT = {
  srcDpaId: DPA_ID,
  dpaData: { dpaName: 'Test Shop' },
  dpaTransactionOptions: {
    dpaLocale: 'en_US',
    transactionAmount: { transactionAmount: 120, transactionCurrencyCode: 'USD' },
    paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
    consumerEmailAddressRequested: true,
    consumerNameRequested: true,
    consumerPhoneNumberRequested: true,
    merchantCategoryCode: '0000',
  },
  cardBrands: ['mastercard', 'visa'],
};

/** The origin inject's requests reach the sandbox on: the sandbox's own pages (the window) send it. */
export const SANDBOX_PAGE_ORIGIN = 'http://localhost';

export interface Answer {
  status: number;
  body: Record<string, unknown> & { reason?: string; message?: string };
  /** The remember-me cookie the answer set (or cleared), if any. */
  rememberMeCookie: string | undefined;
}

export class TestSdk {
  session: string | undefined;
  /** The browser's cookies for the sandbox, by name (the remember-me cookie, the sessions' sign-in cookies). */
  readonly cookies = new Map<string, string>();
  /** The Origin header of the page the SDK runs in (a page on the sandbox's own origin by default). */
  origin: string | undefined = SANDBOX_PAGE_ORIGIN;
  /** The caller's address (the server limits sessions per address). */
  remoteAddress: string | undefined;
  /** Told of every cookie the browser keeps (a test's device shares its passkey-device cookie). */
  onCookie: ((name: string, value: string) => void) | undefined;

  constructor(readonly app: FastifyInstance) {}

  /** The Cookie header this browser sends (undefined without cookies); setting it replaces them all. */
  get cookie(): string | undefined {
    return this.cookies.size === 0
      ? undefined
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(header: string | undefined) {
    this.cookies.clear();
    for (const pair of header?.split(/;\s*/) ?? []) this.keepCookie(pair);
  }

  private keepCookie(pair: string) {
    const at = pair.indexOf('=');
    if (at < 1) return;
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
    this.onCookie?.(name, value);
  }

  /**
   * One call of the SDK's API from this browser: by the page (its session), or by a network window
   * of the page (`windowToken`: the window's own token, from the sandbox's origin).
   */
  async call(method: 'GET' | 'POST', path: string, payload?: unknown, windowToken?: string): Promise<Answer> {
    const cookie = this.cookie;
    const response = await this.app.inject({
      method,
      url: `/sandbox/api${path}`,
      headers: {
        ...(windowToken !== undefined
          ? { 'x-sandbox-window': windowToken, origin: SANDBOX_PAGE_ORIGIN }
          : {
              ...(this.session ? { 'x-sandbox-session': this.session } : {}),
              ...(this.origin ? { origin: this.origin } : {}),
            }),
        ...(cookie ? { cookie } : {}),
      },
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    for (const header of setCookie) this.keepCookie(header.split(';')[0]!);
    return {
      status: response.statusCode,
      body: response.body ? response.json() : {},
      rememberMeCookie: setCookie.find((header) => header.startsWith('c2p_sandbox_device=')),
    };
  }

  async init(extra: Record<string, unknown> = {}): Promise<Answer> {
    const answer = await this.call('POST', '/init', { ...INIT, ...extra });
    if (answer.status === 200) this.session = String(answer.body.sessionToken);
    return answer;
  }

  /** idLookup, initiateValidation and validate with the sandbox code. */
  async signIn(email = 'returning.user@example.com', extra: Record<string, unknown> = {}): Promise<Answer> {
    await this.call('POST', '/lookup', { email });
    await this.call('POST', '/validation/initiate', {});
    return this.call('POST', '/validation/complete', { value: '123456', ...extra });
  }

  /** init, then signIn as the returning user: their cards. */
  async returningCards(): Promise<Record<string, unknown>[]> {
    await this.init();
    return (await this.signIn()).body.cards as Record<string, unknown>[];
  }

  /** init, then signIn as the returning user: their card whose number ends in `panLastFour`. */
  async returningCard(panLastFour: string): Promise<Record<string, unknown>> {
    const cards = await this.returningCards();
    const card = cards.find((c) => c.panLastFour === panLastFour);
    if (!card) throw new Error(`The returning user has no card ending in ${panLastFour}`);
    return card;
  }

  /**
   * Asks for a network window as the page does, and opens it as the window does: with the grant
   * the page hands it, from the origin the browser says the grant came from (this page's).
   */
  async openWindow(request: Record<string, unknown>, openerOrigin = this.origin): Promise<TestWindow> {
    const asked = await this.call('POST', '/windows', request);
    if (asked.status !== 200) throw new Error(`POST /windows answered ${asked.status} ${JSON.stringify(asked.body)}`);
    const cookie = this.cookie;
    const opened = await this.app.inject({
      method: 'POST',
      url: `/sandbox/api/windows/${String(asked.body.windowId)}/open`,
      headers: { origin: SANDBOX_PAGE_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { grant: asked.body.grant, openerOrigin },
    });
    if (opened.statusCode !== 200) throw new Error(`open answered ${opened.statusCode} ${opened.body}`);
    const { windowToken, ...view } = opened.json() as Record<string, unknown>;
    return new TestWindow(this, String(windowToken), view);
  }

  /** Opens a checkout and answers it in its window as the shopper would. */
  async checkout(body: Record<string, unknown>, action = 'COMPLETE', dcf: Record<string, unknown> = {}) {
    const opened = await this.call('POST', '/checkouts', body);
    if (opened.status !== 200) return { opened, answered: undefined, result: undefined };
    const id = String(opened.body.checkoutId);
    const window = await this.openWindow({ kind: 'CHECKOUT', checkoutId: id });
    const answered = await window.call('POST', '/window/action', { action, ...dcf });
    const result = await this.call('GET', `/checkouts/${id}/result`);
    return { opened, answered, result, id, window };
  }
}

/** A network window opened for a TestSdk's page, in the same browser (it shares the cookies). */
export class TestWindow {
  constructor(
    readonly sdk: TestSdk,
    readonly token: string,
    readonly view: Record<string, unknown>,
  ) {}

  call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer> {
    return this.sdk.call(method, path, payload, this.token);
  }
}

export async function encryptCardFor(app: FastifyInstance, card: Record<string, unknown>): Promise<string> {
  const jwks = (await app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
  const jwk = jwks.keys.find((k) => k.kid?.includes('fpan-encryption'))!;
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128GCM', kid: jwk.kid! })
    .encrypt(key);
}

/**
 * The older payload call (section 9.2 b) for the checkout whose result headers are `headers`: by
 * its merchant transaction id, proven by its flow id. `body` adds to (or replaces) the request's members.
 */
export function payloadByTransaction(
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
  extraHeaders: Record<string, string> = {},
): NetworkCall {
  return {
    method: 'POST',
    url: '/sandbox/srci/api/checkout',
    headers: { 'x-src-cx-flow-id': headers['x-src-cx-flow-id']!, ...extraHeaders },
    payload: {
      srcDpaId: DPA_ID,
      checkoutType: 'CLICK_TO_PAY',
      checkoutReference: {
        type: 'MERCHANT_TRANSACTION_ID',
        data: { merchantTransactionId: headers['merchant-transaction-id'] },
      },
      ...body,
    },
  };
}
