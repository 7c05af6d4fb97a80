// Secure Card on File contract (issue 13): enrol an encrypted card for an external account id,
// transaction credentials per payment (token + cryptogram bound to card, merchant and amount),
// delete; all signed with the merchant's client credentials.
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactDecrypt, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { sandboxScofCredentials } from '../src/store/schema.ts';
import { DPA_ID, encryptCardFor, signedInject, type NetworkClient } from './client.ts';
import { shopPerFile } from './server.ts';

const { sandbox, shop } = shopPerFile('scof-merchant-key');
const nextYear = String(new Date().getUTCFullYear() + 1);

async function enrolBody(account: string, pan = '5186001700009726', extra: Record<string, unknown> = {}) {
  return {
    serviceId: 'SRC',
    srcClientId: DEMO_SRC_CLIENT_ID,
    srcDpaId: DPA_ID,
    srcCorrelationId: `scof-${account}`,
    cardSource: 'CARD_ON_FILE',
    encryptedCard: await encryptCardFor(sandbox.app, {
      primaryAccountNumber: pan,
      panExpirationMonth: '12',
      panExpirationYear: nextYear,
      cardSecurityCode: '123',
    }),
    consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: account } },
    ...extra,
  };
}

const enrol = async (account: string, pan?: string) =>
  shop().network({
    method: 'POST',
    url: '/sandbox/src/api/digital/payments/cards',
    payload: await enrolBody(account, pan),
  });

const credentials = (srcDigitalCardId: string, amount: number | string, currency = 'USD') =>
  shop().network({
    method: 'POST',
    url: '/sandbox/src/api/digital/payments/transaction/credentials',
    payload: {
      srcClientId: DEMO_SRC_CLIENT_ID,
      srcDpaId: DPA_ID,
      srcDigitalCardId,
      transactionAmount: { transactionAmount: amount, transactionCurrencyCode: currency },
    },
  });

interface Payload {
  card?: unknown;
  token: { paymentToken: string };
  dynamicData: { dynamicDataType: string; dynamicDataValue: string };
  transactionAmount: unknown;
}

async function openCredentials(jws: string) {
  const header = decodeProtectedHeader(jws);
  const jwks = (await sandbox.app.inject({ url: '/sandbox/keys' })).json() as { keys: JWK[] };
  const key = jwks.keys.find((k) => k.kid === header.kid)!;
  const { payload } = await compactVerify(jws, await importJWK(key, 'RS256'));
  const response = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  const { plaintext } = await compactDecrypt(String(response.encryptedPayload), shop().payloadKey);
  return { response, payload: JSON.parse(new TextDecoder().decode(plaintext)) as Payload };
}

describe('SCOF enrolment: POST /src/api/digital/payments/cards', () => {
  it('answers the network card id and the masked card (last four, brand, a token), never the number', async () => {
    const answer = await enrol('account-enrol');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.srcCorrelationId).toBe('scof-account-enrol');
    expect(body.srcDigitalCardId).toMatch(/^[A-Za-z0-9_-]{22}000000000000US$/);
    expect(body.maskedCard).toMatchObject({
      srcDigitalCardId: body.srcDigitalCardId,
      panLastFour: '9726',
      panExpirationMonth: '12',
      panExpirationYear: nextYear,
      paymentCardDescriptor: 'mastercard',
    });
    expect(body.maskedCard.tokenLastFour).toMatch(/^\d{4}$/);
    expect(Array.isArray(body.authenticationMethods)).toBe(true);
    expect(answer.body).not.toContain('5186001700009726');
  });

  it('refuses the same card twice for one account (409 CARD_ALREADY_EXISTS) but not for another account', async () => {
    expect((await enrol('account-dup')).statusCode).toBe(200);
    const again = await enrol('account-dup');
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('CARD_ALREADY_EXISTS');
    expect((await enrol('account-dup-other')).statusCode).toBe(200);
  });

  it('needs the client signature (401) and names the bad field (400)', async () => {
    const unsigned = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/src/api/digital/payments/cards',
      payload: await enrolBody('account-unsigned'),
    });
    expect(unsigned.statusCode).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ encryptedCard: 'not-a-jwe' }, 'encryptedCard'],
      [
        { consumer: { consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'a@b.c' } } },
        'consumer.consumerIdentity.identityType',
      ],
      [
        { consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: '' } } },
        'consumer.consumerIdentity.identityValue',
      ],
      [{ srcDpaId: '' }, 'srcDpaId'],
      [
        {
          encryptedCard: await encryptCardFor(sandbox.app, {
            primaryAccountNumber: '5186001700009727',
            panExpirationMonth: '12',
            panExpirationYear: nextYear,
            cardSecurityCode: '123',
          }),
        },
        'encryptedCard.primaryAccountNumber',
      ],
    ];
    for (const [extra, field] of cases) {
      const answer = await shop().network({
        method: 'POST',
        url: '/sandbox/src/api/digital/payments/cards',
        payload: await enrolBody('account-bad', undefined, extra),
      });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().errordetail[0].source).toBe(field);
    }
  });
});

