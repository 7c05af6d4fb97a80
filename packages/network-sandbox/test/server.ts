// The shop onboarded at the sandbox of a test file's server.
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { expect } from 'vitest';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { loadSigningKey } from '../../../apps/server/src/features/payments/network-signing.ts';
import { madeBeforeAll, serverPerFile, type TestServer } from '../../../apps/server/test/harness.ts';
import { DPA_ID, signedInject, type NetworkCall, type NetworkClient } from './client.ts';

/** The shop's own client at its sandbox, with the private half of its payload-encryption key. */
export interface OnboardedShop {
  merchant: NetworkClient;
  payloadKey: CryptoKey;
  payloadJwk: JWK;
  /** A network API call signed as the shop's client. */
  network(call: NetworkCall): ReturnType<typeof signedInject>;
}

/** The shop's own client (onboarded at its sandbox), once it registered a payload-encryption key for DPA_ID. */
export async function shopWithPayloadKey(server: TestServer, kid: string): Promise<OnboardedShop> {
  const merchant = { clientId: DEMO_SRC_CLIENT_ID, privateKey: (await loadSigningKey(server.database.db)).privateKey };
  const network = (call: NetworkCall) => signedInject(server.app, merchant, call);
  const pair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
  const payloadJwk = { ...(await exportJWK(pair.publicKey)), kid };
  const registered = await network({ method: 'PUT', url: `/sandbox/dpas/${DPA_ID}/key`, payload: payloadJwk });
  expect(registered.statusCode).toBe(204);
  return { merchant, payloadKey: pair.privateKey, payloadJwk, network };
}

/** The file's server (serverPerFile) and its shop, onboarded with a payload key named `kid` before the file's tests. */
export function shopPerFile(kid: string, options?: Parameters<typeof serverPerFile>[0]) {
  const sandbox = serverPerFile(options);
  return { sandbox, shop: madeBeforeAll(() => shopWithPayloadKey(sandbox.server, kid)) };
}
