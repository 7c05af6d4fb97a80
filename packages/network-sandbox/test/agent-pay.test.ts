// Issue 39: the network's side of the agentic checkout, over HTTP: the agent registry and key
// directory, and every agent request an attacker could forge.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519KeyPair, generateEs256KeyPair, publicJwkOf } from '@c2p/agentic';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { TestAgent } from './agent.ts';

let server: TestServer;
let app: FastifyInstance;
let agent: TestAgent;

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  agent = await TestAgent.register(app, 'Shopping agent');
});
afterAll(() => server?.close());

describe('the agent registry and its key directory', () => {
  it('publishes a registered agent’s signing key under its keyid (the key’s RFC 7638 thumbprint)', async () => {
    expect(agent.keyid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await app.inject({ url: `/sandbox/agents/keys/${agent.keyid}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      keyid: agent.keyid,
      agentId: agent.agentId,
      name: 'Shopping agent',
      jwk: { ...publicJwkOf(agent.signing.publicJwk), kid: agent.keyid, alg: 'EdDSA', use: 'sig' },
      status: 'ACTIVE',
    });
    const unknown = await app.inject({ url: '/sandbox/agents/keys/nobody' });
    expect([unknown.statusCode, unknown.json().reason]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses private keys, keys of the wrong type and a signing key registered already, naming the field', async () => {
    const [signing, credential] = [await generateEd25519KeyPair(''), await generateEs256KeyPair('')];
    const register = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/agents',
        payload: {
          name: 'Agent',
          signingKey: publicJwkOf(signing.publicJwk),
          credentialKey: publicJwkOf(credential.publicJwk),
          ...payload,
        },
      });
    const refusal = async (payload: Record<string, unknown>) => {
      const answer = (await register(payload)).json();
      return [answer.status, answer.errordetail[0]?.source, answer.message];
    };
    expect(await refusal({ signingKey: signing.privateJwk })).toEqual([
      400,
      'signingKey',
      expect.stringMatching(/private/),
    ]);
    expect(await refusal({ signingKey: publicJwkOf(credential.publicJwk) })).toEqual([
      400,
      'signingKey',
      expect.stringMatching(/Ed25519/),
    ]);
    expect(await refusal({ credentialKey: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' } })).toEqual([
      400,
      'credentialKey',
      expect.stringMatching(/P-256/),
    ]);
    expect(await refusal({ name: '' })).toEqual([400, 'name', expect.stringMatching(/1 to 80/)]);
    expect((await register({})).statusCode).toBe(201);
    expect(await refusal({})).toEqual([409, 'signingKey', expect.stringMatching(/registered already/)]);
  });
});
