import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_PRODUCTS_API_KEY } from '@c2p/domain';
import type { TestServer } from './harness.ts';
import { CHECKOUT_COOKIE } from '../src/features/payments/payer.ts';

let ipCounter = 0;

/** A fresh client address, so that per-IP rate limits of one test do not reach the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${100 + ((ipCounter >> 16) & 0x7f)}.${(ipCounter >> 8) & 0xff}.${ipCounter & 0xff}`;
}

export const PRODUCTS_HEADERS = { 'x-api-key': DEMO_PRODUCTS_API_KEY };

let emailCounter = 0;
export function uniqueEmail(prefix = 'shopper'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomUUID().slice(0, 8)}@demo.test`;
}

/** A registration body as the web app sends it (phone number prefixed with the country code). */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneCountryCode: '+1',
    phoneNumber: '+1-2025550143',
    email: uniqueEmail(),
    password: 'secret pass',
    ...overrides,
  };
}

/** POST /api/auth/register with `body`, from a client address of its own. */
export function postRegistration(server: Pick<TestServer, 'app'>, body: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: nextIp() });
}

export interface Shopper {
  token: string;
  email: string;
  password: string;
  userId: string;
  auth: { authorization: string };
}

export async function registerShopper(
  server: Pick<TestServer, 'app'>,
  overrides: Record<string, unknown> = {},
): Promise<Shopper> {
  const body = registration(overrides);
  const response = await postRegistration(server, body);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const { meta, data } = response.json();
  return {
    token: meta.token,
    email: body.email as string,
    password: body.password as string,
    userId: data.userData.id,
    auth: { authorization: meta.token },
  };
}

export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress1: '12 Analytical Row',
  streetAddress2: '',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  zipCode: '62701',
};

/** A valid order body; products 1 and 9 are the Aurora headphones and the Echo speaker. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { id: 1, count: 2 },
      { id: 9, count: 1 },
    ],
    shipping: { address: ADDRESS, saveAsBillingAddress: true, contact: { type: 'email', email: 'ada@demo.test' } },
    payment: { method: 'card', brand: 'visa', lastFour: '1111', expiry: '12/39' },
    ...overrides,
  };
}

/** An order body paid with a Click to Pay payment (or a card on file's, which is one), by its id. */
export function clickToPayOrder(paymentId: string, payment: Record<string, unknown> = {}) {
  return orderBody({ payment: { method: 'click-to-pay', paymentId, ...payment } });
}

export function idempotencyKey(): string {
  return `order-${randomUUID()}`;
}

/** POST /api/orders as the web app sends it: a fresh idempotency key, from a client address of its own. */
export function placeOrder(
  server: Pick<TestServer, 'app'>,
  payload: Record<string, unknown> = orderBody(),
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, 'idempotency-key': idempotencyKey() },
    payload,
    remoteAddress: nextIp(),
  });
}

/**
 * One test browser's checkout cookie: POST /api/getPayload sets it and an order sends it back, as
 * a browser does (a guest's Click to Pay payment is that browser's alone).
 */
export function checkoutBrowser() {
  let cookie: string | undefined;
  const browser = {
    /** The request's headers with the checkout cookie beside any cookie of their own (the locale). */
    headers(own: Record<string, string>): Record<string, string> {
      if (!cookie) return own;
      return { ...own, cookie: own.cookie ? `${own.cookie}; ${cookie}` : cookie };
    },
    keep<Response extends { cookies: { name: string; value: string }[] }>(response: Response): Response {
      const set = response.cookies.find((c) => c.name === CHECKOUT_COOKIE);
      if (set) cookie = `${set.name}=${set.value}`;
      return response;
    },
    /** POST `payload` to `url` from this browser (its cookie kept), from a client address of its own. */
    async post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
      return browser.keep(
        await app.inject({
          method: 'POST',
          url,
          payload: payload as object,
          headers: browser.headers(headers),
          remoteAddress: nextIp(),
        }),
      );
    },
  };
  return browser;
}
