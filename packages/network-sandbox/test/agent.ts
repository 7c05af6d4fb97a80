// An AI agent at the network over inject, for the API tests: its keys made now, registered at the
// agent registry, and each request signed (RFC 9421) as the scripted agent signs it.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  generateEd25519KeyPair,
  generateEs256KeyPair,
  publicJwkOf,
  signAgentRequest,
  type KeyPair,
  type SignAgentRequestOptions,
} from '@c2p/agentic';

/** The origin inject's requests are addressed to (Host localhost): one of the server's configured names. */
export const NETWORK_ORIGIN = 'http://localhost';

export interface AgentCall {
  method?: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  /** Signature options (tag, time, nonce): what an attacker would change. */
  sign?: Partial<SignAgentRequestOptions>;
  /** Headers added after signing (a tampered or a stripped signature). */
  headers?: Record<string, string | undefined>;
}

export class TestAgent {
  agentId = '';
  keyid = '';
  credentialKid = '';

  private constructor(
    readonly app: FastifyInstance,
    readonly signing: KeyPair,
    readonly credential: KeyPair,
  ) {}

  /** A new agent with keys of its own, registered at the network. */
  static async register(app: FastifyInstance, name = 'Test shopping agent'): Promise<TestAgent> {
    const agent = new TestAgent(app, await generateEd25519KeyPair(''), await generateEs256KeyPair(''));
    const registered = await app.inject({
      method: 'POST',
      url: '/sandbox/agents',
      payload: {
        name,
        signingKey: publicJwkOf(agent.signing.publicJwk),
        credentialKey: publicJwkOf(agent.credential.publicJwk),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    Object.assign(agent, registered.json());
    return agent;
  }

  /** The signature headers of a request to `url` with `body`. */
  sign(method: string, url: string, body: string | undefined, options: Partial<SignAgentRequestOptions> = {}) {
    return signAgentRequest(
      { method, url: `${NETWORK_ORIGIN}${url}`, headers: {}, ...(body === undefined ? {} : { body }) },
      { keyid: this.keyid, privateJwk: this.signing.privateJwk },
      { tag: 'agent-payer-auth', ...options },
    );
  }

  /** One signed request to the network. */
  async call({ method, url, payload, sign, headers = {} }: AgentCall) {
    const verb = method ?? (payload === undefined ? 'GET' : 'POST');
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const signed = await this.sign(verb, url, body, sign);
    const all = Object.fromEntries(
      Object.entries({ ...signed, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await this.app.inject({
      method: verb,
      url,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...all },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : {}) as Record<string, unknown> };
  }
}
