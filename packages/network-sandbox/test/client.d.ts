import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
export declare const DPA_ID = 'test-dpa-0001';
export declare const INIT: {
  srcDpaId: string;
  dpaData: {
    dpaName: string;
  };
  dpaTransactionOptions: {
    dpaLocale: string;
    transactionAmount: {
      transactionAmount: number;
      transactionCurrencyCode: string;
    };
    paymentOptions: {
      dynamicDataType: string;
    }[];
    consumerEmailAddressRequested: boolean;
    consumerNameRequested: boolean;
    consumerPhoneNumberRequested: boolean;
    merchantCategoryCode: string;
  };
  cardBrands: string[];
};
/** The origin inject's requests reach the sandbox on: the sandbox's own pages (the window) send it. */
export declare const SANDBOX_PAGE_ORIGIN = 'http://localhost';
export interface Answer {
  status: number;
  body: Record<string, unknown> & {
    reason?: string;
    message?: string;
  };
  /** The remember-me cookie the answer set (or cleared), if any. */
  rememberMeCookie: string | undefined;
}
export declare class TestSdk {
  readonly app: FastifyInstance;
  session: string | undefined;
  /** The browser's cookies for the sandbox, by name (the remember-me cookie, the sessions' sign-in cookies). */
  readonly cookies: Map<string, string>;
  /** The Origin header of the page the SDK runs in (a page on the sandbox's own origin by default). */
  origin: string | undefined;
  /** The caller's address (the server limits sessions per address). */
  remoteAddress: string | undefined;
  constructor(app: FastifyInstance);
  /** The Cookie header this browser sends (undefined without cookies); setting it replaces them all. */
  get cookie(): string | undefined;
  set cookie(header: string | undefined);
  private keepCookie;
  /**
   * One call of the SDK's API from this browser: by the page (its session), or by a network window
   * of the page (`windowToken`: the window's own token, from the sandbox's origin).
   */
  call(method: 'GET' | 'POST', path: string, payload?: unknown, windowToken?: string): Promise<Answer>;
  init(extra?: Record<string, unknown>): Promise<Answer>;
  /** idLookup, initiateValidation and validate with the sandbox code. */
  signIn(email?: string, extra?: Record<string, unknown>): Promise<Answer>;
  /** init, then signIn as the returning user: their cards. */
  returningCards(): Promise<Record<string, unknown>[]>;
  /** init, then signIn as the returning user: their card whose number ends in `panLastFour`. */
  returningCard(panLastFour: string): Promise<Record<string, unknown>>;
  /**
   * Asks for a network window as the page does, and opens it as the window does: with the grant
   * the page hands it, from the origin the browser says the grant came from (this page's).
   */
  openWindow(request: Record<string, unknown>, openerOrigin?: string | undefined): Promise<TestWindow>;
  /** Opens a checkout and answers it in its window as the shopper would. */
  checkout(
    body: Record<string, unknown>,
    action?: string,
    dcf?: Record<string, unknown>,
  ): Promise<
    | {
        opened: Answer;
        answered: undefined;
        result: undefined;
        id?: undefined;
        window?: undefined;
      }
    | {
        opened: Answer;
        answered: Answer;
        result: Answer;
        id: string;
        window: TestWindow;
      }
  >;
}
/** A network window opened for a TestSdk's page, in the same browser (it shares the cookies). */
export declare class TestWindow {
  readonly sdk: TestSdk;
  readonly token: string;
  readonly view: Record<string, unknown>;
  constructor(sdk: TestSdk, token: string, view: Record<string, unknown>);
  call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer>;
}
export declare function encryptCardFor(app: FastifyInstance, card: Record<string, unknown>): Promise<string>;
/** A merchant client of the network: its SRC client id and the private half of its signing key. */
export interface NetworkClient {
  clientId: string;
  privateKey: KeyObject;
}
export interface NetworkCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}
/** app.inject for the network APIs, signed as the client (OAuth 1.0a, RSA-SHA256) as the merchant server signs. */
export declare function signedInject(
  app: FastifyInstance,
  client: NetworkClient,
  call: NetworkCall,
): Promise<import('light-my-request').Response>;
/**
 * The older payload call (section 9.2 b) for the checkout whose result headers are `headers`: by
 * its merchant transaction id, proven by its flow id. `body` adds to (or replaces) the request's members.
 */
export declare function payloadByTransaction(
  headers: Record<string, string>,
  body?: Record<string, unknown>,
  extraHeaders?: Record<string, string>,
): NetworkCall;
