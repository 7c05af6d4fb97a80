// Onboarding of other merchants (POST /sandbox/clients) and who may set a DPA's page origins.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { DEMO_SRC_CLIENT_ID, DEMO_SRC_DPA_ID } from '@c2p/domain';
import { describe, expect, it } from 'vitest';
import { signedInject, type NetworkClient } from './client.ts';
import { serverPerFile } from '../../../apps/server/test/harness.ts';

const sandbox = serverPerFile();

const publicJwkOf = (key: KeyObject) => key.export({ format: 'jwk' });
const newPair = (bits = 2048) => generateKeyPairSync('rsa', { modulusLength: bits });
const onboard = (payload: Record<string, unknown>) =>
  sandbox.app.inject({ method: 'POST', url: '/sandbox/clients', payload });

async function newClient(clientId: string): Promise<NetworkClient> {
  const pair = newPair();
  expect((await onboard({ clientId, publicJwk: publicJwkOf(pair.publicKey) })).statusCode).toBe(201);
  return { clientId, privateKey: pair.privateKey };
}

const registerKey = (client: NetworkClient, srcDpaId: string) =>
  signedInject(sandbox.app, client, {
    method: 'PUT',
    url: `/sandbox/dpas/${srcDpaId}/key`,
    payload: publicJwkOf(newPair().publicKey),
  });

describe('onboarding: POST /sandbox/clients', () => {
  it('an onboarded client signs network calls with its own key', async () => {
    const client = await newClient('onboarding-signs');
    expect((await registerKey(client, 'onboarding-own-dpa')).statusCode).toBe(204);
  });

  it('never replaces the key of a client id already onboarded (409)', async () => {
    const first = await newClient('onboarding-first');
    const squatter = newPair();
    const again = await onboard({ clientId: first.clientId, publicJwk: publicJwkOf(squatter.publicKey) });
    expect(again.statusCode).toBe(409);
    const forged = await registerKey({ clientId: first.clientId, privateKey: squatter.privateKey }, 'onboarding-x');
    expect(forged.statusCode).toBe(401);
    expect((await registerKey(first, 'onboarding-x')).statusCode).toBe(204);
  });

  it("refuses the shop's own client id, private keys and short keys, naming the field", async () => {
    const own = await onboard({ clientId: DEMO_SRC_CLIENT_ID, publicJwk: publicJwkOf(newPair().publicKey) });
    expect(own.statusCode).toBe(409);
    const pair = newPair();
    const privateJwk = pair.privateKey.export({ format: 'jwk' });
    for (const [payload, field] of [
      [{ clientId: 'onboarding-private', publicJwk: privateJwk }, 'publicJwk'],
      [{ clientId: 'onboarding-short', publicJwk: publicJwkOf(newPair(1024).publicKey) }, 'publicJwk.n'],
      [{ clientId: 'a b', publicJwk: publicJwkOf(pair.publicKey) }, 'clientId'],
      [{ publicJwk: publicJwkOf(pair.publicKey) }, 'clientId'],
    ] as const) {
      const response = await onboard(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errordetail[0].source).toBe(field);
    }
  });

  it("a newcomer cannot take the shop's default DPA", async () => {
    const newcomer = await newClient('onboarding-squatter');
    const taken = await registerKey(newcomer, DEMO_SRC_DPA_ID);
    expect(taken.statusCode).toBe(403);
  });
});

describe('PUT /sandbox/dpas/{id}/origins is the DPA owner’s', () => {
  it('401 unsigned, 403 for another client, 204 for the owner; GET stays public', async () => {
    const owner = await newClient('origins-owner');
    const other = await newClient('origins-other');
    expect((await registerKey(owner, 'origins-dpa')).statusCode).toBe(204);
    const payload = { origins: ['https://owner.example'] };
    const url = '/sandbox/dpas/origins-dpa/origins';
    expect((await sandbox.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await signedInject(sandbox.app, other, { method: 'PUT', url, payload })).statusCode).toBe(403);
    expect(
      (await signedInject(sandbox.app, other, { method: 'PUT', url: '/sandbox/dpas/unowned/origins', payload }))
        .statusCode,
    ).toBe(403);
    expect((await signedInject(sandbox.app, owner, { method: 'PUT', url, payload })).statusCode).toBe(204);
    expect((await sandbox.app.inject({ url })).json()).toEqual({
      origins: ['https://owner.example'],
      sandboxDefault: false,
    });
  });
});
