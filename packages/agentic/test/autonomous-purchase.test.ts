import { beforeAll, describe, expect, it } from 'vitest';
import {
  decideSpend,
  issueAutonomousMandate,
  lineItems,
  verifyCheckoutCredential,
  verifyMandate,
  verifyPaymentCredential,
  type AgenticErrorCode,
  type KeyPair,
} from '../src/index.ts';
import {
  autonomousMandate,
  cardPerFile,
  issuerKey,
  merchantIdentity,
  NETWORK,
  NOW,
  OTHER_SHOP,
  purchase,
  SHOP,
  TEAPOT,
  type Purchase,
} from './story.ts';

const card = cardPerFile();
let l2: string;

beforeAll(async () => {
  l2 = (await autonomousMandate(card.keys, card.l1)).serialized;
});

const atNetwork = (bought: { networkView: string; l3a: string }, now = NOW) =>
  verifyPaymentCredential(
    { l1: card.l1, l2: bought.networkView, l3a: bought.l3a },
    { issuerKey: issuerKey(card.keys), now, audience: NETWORK, paymentInstrumentId: 'card-7f3a' },
  );

const atMerchant = (bought: { merchantView: string; l3b: string }, as = SHOP, key?: KeyPair, transactionId?: string) =>
  verifyCheckoutCredential(
    { l1: card.l1, l2: bought.merchantView, l3b: bought.l3b },
    {
      issuerKey: issuerKey(card.keys),
      now: NOW,
      audience: as.website,
      merchant: merchantIdentity(as, key ?? card.keys.merchant),
      ...(transactionId !== undefined && { transactionId }),
    },
  );

async function refusedAt(party: 'network' | 'merchant', p: Purchase): Promise<AgenticErrorCode | undefined> {
  const bought = await purchase(card.keys, l2, p);
  const as = p.merchant ?? SHOP;
  const report =
    party === 'network'
      ? await atNetwork(bought)
      : await atMerchant(bought, as, as === SHOP ? card.keys.merchant : card.keys.otherMerchant);
  return report.error?.code;
}

describe('an autonomous purchase within the mandate', () => {
  it('is accepted by the network and the merchant, for the same transaction', async () => {
    const bought = await purchase(card.keys, l2);
    const paid = await atNetwork(bought);
    expect(paid.error).toBeUndefined();
    expect(paid.facts).toMatchObject({ paymentAmount: { currency: 'USD', amount: 4999 }, payee: SHOP });
    expect(paid.facts?.spendRule).toEqual({
      currency: 'USD',
      maxPurchases: 1,
      perPurchaseMax: 15000,
      cumulativeMax: 15000,
    });
    const sold = await atMerchant(bought, SHOP, card.keys.merchant, paid.facts?.transactionId);
    expect(sold.error).toBeUndefined();
    expect(sold.facts?.items).toEqual([{ id: 'sku-kettle', quantity: 1 }]);
    expect(sold.checks.find((c) => c.name === 'allowed_merchants')?.outcome).toBe('pass');
  });

  it('registers at the network with its agent and spend rule', async () => {
    const report = await verifyMandate(
      { l1: card.l1, l2 },
      { issuerKey: issuerKey(card.keys), now: NOW, l2Audience: NETWORK },
    );
    expect(report.facts).toMatchObject({
      mode: 'autonomous',
      agent: { kid: 'agent-1' },
      spendRule: { cumulativeMax: 15000 },
    });
  });
});

