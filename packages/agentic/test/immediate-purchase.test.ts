import { beforeAll, describe, expect, it } from 'vitest';
import {
  issueImmediateMandate,
  signCheckoutJwt,
  verifyMandate,
  type ImmediateMandateInput,
  type KeyPair,
} from '../src/index.ts';
import {
  cardCredential,
  cardPerFile,
  INSTRUMENT,
  issuerKey,
  KETTLE,
  merchantIdentity,
  NETWORK,
  NOW,
  SHOP,
} from './story.ts';

const card = cardPerFile();
let input: ImmediateMandateInput;

beforeAll(async () => {
  const total = { currency: 'USD', amount: 4999 };
  const lines = [{ ...KETTLE, quantity: 1, unitAmount: 4999 }];
  const checkoutJwt = await signCheckoutJwt(
    { checkoutId: 'chk-2', merchant: SHOP, lines, total, iat: NOW - 60, exp: NOW + 1800 },
    card.keys.merchant,
  );
  input = {
    iss: 'https://wallet.sandbox.example',
    aud: NETWORK,
    nonce: 'immediate-1',
    iat: NOW - 30,
    exp: NOW + 600,
    l1: card.l1,
    checkoutJwt,
    paymentInstrument: INSTRUMENT,
    payee: SHOP,
    amount: total,
  };
});

const approve = async (changes: Partial<ImmediateMandateInput> = {}, user?: KeyPair) =>
  (await issueImmediateMandate({ ...input, ...changes }, user ?? card.keys.user)).serialized;

const atNetwork = async (l2: string) =>
  verifyMandate(
    { l1: card.l1, l2 },
    { issuerKey: issuerKey(card.keys), now: NOW, l2Audience: NETWORK, paymentInstrumentId: INSTRUMENT.id },
  );

const atMerchant = async (l2: string) =>
  verifyMandate(
    { l1: card.l1, l2 },
    { issuerKey: issuerKey(card.keys), now: NOW, merchant: merchantIdentity(SHOP, card.keys.merchant) },
  );

describe('an immediate purchase the shopper approved', () => {
  it('is accepted by the network and by the merchant, whose checkout it is', async () => {
    const l2 = await approve();
    expect((await atNetwork(l2)).facts).toMatchObject({
      mode: 'immediate',
      payment: { payment_amount: { amount: 4999 } },
    });
    const sold = await atMerchant(l2);
    expect(sold.facts?.ownCheckout?.items).toEqual([{ id: KETTLE.id, quantity: 1 }]);
    const hashChecks = sold.checks.filter((c) => ['sd_hash', 'checkout_hash', 'transaction_id'].includes(c.name));
    expect(hashChecks.map((c) => [c.name, c.outcome])).toEqual([
      ['sd_hash', 'pass'],
      ['checkout_hash', 'pass'],
      ['transaction_id', 'pass'],
    ]);
  });
});

describe('an immediate purchase is refused', () => {
  it('when signed by a key other than the one the card credential binds', async () => {
    expect((await atNetwork(await approve({}, card.keys.agent))).error?.code).toBe('SIGNATURE_INVALID');
  });

  it('when bound to another card credential', async () => {
    const otherL1 = (await cardCredential(card.keys)).serialized;
    expect((await atNetwork(await approve({ l1: otherL1 }))).error?.code).toBe('SD_HASH_MISMATCH');
  });

  it('when it lasts longer than fifteen minutes', async () => {
    expect((await atNetwork(await approve({ exp: NOW + 3600 }))).error?.code).toBe('LIFETIME_TOO_LONG');
  });

  it('for another amount than the checkout’s total, at the merchant', async () => {
    const l2 = await approve({ amount: { currency: 'USD', amount: 1 } });
    expect((await atMerchant(l2)).error?.code).toBe('TRANSACTION_MISMATCH');
  });

  it('for a checkout the merchant did not sign', async () => {
    const forged = await signCheckoutJwt(
      { checkoutId: 'x', merchant: SHOP, lines: [], total: { currency: 'USD', amount: 1 }, iat: NOW, exp: NOW + 60 },
      card.keys.otherMerchant,
    );
    expect((await atMerchant(await approve({ checkoutJwt: forged }))).error?.code).toBe('CHECKOUT_INVALID');
  });
});
