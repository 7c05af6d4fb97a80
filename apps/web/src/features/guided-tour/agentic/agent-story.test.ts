// @vitest-environment node
// The tour's agentic stories end to end, with the product's scripted agent and the page's stand-ins
// of the network and the shop (real keys, credentials and checks; docs/decisions/029).
import { describe, expect, it } from 'vitest';
import type { Product } from '@c2p/domain';
import { AgentStory, comingFriday } from './agent-story';

const product = (id: number, name: string, price: number): Product => ({
  id,
  slug: name.toLowerCase(),
  name,
  description: '',
  price,
  image: '',
  category: '',
});
const HEADPHONES = product(1, 'Headphones', 129.99);
const WATCH = product(2, 'Watch', 199);

const story = () =>
  AgentStory.create({
    origin: 'https://shop.example',
    merchantName: 'Click to Pay Demo',
    merchantId: 'dpa-1',
    products: [HEADPHONES, WATCH],
    shopper: { id: 'consumer-1', email: 'returning.user@example.com' },
    card: { id: 'card-1', brand: 'mastercard', lastFour: '8785' },
    shipping: { address: { city: 'New York' } },
  });

async function enrolled() {
  const run = await story();
  await run.linkAgent();
  expect(run.state.window).toEqual({ kind: 'ENROL' });
  await run.consent();
  expect(run.state).toMatchObject({ enrolled: true, window: undefined });
  return run;
}

/** The agent's calls as its panel shows them: what for, and the party's answer. */
const purposes = (story: AgentStory) =>
  story.run.getSnapshot().calls.map((call) => `${call.purpose} ${call.status ?? ''}`.trim());

describe('let an agent buy for me (immediate)', () => {
  it('the shopper approves the exact cart; the network releases the payment; the shop places the order with every check passed', async () => {
    const run = await enrolled();
    await run.buyCart([
      { productId: HEADPHONES.id, quantity: 1 },
      { productId: WATCH.id, quantity: 1 },
    ]);
    const window = run.state.window;
    expect(window?.kind).toBe('APPROVE');
    expect(window?.kind === 'APPROVE' && window.mandate.cart).toMatchObject({
      merchant: { name: 'Click to Pay Demo', website: 'https://shop.example' },
      lines: [
        { title: 'Headphones', quantity: 1, unit_amount: 12999 },
        { title: 'Watch', quantity: 1, unit_amount: 19900 },
      ],
      total: { currency: 'USD', amount: 32899 },
    });
    await run.approve();
    expect(run.state.approved).toBe(true);
    expect(await run.presentCredentials()).toBe(true);
    expect(await run.completePurchase()).toBe(true);

    expect(purposes(run)).toEqual([
      'REGISTER_AGENT 201',
      'TAKE_ENROLMENT',
      'CREATE_CHECKOUT 201',
      'REQUEST_IMMEDIATE_MANDATE 201',
      'READ_MANDATE 200',
      'RELEASE_CREDENTIALS 200',
      'COMPLETE_CHECKOUT 201',
    ]);
    const [order] = run.state.orders;
    expect(order).toMatchObject({
      total: { amount: 32899 },
      agent: { mode: 'immediate', agent: { name: 'Errand agent' } },
    });
    const checks = order!.agent.checks;
    expect(checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    for (const name of ['signature', 'sd_hash', 'checkout_hash', 'this_checkout', 'amount']) {
      const check = checks.find((c) => c.name === name && c.compared);
      if (name === 'signature') expect(checks.some((c) => c.name === name && c.outcome === 'pass')).toBe(true);
      else expect(check?.compared?.expected, name).toEqual(check?.compared?.actual);
    }
    // The same checkout completed again: the shop places no second order.
    expect(await run.completePurchase()).toBe(false);
    expect(run.run.getSnapshot().calls.at(-1)).toMatchObject({
      status: 409,
      refusal: { reason: 'CREDENTIAL_REPLAYED' },
    });
  });
});

describe('the autonomous story', () => {
  it('buys within the open mandate alone, is refused outside it, and is refused once the shopper revoked it', async () => {
    const run = await enrolled();
    await run.askForOpenMandate();
    const window = run.state.window;
    expect(window?.kind === 'APPROVE' && window.mandate.limits).toMatchObject({
      max: { currency: 'USD', amount: 15000 },
      merchants: [{ name: 'Click to Pay Demo' }],
      expiresAt: comingFriday().toISOString(),
    });
    await run.approve();

    await run.buyAlone('WITHIN', [{ productId: HEADPHONES.id, quantity: 1 }]);
    expect(run.state.refusals).toEqual([]);
    expect(run.state.orders).toHaveLength(1);
    expect(run.state.orders[0]!.agent.mode).toBe('autonomous');
    expect(run.state.orders[0]!.agent.checks.filter((c) => c.outcome === 'fail')).toEqual([]);

    await run.buyAlone('OUTSIDE', [{ productId: WATCH.id, quantity: 1 }]);
    expect(run.state.refusals).toEqual([{ attempt: 'OUTSIDE', lane: 'network', reason: 'THRESHOLD_EXCEEDED' }]);

    run.manage();
    expect(run.state.window).toEqual({ kind: 'MANAGE', status: 'ACTIVE' });
    run.revoke();
    await run.buyAlone('AFTER_REVOKE', [{ productId: HEADPHONES.id, quantity: 1 }]);
    expect(run.state.refusals.at(-1)).toEqual({ attempt: 'AFTER_REVOKE', lane: 'network', reason: 'TOKEN_REVOKED' });
    expect(run.state.orders).toHaveLength(1);
    // The network refused to pay; the agent went no further (no completion at the shop).
    expect(purposes(run).slice(-2)).toEqual(['CREATE_CHECKOUT 201', 'RELEASE_CREDENTIALS_AUTONOMOUS 403']);
  });
});