describe('an autonomous purchase outside the mandate is refused', () => {
  it('over the amount range, at the network', async () => {
    const lines = [{ id: 'sku-teapot', title: 'Teapot', quantity: 2, unitAmount: 8000 }];
    expect(await refusedAt('network', { lines })).toBe('THRESHOLD_EXCEEDED');
  });

  it('at another merchant the shopper did not allow, at the network and at that merchant', async () => {
    const elsewhere = { merchant: OTHER_SHOP, merchantKey: card.keys.otherMerchant };
    expect(await refusedAt('network', elsewhere)).toBe('MERCHANT_NOT_ALLOWED');
    expect(await refusedAt('merchant', elsewhere)).toBe('MERCHANT_NOT_ALLOWED');
  });

  it('for an item or a quantity not allowed, at the merchant', async () => {
    const knife = [{ id: 'sku-knife', title: 'Knife', quantity: 1, unitAmount: 1000 }];
    expect(await refusedAt('merchant', { lines: knife })).toBe('ITEM_NOT_ALLOWED');
    const threeTeapots = [{ ...TEAPOT, quantity: 3, unitAmount: 1000 }];
    expect(await refusedAt('merchant', { lines: threeTeapots })).toBe('ITEM_NOT_ALLOWED');
  });

  it('once the mandate has expired', async () => {
    const bought = await purchase(card.keys, l2);
    expect((await atNetwork(bought, NOW + 6 * 24 * 3600)).error?.code).toBe('MANDATE_EXPIRED');
  });

  it('with a credential valid for more than an hour', async () => {
    expect(await refusedAt('network', { lifetime: 2 * 3600 })).toBe('LIFETIME_TOO_LONG');
  });

  it('signed by an agent the shopper did not delegate to', async () => {
    const impostor = { ...card.keys.otherMerchant, kid: card.keys.agent.kid };
    expect(await refusedAt('network', { agentKey: impostor })).toBe('SIGNATURE_INVALID');
    expect(await refusedAt('merchant', { agentKey: card.keys.otherMerchant })).toBe('AGENT_KEY_MISMATCH');
  });

  it('with a checkout the merchant did not sign', async () => {
    expect(await refusedAt('merchant', { merchantKey: card.keys.otherMerchant })).toBe('CHECKOUT_INVALID');
  });

  it('when the checkout paid for is not the one presented', async () => {
    const bought = await purchase(card.keys, l2);
    const report = await atMerchant(bought, SHOP, card.keys.merchant, 'another-transaction');
    expect(report.error?.code).toBe('TRANSACTION_MISMATCH');
  });

  it('when L3b is presented to a merchant it was not made for', async () => {
    const bought = await purchase(card.keys, l2);
    expect((await atMerchant(bought, OTHER_SHOP, card.keys.otherMerchant)).error?.code).toBe('AUDIENCE_MISMATCH');
  });

  it('when the amount is edited in a signed credential', async () => {
    const bought = await purchase(card.keys, l2);
    const [jws = '', ...disclosures] = bought.l3a.split('~');
    const edited = disclosures.map((d) =>
      d === ''
        ? d
        : Buffer.from(Buffer.from(d, 'base64url').toString().replace('4999', '1'), 'utf8').toString('base64url'),
    );
    expect((await atNetwork({ ...bought, l3a: [jws, ...edited].join('~') })).error?.code).toBe('DISCLOSURE_INVALID');
  });

  it("when a credential of one mandate is presented with another mandate's L2", async () => {
    const other = (await autonomousMandate(card.keys, card.l1, { exp: NOW + 24 * 3600 })).serialized;
    const bought = await purchase(card.keys, l2);
    const mixed = await purchase(card.keys, other);
    expect((await atNetwork({ networkView: mixed.networkView, l3a: bought.l3a })).error?.code).toBe('SD_HASH_MISMATCH');
  });

  it('for a payment instrument other than the agent token’s', async () => {
    const bought = await purchase(card.keys, l2);
    const report = await verifyPaymentCredential(
      { l1: card.l1, l2: bought.networkView, l3a: bought.l3a },
      { issuerKey: issuerKey(card.keys), now: NOW, audience: NETWORK, paymentInstrumentId: 'card-of-another-shopper' },
    );
    expect(report.error?.code).toBe('TOKEN_MISMATCH');
  });

  it('when the agent shows the merchant none of the allowed merchants', async () => {
    const report = await atMerchant(await purchase(card.keys, l2, { showMerchant: false }));
    expect(report.error).toMatchObject({ code: 'MERCHANT_NOT_ALLOWED', check: 'allowed_merchants' });
  });

  it('a second time, by the spend rule', async () => {
    const paid = await atNetwork(await purchase(card.keys, l2));
    const { spendRule, credentialId, paymentAmount } = paid.facts!;
    const first = { credentialId, ...paymentAmount };
    expect(decideSpend(spendRule, [], first).accepted).toBe(true);
    expect(decideSpend(spendRule, [first], first)).toMatchObject({ accepted: false, code: 'CREDENTIAL_REPLAYED' });
    const second = await atNetwork(
      await purchase(card.keys, l2, { lines: [{ ...TEAPOT, quantity: 1, unitAmount: 100 }] }),
    );
    const again = { credentialId: second.facts!.credentialId, ...second.facts!.paymentAmount };
    expect(decideSpend(spendRule, [first], again)).toMatchObject({ accepted: false, code: 'CREDENTIAL_REPLAYED' });
  });
});

it('a mandate with a constraint no verifier here enforces is refused when the shopper approves it', async () => {
  const recurrence = { type: 'mandate.payment.recurrence', frequency: 'MNTH', number: 12 };
  const input = {
    iss: 'https://wallet.sandbox.example',
    aud: NETWORK,
    nonce: 'n',
    iat: NOW,
    exp: NOW + 3600,
    l1: card.l1,
    agent: { jwk: card.keys.agent.publicJwk, kid: card.keys.agent.kid },
    merchants: [SHOP],
    acceptableItems: [TEAPOT],
    checkout: { constraints: [lineItems([{ id: 'line-1', acceptableItems: [TEAPOT], quantity: 1 }])] },
    payment: { paymentInstrument: { type: 'card', id: 'card-7f3a' }, constraints: [recurrence as never] },
  };
  const unenforceable = (await issueAutonomousMandate(input, card.keys.user)).serialized;
  const report = await verifyMandate({ l1: card.l1, l2: unenforceable }, { issuerKey: issuerKey(card.keys), now: NOW });
  expect(report.error).toMatchObject({ code: 'UNKNOWN_CONSTRAINT', check: 'payment_constraint_types' });
});
