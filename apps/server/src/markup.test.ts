import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, webDistFixture, type TestServer } from '../test/harness.ts';
import {
  ADDRESS,
  orderBody,
  placeOrder,
  postRegistration,
  registerShopper,
  registration,
  type Shopper,
} from '../test/shop.ts';

/**
 * Issue 6: markup and script in names, address lines and quantities are data. The API stores and
 * answers them verbatim as JSON (or refuses them with 422 naming the field); the HTML shell never
 * echoes what the request carried.
 */
const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const MARKUP = [SCRIPT, IMG];

let server: TestServer;
let shopper: Shopper;

beforeAll(async () => {
  const dist = await webDistFixture('<div id="root"></div>');
  server = await startTestServer({ webDistDir: dist });
  shopper = await registerShopper(server);
});
afterAll(() => server.close());

type Response = Awaited<ReturnType<TestServer['app']['inject']>>;

function expectJson(response: Response): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

/** Either stored and answered verbatim, or refused with 422 naming the field. */
function expectVerbatimOrNamed(response: Response, field: string, read: (data: never) => unknown, value: string) {
  expectJson(response);
  if (response.statusCode === 422) {
    expect(Object.keys(response.json().errors), response.body).toContain(field);
    return;
  }
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(read(response.json().data as never)).toBe(value);
}

describe('markup in account data', () => {
  it.each(MARKUP)('registration with %s as a name is data or a 422 on that name', async (markup) => {
    for (const field of ['firstName', 'lastName'] as const) {
      const response = await postRegistration(server, registration({ [field]: markup }));
      expectVerbatimOrNamed(
        response,
        field,
        (data: { userData: Record<string, string> }) => data.userData[field],
        markup,
      );
    }
  });

  it.each(MARKUP)('a saved address with %s in its lines is stored and answered verbatim', async (markup) => {
    const address = { ...ADDRESS, streetAddress1: markup, streetAddress2: markup, city: markup, state: markup };
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/session/addresses',
      headers: shopper.auth,
      payload: address,
    });
    expectJson(saved);
    expect(saved.statusCode, saved.body).toBe(201);
    const listed = await server.app.inject({ method: 'GET', url: '/api/session/addresses', headers: shopper.auth });
    expectJson(listed);
    const mine = (listed.json().data as Array<Record<string, string>>).find((row) => row.id === saved.json().data.id);
    expect(mine).toMatchObject({ streetAddress1: markup, streetAddress2: markup, city: markup, state: markup });
  });
});

describe('markup in orders', () => {
  it.each(MARKUP)('an order with %s in its address lines and contact keeps them verbatim', async (markup) => {
    const address = { ...ADDRESS, streetAddress1: markup, streetAddress2: markup, city: markup, state: markup };
    const placed = await placeOrder(
      server,
      orderBody({ shipping: { ...orderBody().shipping, address } }),
      shopper.auth,
    );
    expectJson(placed);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderNumber, shippingAddress } = placed.json().data;
    expect(shippingAddress).toMatchObject({
      streetAddress1: markup,
      streetAddress2: markup,
      city: markup,
      state: markup,
    });
    const read = await server.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers: shopper.auth });
    expectJson(read);
    expect(read.json().data.shippingAddress.streetAddress1).toBe(markup);
  });

  it.each(MARKUP)('an order with %s as a name is data or a 422 on that name', async (markup) => {
    const response = await placeOrder(
      server,
      orderBody({ shipping: { ...orderBody().shipping, address: { ...ADDRESS, firstName: markup } } }),
    );
    expectVerbatimOrNamed(
      response,
      'shipping.address.firstName',
      (data: { shippingAddress: Record<string, string> }) => data.shippingAddress.firstName,
      markup,
    );
  });

  it.each(MARKUP)('a quantity of %s is refused with 422 naming the item', async (markup) => {
    const response = await placeOrder(server, orderBody({ items: [{ id: 1, count: markup }] }));
    expectJson(response);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('items.0.count');
  });
});

describe('the HTML shell never reflects the request', () => {
  const urls = [
    `/products/${SCRIPT}`,
    `/products/${encodeURIComponent(SCRIPT)}`,
    `/products/${encodeURIComponent(IMG)}`,
    `/${encodeURIComponent(IMG)}`,
    `/home?q=${encodeURIComponent(SCRIPT)}`,
    `/checkout/payment?redirect=${encodeURIComponent(`javascript:${SCRIPT}`)}#${SCRIPT}`,
  ];

  it.each(urls)('GET %s answers the app shell as it was built', async (url) => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `locale=${encodeURIComponent(IMG)}` },
    });
    expect([200, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).not.toContain('onerror');
    expect(response.body).toContain('<html lang="en-US" dir="ltr">');
  });

  it.each([
    `/api/${encodeURIComponent(SCRIPT)}`,
    `/sandbox/${encodeURIComponent(IMG)}`,
    `/assets/${encodeURIComponent(SCRIPT)}.js`,
  ])('GET %s answers JSON, never HTML', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expectJson(response);
  });
});
