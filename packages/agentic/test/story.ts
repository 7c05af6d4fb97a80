/** A small shop world for the product's own flows: fresh keys, a card, an autonomous mandate and its L3 pair. */
import { beforeAll } from 'vitest';
import {
  allowedMerchants,
  allowedPayees,
  amountRange,
  budget,
  checkoutPresentation,
  generateEs256KeyPair,
  issueAutonomousMandate,
  issueCardCredential,
  issueCheckoutCredential,
  issuePaymentCredential,
  lineItems,
  paymentPresentation,
  publicJwkOf,
  readCheckoutJwt,
  sha256Base64url,
  signCheckoutJwt,
  type KeyPair,
  type MerchantIdentity,
  type Party,
  type PaymentInstrument,
} from '../src/index.ts';

export const NOW = 1_800_000_000;
export const NETWORK = 'https://network.sandbox.example';
export const SHOP: Party = { id: 'shop-1', name: 'Click to Pay Demo Shop', website: 'https://shop.example' };
export const OTHER_SHOP: Party = { id: 'shop-2', name: 'Other Shop', website: 'https://other.example' };
export const KETTLE = { id: 'sku-kettle', title: 'Kettle' };
export const TEAPOT = { id: 'sku-teapot', title: 'Teapot' };
export const INSTRUMENT: PaymentInstrument = {
  type: 'mastercard.srcDigitalCard',
  id: 'card-7f3a',
  description: 'Card **** 4242',
};

export interface Keys {
  readonly issuer: KeyPair;
  readonly user: KeyPair;
  readonly agent: KeyPair;
  readonly merchant: KeyPair;
  readonly otherMerchant: KeyPair;
}

export async function makeKeys(): Promise<Keys> {
  const [issuer, user, agent, merchant, otherMerchant] = await Promise.all(
    ['issuer-1', 'user-1', 'agent-1', 'shop-key-1', 'other-key-1'].map(generateEs256KeyPair),
  );
  return { issuer: issuer!, user: user!, agent: agent!, merchant: merchant!, otherMerchant: otherMerchant! };
}

/** The story's keys and the shopper's card credential (L1, serialized), made before the file's tests: read them inside tests and hooks. */
export function cardPerFile() {
  let made: { keys: Keys; l1: string } | undefined;
  beforeAll(async () => {
    const keys = await makeKeys();
    made = { keys, l1: (await cardCredential(keys)).serialized };
  });
  const current = () => {
    if (!made) throw new Error('The keys are not made yet: use them inside a test or a hook');
    return made;
  };
  return {
    get keys() {
      return current().keys;
    },
    get l1() {
      return current().l1;
    },
  };
}

export function issuerKey(keys: Keys) {
  return (kid: string) => (kid === keys.issuer.kid ? keys.issuer.publicJwk : undefined);
}

export function cardCredential(keys: Keys) {
  return issueCardCredential(
    {
      iss: 'https://issuer.sandbox.example',
      sub: 'shopper-1',
      iat: NOW - 3600,
      exp: NOW + 300 * 24 * 3600,
      userPublicJwk: publicJwkOf(keys.user.publicJwk),
      panLastFour: '4242',
      scheme: 'mastercard',
      cardId: INSTRUMENT.id,
      email: 'shopper@example.com',
    },
    keys.issuer,
  );
}

/** "Up to $150 at this shop, a kettle or a teapot, until the end of the week." */
export function autonomousMandate(keys: Keys, l1: string, overrides: { exp?: number } = {}) {
  return issueAutonomousMandate(
    {
      iss: 'https://wallet.sandbox.example',
      aud: NETWORK,
      nonce: 'mandate-nonce-1',
      iat: NOW - 60,
      exp: overrides.exp ?? NOW + 5 * 24 * 3600,
      l1,
      agent: { jwk: publicJwkOf(keys.agent.publicJwk), kid: keys.agent.kid },
      merchants: [SHOP, OTHER_SHOP],
      acceptableItems: [KETTLE, TEAPOT],
      checkout: {
        constraints: [
          allowedMerchants([SHOP]),
          lineItems([{ id: 'line-1', acceptableItems: [KETTLE, TEAPOT], quantity: 2 }]),
        ],
        promptSummary: 'Up to $150 at this shop until Friday',
      },
      payment: {
        paymentInstrument: INSTRUMENT,
        constraints: [
          allowedPayees([SHOP]),
          amountRange({ currency: 'USD', max: 15000 }),
          budget({ currency: 'USD', max: 15000 }),
        ],
      },
    },
    keys.user,
  );
}

export interface Purchase {
  readonly merchant?: Party;
  readonly merchantKey?: KeyPair;
  readonly lines?: readonly { id: string; title: string; quantity: number; unitAmount: number }[];
  readonly amount?: number;
  readonly lifetime?: number;
  readonly agentKey?: KeyPair;
  /** Whether the merchant's L2 view includes its own merchant disclosure (ours does; the reference's does not). */
  readonly showMerchant?: boolean;
}

/** The agent's side: the merchant's checkout, then L3a for the network and L3b for the merchant, with their L2 views. */
export async function purchase(keys: Keys, l2: string, p: Purchase = {}) {
  const merchant = p.merchant ?? SHOP;
  const lines = p.lines ?? [{ ...KETTLE, quantity: 1, unitAmount: 4999 }];
  const total = { currency: 'USD', amount: lines.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0) };
  const checkoutJwt = await signCheckoutJwt(
    { checkoutId: 'chk-1', merchant, lines, total, iat: NOW - 30, exp: NOW + 1800 },
    p.merchantKey ?? keys.merchant,
  );
  const networkView = await paymentPresentation(l2, merchant);
  const disclosed = lines.map((l) => l.id).filter((id) => [KETTLE.id, TEAPOT.id].includes(id));
  const merchantView = await checkoutPresentation(l2, {
    itemIds: disclosed,
    ...(p.showMerchant !== false && { merchant }),
  });
  const times = { iat: NOW - 10, exp: NOW - 10 + (p.lifetime ?? 300) };
  const agent = p.agentKey ?? keys.agent;
  const l3a = await issuePaymentCredential(
    {
      ...times,
      aud: NETWORK,
      nonce: 'l3a-1',
      l2Presentation: networkView,
      transactionId: await sha256Base64url(checkoutJwt),
      payee: merchant,
      paymentAmount: { currency: 'USD', amount: p.amount ?? total.amount },
      paymentInstrument: INSTRUMENT,
      selectedMerchant: merchant,
    },
    agent,
  );
  const l3b = await issueCheckoutCredential(
    { ...times, aud: merchant.website, nonce: 'l3b-1', l2Presentation: merchantView, checkoutJwt },
    agent,
  );
  return { checkoutJwt, networkView, merchantView, l3a: l3a.serialized, l3b: l3b.serialized };
}

export function merchantIdentity(party: Party, key: KeyPair): MerchantIdentity {
  return { party, readCheckout: (jwt) => readCheckoutJwt(jwt, key.publicJwk, NOW) };
}
