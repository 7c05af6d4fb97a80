import { beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'jose';
import {
  contentDigest,
  contentDigestMatches,
  signMessage,
  verifyMessage,
  type HttpRequestParts,
  generateEd25519KeyPair,
  memoryNonceRecord,
  signAgentRequest,
  verifyAgentRequest,
  type AgentRequestVerifierOptions,
  type KeyPair,
} from '../src/index.ts';

/** RFC 9421 Appendix B.1.4 (test-key-ed25519) and the request of B.2 as signed in B.2.6. */
const RFC_PRIVATE_KEY_PKCS8 = 'MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF';
const RFC_PUBLIC_KEY_X = 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs';
const RFC_REQUEST: HttpRequestParts = {
  method: 'POST',
  url: 'https://example.com/foo?param=Value&Pet=dog',
  headers: {
    Host: 'example.com',
    Date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'Content-Type': 'application/json',
    'Content-Digest':
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'Content-Length': '18',
  },
  body: '{"hello": "world"}',
};
const RFC_SIGNATURE_INPUT =
  'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"';
const RFC_SIGNATURE =
  'sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:';
const RFC_COMPONENTS = ['date', '@method', '@path', '@authority', 'content-type', 'content-length'];

describe('RFC 9421 Appendix B.2.6: signing a request with ed25519', () => {
  let privateJwk: JWK;

  beforeAll(async () => {
    const key = await crypto.subtle.importKey(
      'pkcs8',
      Buffer.from(RFC_PRIVATE_KEY_PKCS8, 'base64'),
      { name: 'Ed25519' },
      true,
      ['sign'],
    );
    privateJwk = (await crypto.subtle.exportKey('jwk', key)) as JWK;
    expect(privateJwk.x).toBe(RFC_PUBLIC_KEY_X);
  });

  it('produces the RFC’s Signature-Input and Signature byte for byte (Ed25519 is deterministic)', async () => {
    const headers = await signMessage(RFC_REQUEST, {
      label: 'sig-b26',
      components: RFC_COMPONENTS,
      parameters: { created: 1618884473, keyid: 'test-key-ed25519' },
      privateJwk,
    });
    expect(headers).toEqual({ 'signature-input': RFC_SIGNATURE_INPUT, signature: RFC_SIGNATURE });
  });

  it('verifies the RFC’s signature, and not once a covered header changes', async () => {
    const signed = {
      ...RFC_REQUEST,
      headers: { ...RFC_REQUEST.headers, 'Signature-Input': RFC_SIGNATURE_INPUT, Signature: RFC_SIGNATURE },
    };
    const policy = {
      label: 'sig-b26',
      publicJwk: { kty: 'OKP', crv: 'Ed25519', x: RFC_PUBLIC_KEY_X },
      components: RFC_COMPONENTS,
      parameters: ['created', 'keyid'],
      now: 1618884473,
    };
    expect(await verifyMessage(signed, policy)).toBe(true);
    const redated = { ...signed, headers: { ...signed.headers, Date: 'Tue, 20 Apr 2021 02:07:56 GMT' } };
    expect(await verifyMessage(redated, policy)).toBe(false);
  });

  it('matches the RFC’s Content-Digest of its body', async () => {
    expect(await contentDigestMatches(RFC_REQUEST.headers['Content-Digest']!, RFC_REQUEST.body!)).toBe(true);
    expect(await contentDigestMatches(RFC_REQUEST.headers['Content-Digest']!, '{"hello": "world!"}')).toBe(false);
  });
});

const NOW = 1_800_000_000;
const CHECKOUT: HttpRequestParts = {
  method: 'POST',
  url: 'https://shop.example/api/agent/checkout-sessions',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ items: [{ id: 'sku-kettle', quantity: 1 }] }),
};

