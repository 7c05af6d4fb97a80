// Security, second round (issue 28), tried at the network sandbox as another merchant's server
// would: weak keys (item 4), onboarding kept open (item 5), answers no cache keeps (item 8).
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { serverPerFile } from '../../../apps/server/test/harness.ts';
import { IDLE_CLIENT_TTL_MS, MAX_DPAS_PER_CLIENT } from '../src/server/client-lifetime.ts';
import { MAX_ONBOARDED_CLIENTS } from '../src/server/clients-api.ts';
import { sweepExpired } from '../src/server/expiry.ts';
import { sandboxClients, sandboxDpaOrigins, sandboxDpas } from '../src/store/schema.ts';
import { DPA_ID, encryptCardFor, signedInject, type NetworkClient } from './client.ts';
import { shopWithPayloadKey } from './server.ts';

const sandbox = serverPerFile();

const newPair = (options: { bits?: number; exponent?: number } = {}) =>
  generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048, publicExponent: options.exponent ?? 65537 });
const publicJwkOf = (key: KeyObject) => key.export({ format: 'jwk' }) as { kty: string; n: string; e: string };

let address = 0;
/** Onboarding is limited per address and hour: each onboarding here comes from an address of its own. */
const onboard = (payload: Record<string, unknown>) =>
  sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/clients',
    payload,
    remoteAddress: `10.28.${Math.floor(++address / 250)}.${address % 250}`,
  });

async function newClient(clientId: string): Promise<NetworkClient> {
  const pair = newPair();
  const onboarded = await onboard({ clientId, publicJwk: publicJwkOf(pair.publicKey) });
  expect(onboarded.statusCode, onboarded.body).toBe(201);
  return { clientId, privateKey: pair.privateKey };
}

const putKey = (client: NetworkClient, srcDpaId: string, payload: unknown = publicJwkOf(newPair().publicKey)) =>
  signedInject(sandbox.app, client, { method: 'PUT', url: `/sandbox/dpas/${srcDpaId}/key`, payload });

/** A big-endian integer of `bytes` bytes, base64url: `fill` bytes, then the last one. */
const integer = (bytes: number, last: number, fill = 0) =>
  Buffer.concat([Buffer.alloc(bytes - 1, fill), Buffer.from([last])]).toString('base64url');

/** Keys that must never be taken: the field each refusal names, under the JWK's own field. */
const WEAK_KEYS: [string, 'n' | 'e', { kty: 'RSA'; n: string; e: string }][] = [
  ['a modulus of 256 zero bytes', 'n', { kty: 'RSA', n: integer(256, 0), e: 'AQAB' }],
  ['a 1-byte modulus padded to 257 bytes with zeros', 'n', { kty: 'RSA', n: integer(257, 0xc5), e: 'AQAB' }],
  ['a 2047-bit modulus', 'n', { kty: 'RSA', n: integer(256, 0xff, 0x7f), e: 'AQAB' }],
  ['an even 2048-bit modulus', 'n', { kty: 'RSA', n: integer(256, 0xfe, 0xff), e: 'AQAB' }],
  ['e = 1', 'e', { kty: 'RSA', n: publicJwkOf(newPair().publicKey).n, e: 'AQ' }],
  ['e = 3', 'e', { kty: 'RSA', n: publicJwkOf(newPair().publicKey).n, e: 'Aw' }],
  ['an even e', 'e', { kty: 'RSA', n: publicJwkOf(newPair().publicKey).n, e: integer(3, 0x02, 0x01) }],
];

