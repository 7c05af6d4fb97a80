// Issue 39, the whole story over inject, with the scripted agent (@c2p/agentic/agent) between the
// shopper's network and the shop: enrolment, an immediate purchase, autonomous purchases within an
// open mandate, the shop's refusals tried as an attacker would, and revocation.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactDecrypt } from 'jose';
import { generateEs256KeyPair, signCheckoutJwt } from '@c2p/agentic';
import type { Agent } from '@c2p/agentic/agent';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { completeCheckout, registeredAgent, SHOP_ORIGIN } from '../../../apps/server/test/agent.ts';
import { ADDRESS, registerShopper, type Shopper as ShopAccount } from '../../../apps/server/test/shop.ts';
import { loadPayloadKey } from '../../../apps/server/src/features/payments/merchant-keys.ts';
import { CATALOGUE } from '../../../apps/server/src/features/products/catalogue.ts';
import { SANDBOX_PAGE_ORIGIN } from './client.ts';
import { agenticSteps, type Shopper } from './agentic-steps.ts';

type Json = Record<string, unknown>;

let server: TestServer;
let app: FastifyInstance;
let agent: Agent;
let shopper: Shopper;
let account: ShopAccount;
const steps = agenticSteps(() => app, '198.19');
const SHIPPING = { address: ADDRESS, saveAsBillingAddress: true, contact: { type: 'email', email: 'ada@demo.test' } };
/** A product of the catalogue, numbered as the first start numbers them (1 to 10 in its order). */
const product = (slug: string) => {
  const index = CATALOGUE.findIndex((p) => p.slug === slug);
  return { ...CATALOGUE[index]!, id: index + 1 };
};
const HEADPHONES = product('aurora-headphones');
const WATCH = product('pulse-smartwatch');
const LAMP = product('lumen-lamp');
const SPEAKER = product('echo-speaker');

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  // The shop calls its network (the agent key directory, the issuer's keys, its payload key) over HTTP.
  await app.listen({ port: 0, host: '127.0.0.1' });
  shopper = await steps.shopperWithPasskey();
  // The shopper's account at the shop has the email of their network profile: the agent's orders are theirs.
  account = await registerShopper(server, { email: shopper.email });
  agent = await registeredAgent(app, 'Errand agent');
  const enrolment = await steps.enrol(shopper, { agentId: agent.state.agentId! });
  await agent.acceptEnrolment(enrolment);
});
afterAll(() => server?.close());

const reasonOf = (record: { status?: number | null; response?: unknown }) => [
  record.status,
  (record.response as Json | undefined)?.reason,
];

