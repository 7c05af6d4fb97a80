// The shop's agent-facing checkout (issue 39): signed agents only, each refusal tried as an
// attacker would (an unsigned bot, a replayed or forged signature, another agent's checkout).
import { importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519KeyPair, signAgentRequest, type AgentSignatureTag } from '@c2p/agentic';
import type { Agent } from '@c2p/agentic/agent';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { completeCheckout, registeredAgent, SHOP_ORIGIN } from '../../../test/agent.ts';
import { ADDRESS } from '../../../test/shop.ts';
import { translate } from '../../lib/i18n.ts';

let server: TestServer;
let agent: Agent;

beforeAll(async () => {
  server = await startTestServer();
  // The guard reads the agent's key from the network's key directory over HTTP.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  agent = await registeredAgent(server.app);
});
afterAll(() => server.close());

const CART = [
  { productId: 1, quantity: 2 },
  { productId: 9, quantity: 1 },
];

/** The request exactly as the agent sent it (its signature headers included), sent again. */
const resend = (
  record: { method?: string; url?: string; request?: { headers: Record<string, string>; body?: unknown } },
  body?: string,
) =>
  server.app.inject({
    method: record.method as 'POST',
    url: new URL(record.url!).pathname,
    headers: record.request!.headers,
    payload: body ?? JSON.stringify(record.request!.body),
  });

describe('an agent’s checkout', () => {
  it('is priced from the catalogue and signed with the key the shop publishes', async () => {
    const record = await agent.buildCart(CART);
    expect(record.status, JSON.stringify(record.response)).toBe(201);
    const checkout = agent.state.checkout!;
    const [headphones, speaker] = [1, 9].map((id) => {
      const line = (
        record.response as { data: { lines: { productId: number; unitAmount: number }[] } }
      ).data.lines.find((l) => l.productId === id);
      return line!.unitAmount;
    });
    expect(checkout.total).toBe(2 * headphones! + speaker!);
    expect(checkout.merchant).toMatchObject({ name: 'Click to Pay Demo', website: 'http://localhost:3000' });

    const jwks = (await server.app.inject({ url: '/api/agent/keys' })).json() as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(checkout.checkoutJwt, await importJWK(jwks.keys[0]!, 'ES256'));
    expect(payload).toMatchObject({ sub: checkout.checkoutId, total: { currency: 'USD', amount: checkout.total } });
  });

  it('refuses a product the catalogue does not have, naming the line', async () => {
    const record = await agent.buildCart([{ productId: 99_999, quantity: 1 }]);
    expect(record.status).toBe(422);
    expect(record.response).toMatchObject({
      errors: { 'items.0.productId': [translate('en-US', 'API.ORDER.UNKNOWN_PRODUCT')] },
    });
  });
});

describe('the agent checkout refuses', () => {
  it('an unsigned bot, telling it to sign its requests (401 REQUEST_UNSIGNED), in its language', async () => {
    const bot = await server.app.inject({ method: 'POST', url: '/api/agent/checkouts', payload: { items: CART } });
    expect(bot.statusCode).toBe(401);
    expect(bot.json()).toMatchObject({ reason: 'REQUEST_UNSIGNED', message: expect.stringContaining('RFC 9421') });
    const french = await server.app.inject({
      method: 'POST',
      url: '/api/agent/checkouts',
      headers: { 'accept-language': 'fr-FR' },
      payload: { items: CART },
    });
    expect(french.json().message).toBe(translate('fr-FR', 'AGENTIC.ERRORS.REQUEST_UNSIGNED'));
  });

  it('a signed request replayed as it was sent (NONCE_REPLAYED)', async () => {
    const record = await agent.buildCart(CART);
    expect(record.status).toBe(201);
    const replay = await resend(record);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().reason).toBe('NONCE_REPLAYED');
  });

  it('a signed request whose body was changed on the way (CONTENT_DIGEST_MISMATCH)', async () => {
    const record = await agent.buildCart(CART);
    const tampered = await resend(record, JSON.stringify({ items: [{ productId: 1, quantity: 99 }] }));
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().reason).toBe('CONTENT_DIGEST_MISMATCH');
  });

  it('a request signed with another key under a registered agent’s keyid (REQUEST_SIGNATURE_INVALID)', async () => {
    const forged = await signedBy(agent.state.keyid!, { items: CART });
    const answer = await server.app.inject({ method: 'POST', url: '/api/agent/checkouts', ...forged });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().reason).toBe('REQUEST_SIGNATURE_INVALID');
  });

  it('a key the network’s directory does not list (AGENT_UNKNOWN)', async () => {
    const stranger = await signedBy('no-such-keyid', { items: CART });
    const answer = await server.app.inject({ method: 'POST', url: '/api/agent/checkouts', ...stranger });
    expect(answer.json().reason).toBe('AGENT_UNKNOWN');
  });

  it('another agent completing this agent’s checkout: it is not found (404)', async () => {
    await agent.buildCart(CART);
    const other = await registeredAgent(server.app, 'Other agent');
    const answer = await completeAs(other, agent.state.checkout!.checkoutId, 'agent-payer-auth');
    expect(answer.status).toBe(404);
    expect(answer.response).toMatchObject({ reason: 'CHECKOUT_INVALID' });
  });

  it('a completion signed for browsing, not for paying (TAG_NOT_ALLOWED)', async () => {
    await agent.buildCart(CART);
    const answer = await completeAs(agent, agent.state.checkout!.checkoutId, 'agent-browser-auth');
    expect(answer.status).toBe(401);
    expect(answer.response).toMatchObject({ reason: 'TAG_NOT_ALLOWED' });
  });
});

/** A completion of `checkoutId` signed by `caller` with `tag`, with placeholders where the credentials go: the refusals come before they are read. */
const completeAs = (caller: Agent, checkoutId: string, tag: AgentSignatureTag) =>
  completeCheckout(
    caller,
    checkoutId,
    {
      l1: 'e30.e30.sig~',
      l2: 'e30.e30.sig~',
      encryptedPayload: 'a.b.c.d.e',
      srcCorrelationId: 'correlation-1',
      shipping: { address: ADDRESS, contact: { type: 'email', email: 'ada@example.test' } },
    },
    tag,
  );

/** A request signed with a key of the attacker's own, naming `keyid`. */
async function signedBy(keyid: string, body: unknown) {
  const key = await generateEd25519KeyPair('');
  const text = JSON.stringify(body);
  const headers = await signAgentRequest(
    { method: 'POST', url: `${SHOP_ORIGIN}/api/agent/checkouts`, headers: {}, body: text },
    { keyid, privateJwk: key.privateJwk },
    { tag: 'agent-browser-auth' },
  );
  return { headers: { ...headers, 'content-type': 'application/json' }, payload: text };
}
