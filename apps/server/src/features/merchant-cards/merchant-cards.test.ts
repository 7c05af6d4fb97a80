// /api/merchantCards (issue 13): a shopper's cards tokenized by the network sandbox over HTTP;
// ownership (401, 404 for another shopper's card), 409 'Card already exist', bad input, payment.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { clickToPayOrder, idempotencyKey, nextIp, registerShopper, type Shopper } from '../../../test/shop.ts';
import { buildApp } from '../../app.ts';
import { clickToPayPayments, merchantCards } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';

let server: TestServer;
const nextYear = String(new Date().getUTCFullYear() + 1);

beforeAll(async () => {
  server = await startTestServer();
  // The merchant API calls its own /sandbox over HTTP, so the server must listen.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** What the browser does: the card encrypted to the network's src-fpan-encryption key (encryptCard). */
async function encryptCard(pan: string, card: Record<string, unknown> = {}): Promise<string> {
  const jwks = (await server.app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
  const jwk = jwks.keys.find((k) => k.kid?.includes('fpan-encryption'))!;
  return new CompactEncrypt(
    new TextEncoder().encode(
      JSON.stringify({
        primaryAccountNumber: pan,
        panExpirationMonth: '11',
        panExpirationYear: nextYear,
        cardSecurityCode: '123',
        ...card,
      }),
    ),
  )
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128GCM', kid: jwk.kid! })
    .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
}

/** The shopper's order paid with the payment a card on file gave. */
const placeOrder = (shopper: Shopper, paymentId: string) =>
  call('POST', '/api/orders', { 'idempotency-key': idempotencyKey(), ...shopper.auth }, clickToPayOrder(paymentId));

/** POST /api/merchantCards/{id}/credentials for an order of `amount` USD, as `shopper`. */
const credentials = (shopper: Pick<Shopper, 'auth'>, cardId: string, amount: unknown) =>
  call('POST', `/api/merchantCards/${cardId}/credentials`, shopper.auth, {
    transactionAmount: { transactionAmount: amount, transactionCurrencyCode: 'USD' },
  });

const save = async (shopper: Shopper, pan: string, headers: Headers = {}) =>
  call('POST', '/api/merchantCards', { ...shopper.auth, ...headers }, { encryptedCard: await encryptCard(pan) });

describe('saving and listing cards on file', () => {
  it('enrols the card at the network and keeps only its reference, brand, last four and expiry', async () => {
    const shopper = await registerShopper(server);
    const saved = await save(shopper, '5186001700009726');
    expect(saved.statusCode).toBe(201);
    const { data, network } = saved.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand: 'mastercard',
      lastFour: '9726',
      expiry: `11/${nextYear.slice(-2)}`,
      tokenLastFour: expect.stringMatching(/^\d{4}$/),
      tokenStatus: 'ACTIVE',
      createdAt: expect.any(String),
    });
    // The API log's entry: the enrol call, the card as a shortened JWE, the masked card back.
    expect(network.url).toMatch(/\/sandbox\/src\/api\/digital\/payments\/cards$/);
    expect(network.status).toBe(200);
    expect(network.body.consumer.consumerIdentity).toEqual({
      identityType: 'EXTERNAL_ACCOUNT_ID',
      identityValue: shopper.userId,
    });
    expect(network.body.encryptedCard).toMatch(/…$/);
    expect(network.response.maskedCard.panLastFour).toBe('9726');
    expect(saved.body).not.toContain('5186001700009726');

    const [row] = await server.database.db.select().from(merchantCards).where(eq(merchantCards.id, data.id));
    expect(JSON.stringify(row)).not.toContain('5186001700009726');
    expect(row!.srcDigitalCardId).toMatch(/000000000000US$/);

    const list = await call('GET', '/api/merchantCards', shopper.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([data]);
  });

  it("refuses the same card twice with 409 'Card already exist', in the shopper's language", async () => {
    const shopper = await registerShopper(server);
    expect((await save(shopper, '5186001700008785')).statusCode).toBe(201);
    const again = await save(shopper, '5186001700008785');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Card already exist');
    expect(again.json().network.status).toBe(409);
    const french = await save(shopper, '5186001700008785', { 'accept-language': 'fr-FR' });
    expect(french.json().message).toBe(translate('fr-FR', 'CARD_ON_FILE.API.ALREADY_EXISTS'));
    // Another shopper may keep the same card.
    expect((await save(await registerShopper(server), '5186001700008785')).statusCode).toBe(201);
    expect((await call('GET', '/api/merchantCards', shopper.auth)).json().data).toHaveLength(1);
  });

  it('answers 422 naming encryptedCard when the network cannot use the card (expired, bad number)', async () => {
    const shopper = await registerShopper(server);
    for (const card of [{ panExpirationYear: '2001' }, { primaryAccountNumber: '5186001700009727' }]) {
      const response = await call('POST', '/api/merchantCards', shopper.auth, {
        encryptedCard: await encryptCard('5186001700009726', card),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.encryptedCard).toEqual([translate('en-US', 'CARD_ON_FILE.API.CARD_REFUSED')]);
    }
    expect((await call('GET', '/api/merchantCards', shopper.auth)).json().data).toEqual([]);
  });
});

describe('ownership', () => {
  it('needs a shopper token: 401 without one or with a dead one', async () => {
    const encryptedCard = await encryptCard('5186001700009908');
    expect((await call('GET', '/api/merchantCards')).statusCode).toBe(401);
    expect((await call('POST', '/api/merchantCards', {}, { encryptedCard })).statusCode).toBe(401);
    expect((await call('GET', '/api/merchantCards', { authorization: 'not-a-session' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/merchantCards/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  it("another shopper's card is 404 to list, delete or pay with, and stays", async () => {
    const owner = await registerShopper(server);
    const other = await registerShopper(server);
    const card = (await save(owner, '5186001700008876')).json().data;
    expect((await call('GET', '/api/merchantCards', other.auth)).json().data).toEqual([]);
    const deleted = await call('DELETE', `/api/merchantCards/${card.id}`, other.auth);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().errors.id).toBeDefined();
    const paid = await credentials(other, card.id, 10);
    expect(paid.statusCode).toBe(404);
    expect((await call('GET', '/api/merchantCards', owner.auth)).json().data).toHaveLength(1);
    expect((await call('DELETE', `/api/merchantCards/${crypto.randomUUID()}`, owner.auth)).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('removes the card at the network and here; the card may then be saved again', async () => {
    const shopper = await registerShopper(server);
    const card = (await save(shopper, '5186001700001434')).json().data;
    const deleted = await call('DELETE', `/api/merchantCards/${card.id}`, shopper.auth);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ id: card.id });
    expect(deleted.json().network).toMatchObject({ method: 'DELETE', status: 204 });
    expect((await call('GET', '/api/merchantCards', shopper.auth)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/merchantCards/${card.id}`, shopper.auth)).statusCode).toBe(404);
    expect((await save(shopper, '5186001700001434')).statusCode).toBe(201);
  });
});

describe('paying with a card on file', () => {
  it('gets a token and a cryptogram for the order amount; the order takes the payment; the confirmation goes through', async () => {
    const shopper = await registerShopper(server);
    const card = (await save(shopper, '5120350100064545')).json().data;
    const response = await credentials(shopper, card.id, 299.97);
    expect(response.statusCode).toBe(200);
    const { data, network } = response.json();
    expect(data).toMatchObject({
      merchantCardId: card.id,
      brand: 'mastercard',
      lastFour: '4545',
      credential: 'TOKEN',
      tokenLastFour: card.tokenLastFour,
      dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
    });
    expect(network.url).toMatch(/\/transaction\/credentials$/);
    expect(network.response.checkoutResponseJWS).toMatch(/…$/);
    const [stored] = await server.database.db
      .select()
      .from(clickToPayPayments)
      .where(eq(clickToPayPayments.id, data.paymentId));
    expect(stored!.transactionAmount).toBe('299.97');

    const placed = await placeOrder(shopper, data.paymentId);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.payment).toMatchObject({ method: 'click-to-pay', lastFour: '4545', credential: 'TOKEN' });
    const confirmed = await call(
      'POST',
      '/api/confirmation',
      {},
      {
        orderNumber: placed.json().data.orderNumber,
        paymentId: data.paymentId,
      },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().network.status).toBe(204);
  });

  it('a payment for another amount cannot pay the order', async () => {
    const shopper = await registerShopper(server);
    const card = (await save(shopper, '5120350100064552')).json().data;
    const { data } = (await credentials(shopper, card.id, 1)).json();
    const placed = await placeOrder(shopper, data.paymentId);
    expect(placed.statusCode).toBe(422);
  });
});

describe('issue 28, item 2: a payment belongs to the shopper whose checkout made it', () => {
  it('item 2: a card-on-file payment pays another shopper’s order, or a guest’s, with nothing (403)', async () => {
    const shopper = await registerShopper(server);
    const card = (await save(shopper, '5120350100064560')).json().data;
    const { data } = (await credentials(shopper, card.id, 299.97)).json();
    const stranger = await registerShopper(server);
    const asStranger = await placeOrder(stranger, data.paymentId);
    expect(asStranger.statusCode).toBe(403);
    expect(Object.keys(asStranger.json().errors)).toEqual(['payment.paymentId']);
    const asGuest = await call(
      'POST',
      '/api/orders',
      { 'idempotency-key': idempotencyKey() },
      clickToPayOrder(data.paymentId),
    );
    expect(asGuest.statusCode).toBe(403);
    expect((await placeOrder(shopper, data.paymentId)).statusCode).toBe(201);
  });
});

describe('bad input', () => {
  it('any body other than an encrypted card is a 4xx naming a field, never a 5xx', async () => {
    const shopper = await registerShopper(server);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.record({ encryptedCard: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue({ maxDepth: 1 })) }),
          fc.constant({ encryptedCard: 'a.b.c.d.e' }),
          fc.constant({ encryptedCard: 'x'.repeat(9000) }),
        ),
        async (body) => {
          const response = await call('POST', '/api/merchantCards', shopper.auth, body ?? null);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          const answer = response.json();
          expect(typeof answer.message).toBe('string');
          if (response.statusCode === 422) expect(Object.keys(answer.errors ?? {}).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('card ids must be UUIDs, amounts positive: 422 naming the field', async () => {
    const shopper = await registerShopper(server);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !/^[0-9a-f-]{36}$/i.test(s) && !/[/?#%]/.test(s)),
        async (id) => {
          const response = await call('DELETE', `/api/merchantCards/${encodeURIComponent(id)}`, shopper.auth);
          expect(response.statusCode).toBe(422);
          expect(response.json().errors.id).toBeDefined();
        },
      ),
      { numRuns: 30 },
    );
    const card = (await save(shopper, '5120350100064560')).json().data;
    for (const transactionAmount of [0, -5, 'ten', null]) {
      const response = await credentials(shopper, card.id, transactionAmount);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)[0]).toMatch(/^transactionAmount/);
    }
  });
});

describe('a network that cannot be reached', () => {
  it('answers 502 with the failed call (for the API log) to a save, a deletion and a payment, and keeps the card', async () => {
    // The same database, with the network configured at an address where nothing listens.
    const cut = await buildApp({ database: server.database, networkApiBaseUrl: 'http://127.0.0.1:1/network' });
    try {
      const shopper = await registerShopper(server);
      const card = (await save(shopper, '5186001700009726')).json().data;
      const attempts = [
        {
          method: 'POST',
          url: '/api/merchantCards',
          key: 'SAVE_ERROR',
          body: { encryptedCard: await encryptCard('5120350100064545') },
        },
        { method: 'DELETE', url: `/api/merchantCards/${card.id}`, key: 'DELETE_ERROR', body: undefined },
        {
          method: 'POST',
          url: `/api/merchantCards/${card.id}/credentials`,
          key: 'PAYMENT_ERROR',
          body: { transactionAmount: { transactionAmount: 10, transactionCurrencyCode: 'USD' } },
        },
      ] as const;
      for (const { method, url, key, body } of attempts) {
        const response = await cut.inject({
          method,
          url,
          headers: { ...shopper.auth, 'accept-language': 'fr-FR' },
          remoteAddress: nextIp(),
          ...(body ? { payload: body } : {}),
        });
        expect(response.statusCode, url).toBe(502);
        const answer = response.json();
        expect(answer.message, url).toBe(translate('fr-FR', `CARD_ON_FILE.API.${key}`));
        expect(answer.network, url).toMatchObject({
          url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:1\/network\//),
          status: null,
        });
      }
      const listed = await call('GET', '/api/merchantCards', shopper.auth);
      expect(listed.json().data.map((saved: { id: string }) => saved.id)).toEqual([card.id]);
    } finally {
      await cut.close();
    }
  });
});