/** The agent asks for the mandate, the shopper approves it with their passkey, the agent reads the L2. */
async function approved(request: Parameters<Agent['requestMandate']>[0]) {
  const asked = await agent.requestMandate(request);
  expect(asked.status, JSON.stringify(asked.response)).toBe(201);
  const { approved: answer } = await steps.approve(shopper, agent.state.mandate!.requestId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((await agent.mandateStatus()).response).toMatchObject({ status: 'APPROVED' });
}

/** The L2 or L3b with its signature changed by one character. */
const tampered = (credential: string) => {
  const [jws, ...rest] = credential.split('~');
  const flipped = jws!.slice(0, -2) + (jws!.at(-2) === 'A' ? 'B' : 'A') + jws!.at(-1);
  return [flipped, ...rest].join('~');
};

const completion = (overrides: Json) => {
  const { checkoutId } = agent.state.checkout!;
  return completeCheckout(
    agent,
    checkoutId,
    {
      l1: agent.state.l1,
      l2: agent.state.l3?.merchantView ?? agent.state.mandate!.l2,
      ...(agent.state.l3 && { l3b: agent.state.l3.l3b }),
      encryptedPayload: agent.state.payload?.encryptedPayload ?? 'a.b.c.d.e',
      srcCorrelationId: agent.state.payload?.srcCorrelationId ?? 'none',
      shipping: SHIPPING,
      ...overrides,
    },
    'agent-payer-auth',
  );
};

describe('an immediate purchase: the shopper approves the exact cart', () => {
  it('the shop checks the chain and the payment, then places the order marked as the agent’s, once', async () => {
    expect((await agent.buildCart([{ productId: LAMP.id, quantity: 2 }])).status).toBe(201);
    await approved({ mode: 'IMMEDIATE' });
    expect((await agent.credentials()).status).toBe(200);

    // A mandate changed after the shopper signed it: refused before anything is paid.
    const forged = await completion({ l2: tampered(agent.state.mandate!.l2!) });
    expect(reasonOf(forged)).toEqual([422, 'SIGNATURE_INVALID']);
    expect((forged.response as { checks: Json[] }).checks.at(-1)).toMatchObject({ layer: 'L2', name: 'signature' });

    const placed = await agent.completePurchase(SHIPPING);
    expect(placed.status, JSON.stringify(placed.response)).toBe(201);
    const order = (placed.response as { data: Json & { agent: Json & { checks: Json[] } } }).data;
    expect(order).toMatchObject({
      total: (2 * LAMP.priceCents) / 100,
      agent: { initiatedBy: 'AGENT', program: 'AGENT_PAY', mode: 'immediate', agent: { name: 'Errand agent' } },
    });
    const checks = order.agent.checks;
    expect(checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    for (const name of ['sd_hash', 'checkout_hash', 'this_checkout', 'amount']) {
      const check = checks.find((c) => c.name === name && c.outcome === 'pass') as { compared: Json } | undefined;
      expect(check?.compared.expected, name).toBeDefined();
      expect(check!.compared.expected).toEqual(check!.compared.actual);
    }

    // The shopper sees it in their account; nothing secret was kept with it.
    const mine = await app.inject({ url: `/api/orders/${String(order.orderNumber)}`, headers: account.auth });
    expect(mine.json().data.agent).toEqual(order.agent);
    const { plaintext } = await compactDecrypt(
      agent.state.payload!.encryptedPayload,
      (await loadPayloadKey(server.database.db)).privateKey,
    );
    const payload = JSON.parse(new TextDecoder().decode(plaintext)) as { token: Json; dynamicData: Json };
    for (const secret of [payload.token.paymentToken, payload.dynamicData.dynamicDataValue]) {
      expect(mine.body).not.toContain(String(secret));
    }

    // The same checkout completed again (freshly signed): the order is not placed twice.
    expect(reasonOf(await agent.completePurchase(SHIPPING))).toEqual([409, 'CREDENTIAL_REPLAYED']);
  });

  it('refuses a mandate for a checkout another key signed in the shop’s name (CHECKOUT_INVALID)', async () => {
    expect((await agent.buildCart([{ productId: SPEAKER.id, quantity: 1 }])).status).toBe(201);
    const { checkoutId, merchant, total } = agent.state.checkout!;
    const now = Math.floor(Date.now() / 1000);
    const otherKey = await generateEs256KeyPair('not-the-shop');
    const lines = [{ id: String(SPEAKER.id), title: SPEAKER.name['en-US'], quantity: 1, unitAmount: 1 }];
    const forgedJwt = await signCheckoutJwt(
      { checkoutId, merchant, lines, total: { currency: 'USD', amount: 1 }, iat: now, exp: now + 600 },
      otherKey,
    );
    const asked = await agent.send({
      step: 'call',
      lane: 'network',
      purpose: 'CUSTOM',
      method: 'POST',
      url: `${SHOP_ORIGIN}/sandbox/agent-pay/mandate-requests`,
      body: { agenticTokenId: agent.state.agenticTokenId, mode: 'IMMEDIATE', checkoutJwt: forgedJwt, merchant },
      tag: 'agent-payer-auth',
    });
    const { approved: answer } = await steps.approve(shopper, String((asked.response as Json).mandateRequestId));
    expect(total).toBeGreaterThan(1);
    const refused = await completion({ l2: String(answer.body.l2) });
    expect(reasonOf(refused)).toEqual([422, 'CHECKOUT_INVALID']);
  });
});

describe('autonomous purchases within the shopper’s open mandate', () => {
  const openMandate = {
    mode: 'AUTONOMOUS' as const,
    constraints: [
      { type: 'mandate.checkout.allowed_merchants', allowed: [] as Json[] },
      {
        type: 'mandate.checkout.line_items',
        items: [
          {
            id: 'line-1',
            acceptable_items: [LAMP, SPEAKER].map((p) => ({ id: String(p.id), title: p.name['en-US'] })),
            quantity: 2,
          },
        ],
      },
      { type: 'mandate.payment.amount_range', currency: 'USD', max: 15000 },
      { type: 'mandate.payment.budget', currency: 'USD', max: 15000 },
    ],
    expiresAt: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    promptSummary: 'Up to $150 at this shop until Friday',
  };

  /** A new open mandate for this shop, approved; then the agent's cart. */
  async function withinNewMandate(items: { productId: number; quantity: number }[]) {
    expect((await agent.buildCart(items)).status).toBe(201);
    openMandate.constraints[0]!.allowed = [agent.state.checkout!.merchant as unknown as Json];
    await approved(openMandate);
  }

  it('buys within it without the shopper; the shop checks the L3b and places the order', async () => {
    await withinNewMandate([{ productId: WATCH.id, quantity: 1 }]);
    // Over the amount range: the network refuses to pay.
    expect(reasonOf(await agent.credentials())).toEqual([403, 'THRESHOLD_EXCEEDED']);

    expect((await agent.buildCart([{ productId: LAMP.id, quantity: 1 }])).status).toBe(201);
    expect((await agent.credentials()).status).toBe(200);
    const forged = await completion({ l3b: tampered(agent.state.l3!.l3b) });
    expect(reasonOf(forged)).toEqual([422, 'SIGNATURE_INVALID']);
    const placed = await agent.completePurchase(SHIPPING);
    expect(placed.status, JSON.stringify(placed.response)).toBe(201);
    const { agent: evidence } = (placed.response as { data: { agent: { mode: string; checks: Json[] } } }).data;
    expect(evidence.mode).toBe('autonomous');
    expect(evidence.checks.filter((c) => c.layer === 'L3b' && c.outcome === 'pass').map((c) => c.name)).toEqual(
      expect.arrayContaining(['signature', 'sd_hash', 'checkout_hash', 'line_items', 'this_checkout']),
    );
  });

  it('refuses an item the shopper did not allow, after the network paid (ITEM_NOT_ALLOWED)', async () => {
    await withinNewMandate([{ productId: HEADPHONES.id, quantity: 1 }]);
    expect((await agent.credentials()).status).toBe(200);
    expect(reasonOf(await agent.completePurchase(SHIPPING))).toEqual([422, 'ITEM_NOT_ALLOWED']);
  });

  it('refuses a payment for another amount than the checkout’s (TRANSACTION_MISMATCH)', async () => {
    await withinNewMandate([{ productId: SPEAKER.id, quantity: 2 }]);
    expect((await agent.credentials({ amount: 100 })).status).toBe(200);
    const refused = await agent.completePurchase(SHIPPING);
    expect(reasonOf(refused)).toEqual([422, 'TRANSACTION_MISMATCH']);
    expect((refused.response as { checks: Json[] }).checks.at(-1)).toMatchObject({
      layer: 'payload',
      name: 'amount',
      compared: { expected: `${((2 * SPEAKER.priceCents) / 100).toFixed(2)} USD`, actual: '1.00 USD' },
    });
  });
});

describe('revocation', () => {
  it('the shopper revokes the agent in the network’s window; its next purchase is refused', async () => {
    expect((await agent.buildCart([{ productId: LAMP.id, quantity: 1 }])).status).toBe(201);
    await approved({ mode: 'IMMEDIATE' });
    const window = await steps.agentWindow({ kind: 'AGENT_MANAGE' });
    await window.call('POST', '/window/agent/lookup', { email: shopper.email });
    const asked = await window.call('POST', '/window/agent/passkey-options', {});
    const response = shopper.authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/agent/passkey', { response })).status).toBe(200);
    const revoked = await app.inject({
      method: 'POST',
      url: `/sandbox/agent-pay/tokens/${agent.state.agenticTokenId}/revoke`,
      headers: { 'x-sandbox-window': window.token, origin: SANDBOX_PAGE_ORIGIN, cookie: window.sdk.cookie ?? '' },
    });
    expect(revoked.json()).toMatchObject({ status: 'REVOKED' });
    expect(reasonOf(await agent.credentials())).toEqual([403, 'TOKEN_REVOKED']);
  });
});