describe('agent request signatures (Web Bot Auth / Trusted Agent Protocol)', () => {
  let agent: KeyPair;
  let options: AgentRequestVerifierOptions;

  beforeAll(async () => {
    agent = await generateEd25519KeyPair('agent-key-1');
    options = {
      agentKey: (keyid) => (keyid === agent.kid ? agent.publicJwk : undefined),
      nonceSeen: memoryNonceRecord(() => NOW),
      tags: ['agent-payer-auth'],
      now: NOW,
    };
  });

  const sign = async (
    request = CHECKOUT,
    overrides: Partial<Parameters<typeof signAgentRequest>[2]> = {},
    key?: KeyPair,
  ) => {
    const signer = { keyid: agent.kid, privateJwk: (key ?? agent).privateJwk };
    const headers = await signAgentRequest(request, signer, { tag: 'agent-payer-auth', now: NOW, ...overrides });
    return { ...request, headers: { ...request.headers, ...headers } };
  };

  it('pass when signed by a listed agent, once', async () => {
    const signed = await sign();
    expect(signed.headers['signature-input']).toMatch(
      /^sig1=\("@authority" "@path" "@method" "content-digest"\);created=1800000000;expires=1800000300;keyid="agent-key-1";alg="ed25519";nonce="[\w-]+";tag="agent-payer-auth"$/,
    );
    expect(await verifyAgentRequest(signed, options)).toMatchObject({
      ok: true,
      keyid: 'agent-key-1',
      tag: 'agent-payer-auth',
    });
    expect(await verifyAgentRequest(signed, options)).toMatchObject({ ok: false, error: { code: 'NONCE_REPLAYED' } });
  });

  const refusal = async (request: HttpRequestParts, changes: Partial<AgentRequestVerifierOptions> = {}) => {
    const verdict = await verifyAgentRequest(request, { ...options, ...changes });
    return verdict.ok ? 'accepted' : verdict.error.code;
  };

  it('refuse an unsigned bot', async () => {
    expect(await refusal(CHECKOUT)).toBe('REQUEST_UNSIGNED');
  });

  it('refuse a signature created in the future, expired, or valid for too long', async () => {
    expect(await refusal(await sign(CHECKOUT, { now: NOW + 60 }))).toBe('REQUEST_SIGNATURE_NOT_YET_VALID');
    expect(await refusal(await sign(CHECKOUT, { now: NOW - 400 }))).toBe('REQUEST_SIGNATURE_EXPIRED');
    expect(await refusal(await sign(CHECKOUT, { validity: 3600 }))).toBe('REQUEST_SIGNATURE_TOO_LONG');
  });

  it('refuse a signature without a nonce', async () => {
    const digested = {
      ...CHECKOUT,
      headers: { ...CHECKOUT.headers, 'content-digest': await contentDigest(CHECKOUT.body!) },
    };
    const headers = await signMessage(digested, {
      label: 'sig1',
      components: ['@authority', '@path', 'content-digest'],
      parameters: { created: NOW, expires: NOW + 60, keyid: agent.kid, tag: 'agent-payer-auth' },
      privateJwk: agent.privateJwk,
    });
    expect(await refusal({ ...digested, headers: { ...digested.headers, ...headers } })).toBe('NONCE_MISSING');
  });

  it('refuse an agent not in the directory, and a key that is not the listed one', async () => {
    const stranger = await generateEd25519KeyPair('agent-key-1');
    expect(await refusal(await sign(), { agentKey: () => undefined })).toBe('AGENT_UNKNOWN');
    expect(await refusal(await sign(CHECKOUT, {}, stranger))).toBe('REQUEST_SIGNATURE_INVALID');
  });

  it('refuse a browsing signature at the checkout', async () => {
    expect(await refusal(await sign(CHECKOUT, { tag: 'agent-browser-auth' }))).toBe('TAG_NOT_ALLOWED');
  });

  it('refuse a request whose body, path or host changed after signing', async () => {
    const signed = await sign();
    const otherBody = JSON.stringify({ items: [{ id: 'sku-kettle', quantity: 9 }] });
    expect(await refusal({ ...signed, body: otherBody })).toBe('CONTENT_DIGEST_MISMATCH');
    const rehashed = {
      ...signed,
      body: otherBody,
      headers: { ...signed.headers, 'content-digest': await contentDigest(otherBody) },
    };
    expect(await refusal(rehashed)).toBe('REQUEST_SIGNATURE_INVALID');
    expect(await refusal({ ...(await sign()), url: 'https://shop.example/api/agent/orders' })).toBe(
      'REQUEST_SIGNATURE_INVALID',
    );
    expect(await refusal({ ...(await sign()), url: 'https://evil.example/api/agent/checkout-sessions' })).toBe(
      'REQUEST_SIGNATURE_INVALID',
    );
  });
});
