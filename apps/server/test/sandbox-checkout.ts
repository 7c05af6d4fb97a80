import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GetPayloadRequest } from '@c2p/domain';
import { oauthAuthorization } from '../src/features/payments/network-signing.ts';

export interface SandboxCheckout {
  /** The SDK's init body (srcDpaId, dpaData, dpaTransactionOptions, cardBrands, services...). */
  init: { srcDpaId: string } & Record<string, unknown>;
  /** The returning user's card to pay with. */
  lastFour: string;
  /** What the checkout adds to the card (kind INSTALLMENTS and its plan, the merchant's origin...); kind CARD by default. */
  checkout?: Record<string, unknown>;
  /** The amount the getPayload request names. */
  transactionAmount: GetPayloadRequest['transactionAmount'];
  /** The shopper confirms the payment with the code in the window (an authenticated payment) before Continue. */
  confirmWithCode?: boolean;
}

/** The origin of the page (and of the network's window): the sandbox's own, as inject reaches it. */
const PAGE = { origin: 'http://localhost' };

/**
 * The browser's side of a Click to Pay checkout (what lib.js and the network's window do), through
 * the sandbox's internal API: the returning user signs in with a one-time code and pays with a
 * card; answers the getPayload request the merchant page then sends.
 */
export async function sandboxCheckout(
  app: FastifyInstance,
  { init, lastFour, checkout = {}, transactionAmount, confirmWithCode = false }: SandboxCheckout,
): Promise<GetPayloadRequest> {
  let session = '';
  let window = '';
  // The shopper's browser keeps the network's cookies: the sign-in the code proves is this browser's.
  const cookies = new Map<string, string>();
  const call = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      method,
      url: `/sandbox/api${path}`,
      headers: {
        ...(window ? { ...PAGE, 'x-sandbox-window': window } : { ...PAGE, 'x-sandbox-session': session }),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    for (const { name, value } of response.cookies) cookies.set(name, value);
    return response.json();
  };
  session = (await call('POST', '/init', init)).sessionToken;
  await call('POST', '/lookup', { email: 'returning.user@example.com' });
  await call('POST', '/validation/initiate', {});
  const { cards } = await call('POST', '/validation/complete', { value: '123456' });
  const card = (cards as { panLastFour: string; srcDigitalCardId: string }[]).find((c) => c.panLastFour === lastFour);
  if (!card) throw new Error(`no sandbox card ending ${lastFour}`);
  const { checkoutId } = await call('POST', '/checkouts', {
    kind: 'CARD',
    ...checkout,
    srcDigitalCardId: card.srcDigitalCardId,
  });
  // The window gets its grant from the page, opens with it, and the shopper presses Continue there.
  const { windowId, grant } = await call('POST', '/windows', { kind: 'CHECKOUT', checkoutId });
  window = (await call('POST', `/windows/${windowId}/open`, { grant, openerOrigin: PAGE.origin })).windowToken;
  if (confirmWithCode) {
    await call('POST', '/window/confirm-code/send', {});
    await call('POST', '/window/confirm-code', { value: '123456' });
  }
  await call('POST', '/window/action', { action: 'COMPLETE' });
  window = '';
  const result = await call('GET', `/checkouts/${checkoutId}/result`);
  if (result.checkoutActionCode !== 'COMPLETE') throw new Error(`checkout ended ${result.checkoutActionCode}`);
  return {
    srcDpaId: init.srcDpaId,
    srcCorrelationId: result.checkoutResponseData.srcCorrelationId,
    merchantTransactionId: result.headers['merchant-transaction-id'],
    flowId: result.headers['x-src-cx-flow-id'],
    transactionAmount,
  };
}

/**
 * PUT /sandbox/dpas/{srcDpaId}/key with `publicJwk` as the body, signed as the network client, as a
 * merchant server registers its payload key.
 */
export function putDpaKey(app: FastifyInstance, srcDpaId: string, publicJwk: unknown, client: NetworkClient) {
  return signedInject(app, client, { method: 'PUT', url: `/sandbox/dpas/${srcDpaId}/key`, payload: publicJwk });
}

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
  /** When the signature says it was made (a stale one is refused): now by default. */
  now?: Date;
}

/** app.inject for the network APIs, signed as the client (OAuth 1.0a, RSA-SHA256) as the merchant server signs. */
export function signedInject(app: FastifyInstance, client: NetworkClient, call: NetworkCall) {
  const method = call.method ?? (call.payload === undefined ? 'GET' : 'POST');
  const body = call.payload === undefined ? '' : JSON.stringify(call.payload);
  const authorization = oauthAuthorization({
    method,
    url: `http://localhost${call.url}`,
    body,
    consumerKey: client.clientId,
    privateKey: client.privateKey,
    now: call.now,
  });
  return app.inject({
    method,
    url: call.url,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization, ...call.headers },
    ...(body ? { payload: body } : {}),
  });
}
