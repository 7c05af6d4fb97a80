// One server per test file: started before its tests, closed after them; the shop onboarded at it.
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { loadSigningKey } from '../../../apps/server/src/features/payments/network-signing.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { DPA_ID, signedInject, type NetworkClient } from './client.ts';

export interface FileServer {
  readonly server: TestServer;
  readonly app: FastifyInstance;
}

/** The server (app, database) the file's tests call, once `beforeAll` has started it. */
export function serverPerFile(options?: Parameters<typeof startTestServer>[0]): FileServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error('The test server is not started yet: use it inside a test or a hook');
    return started;
  };
  return {
    get server() {
      return current();
    },
    get app() {
      return current().app;
    },
  };
}

/** The shop's own client (onboarded at its sandbox), once it registered a payload-encryption key for DPA_ID. */
export async function shopWithPayloadKey(
  server: TestServer,
  kid: string,
): Promise<{ merchant: NetworkClient; payloadKey: CryptoKey; payloadJwk: JWK }> {
  const merchant = { clientId: DEMO_SRC_CLIENT_ID, privateKey: (await loadSigningKey(server.database.db)).privateKey };
  const pair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
  const payloadJwk = { ...(await exportJWK(pair.publicKey)), kid };
  const registered = await signedInject(server.app, merchant, {
    method: 'PUT',
    url: `/sandbox/dpas/${DPA_ID}/key`,
    payload: payloadJwk,
  });
  expect(registered.statusCode).toBe(204);
  return { merchant, payloadKey: pair.privateKey, payloadJwk };
}