describe('SCOF transaction credentials', () => {
  it('gives a network token and a fresh cryptogram for the amount, encrypted to the merchant, in a signed response', async () => {
    const { srcDigitalCardId, maskedCard } = (await enrol('account-pay', '5186001700008785')).json();
    const first = await credentials(srcDigitalCardId, 42.5);
    expect(first.statusCode).toBe(200);
    const { response, payload } = await openCredentials(first.json().checkoutResponseJWS);
    expect(response.maskedCard).toMatchObject({ panLastFour: '8785', tokenLastFour: maskedCard.tokenLastFour });
    expect(payload.card).toBeUndefined();
    expect(payload.token.paymentToken).toMatch(/^\d{16}$/);
    expect(payload.token.paymentToken).not.toBe('5186001700008785');
    expect(payload.token.paymentToken.slice(-4)).toBe(maskedCard.tokenLastFour);
    expect(payload.dynamicData.dynamicDataType).toBe('CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM');
    expect(payload.dynamicData.dynamicDataValue).toMatch(/^[A-Za-z0-9+/=]{28}$/);
    expect(payload.transactionAmount).toEqual({ transactionAmount: '42.50', transactionCurrencyCode: 'USD' });

    const second = await openCredentials((await credentials(srcDigitalCardId, 42.5)).json().checkoutResponseJWS);
    expect(second.payload.dynamicData.dynamicDataValue).not.toBe(payload.dynamicData.dynamicDataValue);
    const issued = await sandbox.server.database.db
      .select()
      .from(sandboxScofCredentials)
      .where(eq(sandboxScofCredentials.srcDigitalCardId, srcDigitalCardId));
    expect(issued.map((row) => [row.clientId, row.srcDpaId, row.amount, row.currency])).toEqual([
      [DEMO_SRC_CLIENT_ID, DPA_ID, '42.50', 'USD'],
      [DEMO_SRC_CLIENT_ID, DPA_ID, '42.50', 'USD'],
    ]);
  });

  it('takes the confirmation of a payment by its correlation id (one per payment)', async () => {
    const { srcDigitalCardId } = (await enrol('account-confirm', '5120350100064537')).json();
    const first = await openCredentials((await credentials(srcDigitalCardId, 12)).json().checkoutResponseJWS);
    const second = await openCredentials((await credentials(srcDigitalCardId, 12)).json().checkoutResponseJWS);
    expect(first.response.srcCorrelationId).not.toBe(second.response.srcCorrelationId);
    const confirmation = (srcCorrelationId: unknown) =>
      shop().network({
        method: 'POST',
        url: '/sandbox/src/api/confirmations',
        payload: {
          srcCorrelationId,
          confirmationData: {
            checkoutEventType: '01',
            checkoutEventStatus: '01',
            confirmationStatus: '01',
            confirmationTimestamp: new Date().toISOString(),
            networkTransactionIdentifier: 'UNAVLB',
          },
        },
      });
    expect((await confirmation(first.response.srcCorrelationId)).statusCode).toBe(204);
    expect((await confirmation('not-a-payment')).statusCode).toBe(400);
  });

  it('refuses a bad amount, naming the field', async () => {
    const { srcDigitalCardId } = (await enrol('account-amount', '5186001700008876')).json();
    for (const amount of [0, -1, '1.234', 'ten']) {
      const answer = await credentials(srcDigitalCardId, amount);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errordetail[0].source).toBe('transactionAmount.transactionAmount');
    }
    const currency = await credentials(srcDigitalCardId, 10, 'usd');
    expect(currency.json().errordetail[0].source).toBe('transactionAmount.transactionCurrencyCode');
  });

  it("another client cannot get credentials for, or delete, the merchant's card", async () => {
    const { srcDigitalCardId } = (await enrol('account-other', '5186001700001434')).json();
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const onboarded = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/clients',
      payload: { clientId: 'scof-intruder', publicJwk: pair.publicKey.export({ format: 'jwk' }) },
    });
    expect(onboarded.statusCode).toBe(201);
    const intruder: NetworkClient = { clientId: 'scof-intruder', privateKey: pair.privateKey };
    const taken = await signedInject(sandbox.app, intruder, {
      method: 'POST',
      url: '/sandbox/src/api/digital/payments/transaction/credentials',
      payload: {
        srcDpaId: DPA_ID,
        srcDigitalCardId,
        transactionAmount: { transactionAmount: 1, transactionCurrencyCode: 'USD' },
      },
    });
    expect(taken.statusCode).toBeGreaterThanOrEqual(400);
    expect(taken.statusCode).toBeLessThan(500);
    expect(taken.body).not.toContain('encryptedPayload');
    const removed = await signedInject(sandbox.app, intruder, {
      method: 'DELETE',
      url: `/sandbox/src/api/digital/payments/cards/${srcDigitalCardId}`,
    });
    expect(removed.statusCode).toBe(404);
    expect((await credentials(srcDigitalCardId, 1)).statusCode).toBe(200);
  });
});

describe('SCOF delete', () => {
  it('removes the card: no more credentials, a second delete is 404, the card may be enrolled again', async () => {
    const { srcDigitalCardId } = (await enrol('account-delete', '5186001700009908')).json();
    const url = `/sandbox/src/api/digital/payments/cards/${srcDigitalCardId}`;
    expect((await shop().network({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await shop().network({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await credentials(srcDigitalCardId, 5)).statusCode).toBe(400);
    expect((await enrol('account-delete', '5186001700009908')).statusCode).toBe(200);
    const bad = await shop().network({ method: 'DELETE', url: '/sandbox/src/api/digital/payments/cards/nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the older /srci/api/merchantCards API answering', async () => {
    const answer = await shop().network({
      method: 'POST',
      url: '/sandbox/srci/api/merchantCards',
      payload: { srcDpaId: DPA_ID },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errordetail[0].source).toBe('merchantTransactionId');
  });
});