describe('item 4: only sound RSA keys (2048 bits or more, e odd and at least 65537)', () => {
  it.each(WEAK_KEYS)('item 4: onboarding with %s answers 400 naming publicJwk.%s', async (_name, member, jwk) => {
    const response = await onboard({ clientId: `weak-client-${member}-${address}`, publicJwk: jwk });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, reason: 'INVALID_ARGUMENT' });
    expect(body.errordetail[0]).toMatchObject({ source: `publicJwk.${member}`, sourceType: 'BODY' });
    expect(body.message).toMatch(member === 'n' ? /modulus n/ : /odd and at least 65537/);
  });

  it.each(WEAK_KEYS)('item 4: a payload key with %s answers 400 naming %s', async (_name, member, jwk) => {
    const client = await newClient(`weak-payload-key-${member}-${address}`);
    const response = await putKey(client, `weak-payload-dpa-${address}`, jwk);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errordetail[0]).toMatchObject({ source: member, sourceType: 'BODY' });
    expect((await sandbox.app.inject({ url: `/sandbox/dpas/weak-payload-dpa-${address}/key` })).statusCode).toBe(404);
  });

  it('item 4: sound keys of 2048 and 4096 bits are taken', async () => {
    const client = await newClient('sound-keys');
    expect((await putKey(client, 'sound-2048')).statusCode).toBe(204);
    expect((await putKey(client, 'sound-4096', publicJwkOf(newPair({ bits: 4096 }).publicKey))).statusCode).toBe(204);
  });

  it('item 4: a weak key stored before the check signs nothing and is never encrypted to', async () => {
    const { db } = sandbox.database;
    // A client onboarded with e = 3 by an older release: its signatures would verify.
    const weak = newPair({ exponent: 3 });
    await db
      .insert(sandboxClients)
      .values({ clientId: 'stored-weak-client', publicJwk: publicJwkOf(weak.publicKey), addressHash: 'older-release' });
    const signed = await putKey({ clientId: 'stored-weak-client', privateKey: weak.privateKey }, 'stored-weak-dpa-1');
    expect(signed.statusCode).toBe(401);

    // A DPA whose stored payload key has e = 1: the payload call is refused, not encrypted to it.
    const owner = await newClient('stored-weak-key-owner');
    expect((await putKey(owner, 'stored-weak-dpa-2')).statusCode).toBe(204);
    const { n } = publicJwkOf(newPair().publicKey);
    await db
      .update(sandboxDpas)
      .set({ publicJwk: { kty: 'RSA', n, e: 'AQ' } })
      .where(eq(sandboxDpas.srcDpaId, 'stored-weak-dpa-2'));
    const payload = await signedInject(sandbox.app, owner, {
      method: 'POST',
      url: '/sandbox/srci/api/checkout',
      headers: { 'x-src-cx-flow-id': 'flow' },
      payload: {
        srcDpaId: 'stored-weak-dpa-2',
        checkoutType: 'CLICK_TO_PAY',
        checkoutReference: { type: 'MERCHANT_TRANSACTION_ID', data: { merchantTransactionId: 'any' } },
      },
    });
    expect(payload.statusCode).toBe(403);
    expect(payload.json()).toMatchObject({ reason: 'PERMISSION_DENIED', message: expect.stringMatching(/too weak/) });
    // Its owner registers a sound key again.
    expect((await putKey(owner, 'stored-weak-dpa-2')).statusCode).toBe(204);
  });
});

