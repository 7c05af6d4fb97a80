// The agentic checkout's steps at the network, over inject, for the API tests: a shopper with a
// payment passkey enrols an agent, approves its mandates in the network's window; the agent asks
// for them and for credentials, issuing its L3a as the scripted agent does.
import type { FastifyInstance } from 'fastify';
import { compactDecrypt, decodeJwt } from 'jose';
import { expect } from 'vitest';
import {
  generateEs256KeyPair,
  issuePaymentCredential,
  parseSdJwt,
  paymentPresentation,
  sha256Base64url,
  signCheckoutJwt,
  type Party,
  type PaymentInstrument,
} from '@c2p/agentic';
import { TestAgent } from './agent.ts';
import { DPA_ID, SANDBOX_PAGE_ORIGIN, type TestSdk } from './client.ts';
import { madeBeforeAll } from '../../../apps/server/test/harness.ts';
import { shopPerFile, type OnboardedShop } from './server.ts';
import { shopperSteps } from './shopper-steps.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

type Json = Record<string, unknown>;

/** The test shop as mandates name it: its DPA (whose payload key the shop registered) and its page origin. */
export const SHOP: Party = { id: DPA_ID, name: 'Test Shop', website: 'http://localhost' };
export const KETTLE = { id: 'sku-kettle', title: 'Kettle' };

/** The network's identifier: L1's `iss`, the `aud` of what agents present to it. */
export const NETWORK_URI = 'http://localhost:3000/sandbox';

export interface Shopper {
  email: string;
  authenticator: SoftwareAuthenticator;
}

export interface Enrolment {
  agenticTokenId: string;
  l1: string;
  maskedCard: Json;
}

export function agenticSteps(app: () => FastifyInstance, network: string) {
  const steps = shopperSteps(app, network);

  /** A profile of the test's own with a payment passkey at the sandbox's host. */
  async function shopperWithPasskey(): Promise<Shopper> {
    const email = await steps.ownProfile();
    const authenticator = new SoftwareAuthenticator();
    expect((await steps.createPasskeyAfterCode(email, authenticator)).status).toBe(200);
    return { email, authenticator };
  }

  /** A network window of `kind` for a page of the sandbox's own origin. */
  async function agentWindow(request: Json, sdk: TestSdk = steps.newSdk()) {
    if (!sdk.session) expect((await sdk.init()).status).toBe(200);
    return sdk.openWindow(request);
  }

  /** The enrolment window: the shopper's email, their passkey, their first card and consent. */
  async function enrol(shopper: Shopper, agent: Pick<TestAgent, 'agentId'>): Promise<Enrolment> {
    const window = await agentWindow({ kind: 'AGENT_ENROL', agentId: agent.agentId });
    expect((await window.call('POST', '/window/agent/lookup', { email: shopper.email })).body).toMatchObject({
      consumerPresent: true,
      passkey: { available: true },
    });
    const asked = await window.call('POST', '/window/agent/passkey-options', {});
    const response = shopper.authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect((await window.call('POST', '/window/agent/passkey', { response })).body).toEqual({
      proved: true,
      method: 'PASSKEY',
    });
    const cards = (await window.call('GET', '/window/agent/cards')).body.cards as { srcDigitalCardId: string }[];
    const enrolled = await window.call('POST', '/window/agent/enrol', {
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      consent: true,
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    return enrolled.body as unknown as Enrolment;
  }

  /** The MANDATE window: the passkey prompt's options (the challenge binds the L2 drafted now), then the approval. */
  async function approve(shopper: Shopper, mandateRequestId: string) {
    const window = await agentWindow({ kind: 'MANDATE', mandateRequestId });
    const asked = await window.call('POST', '/window/mandate/options', {});
    expect(asked.body.available, JSON.stringify(asked.body)).toBe(true);
    const response = shopper.authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    const approved = await window.call('POST', '/window/mandate/approve', { response });
    return { window, options: asked.body.options as Json, approved };
  }

  return { ...steps, shopperWithPasskey, agentWindow, enrol, approve };
}

/**
 * The file's shop (shopPerFile), an agent registered as `agentName`, and a shopper with a payment
 * passkey who enrolled it, made before the file's tests; the agent, shopper and enrolment are read
 * inside tests and hooks only.
 */
export function enrolledAgentPerFile(kid: string, agentName: string, network: string) {
  const { sandbox, shop } = shopPerFile(kid);
  const steps = agenticSteps(() => sandbox.app, network);
  const made = madeBeforeAll(async () => {
    const agent = await TestAgent.register(sandbox.app, agentName);
    const shopper = await steps.shopperWithPasskey();
    return { agent, shopper, enrolment: await steps.enrol(shopper, agent) };
  });
  return {
    sandbox,
    shop,
    steps,
    get agent() {
      return made().agent;
    },
    get shopper() {
      return made().shopper;
    },
    get enrolment() {
      return made().enrolment;
    },
  };
}

/** A merchant's signed checkout (the network reads it, the merchant verifies its signature). */
export async function checkoutJwt(lines = [{ ...KETTLE, quantity: 1, unitAmount: 4999 }], merchant = SHOP) {
  const now = Math.floor(Date.now() / 1000);
  const amount = lines.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
  const key = await generateEs256KeyPair('shop-checkout-key');
  return signCheckoutJwt(
    { checkoutId: `chk-${now}`, merchant, lines, total: { currency: 'USD', amount }, iat: now, exp: now + 1800 },
    key,
  );
}

/** The agent's L3a for a checkout under an open mandate, with the network's view of the L2 it binds to. */
export async function paymentCredential(
  agent: TestAgent,
  l2: string,
  purchase: { checkoutJwt: string; amount: number; payee?: Party; presented?: Party },
) {
  const { disclosures } = await parseSdJwt(l2);
  const mandate = disclosures.find((d) => (d.value as Json).vct === 'mandate.payment.open.1')!.value as Json;
  const networkView = await paymentPresentation(l2, purchase.presented ?? SHOP);
  const iat = Math.floor(Date.now() / 1000);
  const l3a = await issuePaymentCredential(
    {
      aud: NETWORK_URI,
      nonce: `l3a-${iat}-${Math.random()}`,
      iat,
      exp: iat + 300,
      l2Presentation: networkView,
      transactionId: await sha256Base64url(purchase.checkoutJwt),
      payee: purchase.payee ?? SHOP,
      paymentAmount: { currency: 'USD', amount: purchase.amount },
      paymentInstrument: mandate.payment_instrument as PaymentInstrument,
      selectedMerchant: purchase.presented ?? SHOP,
    },
    { kid: agent.credentialKid, privateJwk: agent.credential.privateJwk },
  );
  return { l2: networkView, l3a: l3a.serialized };
}

/** The payload the shop decrypts with its payload key. */
export async function decryptedPayload(shop: OnboardedShop, encryptedPayload: unknown): Promise<Json> {
  const { plaintext } = await compactDecrypt(String(encryptedPayload), shop.payloadKey);
  return JSON.parse(new TextDecoder().decode(plaintext)) as Json;
}

/** The L2's signing input (header.payload): what the shopper's passkey approved. */
export const signingInputOf = (l2: string) => l2.split('~')[0]!.split('.').slice(0, 2).join('.');

export const payloadOfJws = (jws: string) => decodeJwt(jws.split('~')[0]!) as Json;