describe('item 5: onboarding stays open', () => {
  it(`item 5: one client owns at most ${MAX_DPAS_PER_CLIENT} DPAs; the next is 403 naming srcDpaId`, async () => {
    const greedy = await newClient('greedy-client');
    for (let i = 0; i < MAX_DPAS_PER_CLIENT; i += 1) {
      expect((await putKey(greedy, `greedy-dpa-${i}`)).statusCode).toBe(204);
    }
    const more = await putKey(greedy, 'greedy-dpa-one-more');
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject({ reason: 'DPA_LIMIT_REACHED' });
    expect(more.json().errordetail[0]).toMatchObject({ source: 'srcDpaId', sourceType: 'PATH' });
    expect(more.json().message).toContain(String(MAX_DPAS_PER_CLIENT));
    // Its own DPAs keep taking new keys; another client still claims the DPA it could not.
    expect((await putKey(greedy, 'greedy-dpa-0')).statusCode).toBe(204);
    expect((await putKey(await newClient('modest-client'), 'greedy-dpa-one-more')).statusCode).toBe(204);
  });

  it('item 5: with every place taken by clients that never registered a DPA, a newcomer still onboards', async () => {
    const { db } = sandbox.database;
    const clients = await db.$count(sandboxClients);
    const dayAndAHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const { n, e } = publicJwkOf(newPair().publicKey);
    const squatters = Array.from({ length: MAX_ONBOARDED_CLIENTS - clients }, (_, i) => ({
      clientId: `squatter-${i}`,
      publicJwk: { kty: 'RSA', n, e },
      addressHash: `squatter-address-${i % 100}`,
      createdAt: dayAndAHourAgo,
    }));
    for (let i = 0; i < squatters.length; i += 200) await db.insert(sandboxClients).values(squatters.slice(i, i + 200));
    expect(await db.$count(sandboxClients)).toBe(MAX_ONBOARDED_CLIENTS);

    const newcomer = await newClient('newcomer-after-squatters');
    expect((await putKey(newcomer, 'newcomer-dpa')).statusCode).toBe(204);
    expect(
      await db.$count(
        sandboxClients,
        inArray(
          sandboxClients.clientId,
          squatters.map((s) => s.clientId),
        ),
      ),
    ).toBe(0);
  });

  it('item 5: a client idle for 30 days goes with its DPAs on the sweep; one that signed a call stays', async () => {
    const { db } = sandbox.database;
    const idle = await newClient('idle-client');
    const busy = await newClient('busy-client');
    expect((await putKey(idle, 'idle-dpa')).statusCode).toBe(204);
    expect((await putKey(busy, 'busy-dpa')).statusCode).toBe(204);
    const origins = { origins: ['https://idle.example'] };
    const url = '/sandbox/dpas/idle-dpa/origins';
    expect((await signedInject(sandbox.app, idle, { method: 'PUT', url, payload: origins })).statusCode).toBe(204);
    const longAgo = new Date(Date.now() - IDLE_CLIENT_TTL_MS - 24 * 60 * 60 * 1000);
    await db
      .update(sandboxClients)
      .set({ createdAt: longAgo })
      .where(inArray(sandboxClients.clientId, ['idle-client', 'busy-client']));
    await db
      .update(sandboxDpas)
      .set({ updatedAt: longAgo })
      .where(inArray(sandboxDpas.srcDpaId, ['idle-dpa', 'busy-dpa']));
    // The busy client names its DPA in a signed call: that is a use.
    const busyCall = await signedInject(sandbox.app, busy, {
      method: 'PUT',
      url: '/sandbox/dpas/busy-dpa/origins',
      payload: { origins: ['https://busy.example'] },
    });
    expect(busyCall.statusCode).toBe(204);

    await sweepExpired(db);
    const left = await db.select({ clientId: sandboxClients.clientId }).from(sandboxClients);
    expect(left.map((row) => row.clientId)).toContain('busy-client');
    expect(left.map((row) => row.clientId)).not.toContain('idle-client');
    expect(await db.$count(sandboxDpas, eq(sandboxDpas.srcDpaId, 'idle-dpa'))).toBe(0);
    expect(await db.$count(sandboxDpaOrigins, eq(sandboxDpaOrigins.srcDpaId, 'idle-dpa'))).toBe(0);
    // Whoever onboards under the idle client's id, or claims its DPA, starts from nothing.
    const heir = await newClient('idle-client');
    expect((await putKey(heir, 'idle-dpa')).statusCode).toBe(204);
    expect((await sandbox.app.inject({ url })).json()).toEqual({ origins: [], sandboxDefault: true });
  });
});

describe('item 8: network answers no cache keeps', () => {
  it('item 8: a card on file enrolled (its masked card) is answered with Cache-Control: no-store', async () => {
    const { network } = await shopWithPayloadKey(sandbox.server, 'round-2-shop-key');
    const enrolled = await network({
      method: 'POST',
      url: '/sandbox/src/api/digital/payments/cards',
      payload: {
        serviceId: 'SRC',
        srcClientId: DEMO_SRC_CLIENT_ID,
        srcDpaId: DPA_ID,
        cardSource: 'CARD_ON_FILE',
        encryptedCard: await encryptCardFor(sandbox.app, {
          primaryAccountNumber: '5186001700009726',
          panExpirationMonth: '12',
          panExpirationYear: String(new Date().getUTCFullYear() + 1),
          cardSecurityCode: '123',
        }),
        consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: 'round-2-account' } },
      },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().maskedCard.panLastFour).toBe('9726');
    expect(enrolled.headers['cache-control']).toBe('no-store');
    // The network's public keys keep their own policy.
    expect((await sandbox.app.inject({ url: '/sandbox/keys' })).headers['cache-control']).toBe('public, max-age=300');
  });
});
