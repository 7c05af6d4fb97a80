// Issue 39: the network's side of the agentic checkout, over HTTP: the agent registry and key
// directory, enrolment, the shopper's approval with their passkey, credential release, revocation,
// and each refusal tried as an attacker would.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  generateEd25519KeyPair,
  generateEs256KeyPair,
  parseSdJwt,
  publicJwkOf,
  type Party,
  sha256Base64url,
  signAgentRequest,
} from '@c2p/agentic';
import { sandboxCards } from '../src/store/schema.ts';
import { TestAgent } from './agent.ts';
import { SANDBOX_PAGE_ORIGIN } from './client.ts';
import {
  checkoutJwt,
  decryptedPayload,
  enrolledAgentPerFile,
  KETTLE,
  NETWORK_URI,
  paymentCredential,
  payloadOfJws,
  SHOP,
  signingInputOf,
  type Enrolment,
} from './agentic-steps.ts';

type Json = Record<string, unknown>;

const agentic = enrolledAgentPerFile('agent-pay-payload-key', 'Shopping agent', '198.18');
const { sandbox, shop, steps } = agentic;

const refusal = (answer: { status: number; body: Json }) => [answer.status, answer.body.reason];

/** An immediate mandate for a checkout, approved by the shopper: its L2. */
async function approvedImmediate(jwt?: string) {
  const asked = await agentic.agent.call({
    url: '/sandbox/agent-pay/mandate-requests',
    payload: {
      agenticTokenId: agentic.enrolment.agenticTokenId,
      mode: 'IMMEDIATE',
      checkoutJwt: jwt ?? (await checkoutJwt()),
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const { approved } = await steps.approve(agentic.shopper, String(asked.body.mandateRequestId));
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { mandateRequestId: String(asked.body.mandateRequestId), l2: String(approved.body.l2) };
}

describe('the agent registry and its key directory', () => {
  it('publishes a registered agent’s signing key under its keyid (the key’s RFC 7638 thumbprint)', async () => {
    expect(agentic.agent.keyid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await sandbox.app.inject({ url: `/sandbox/agents/keys/${agentic.agent.keyid}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      keyid: agentic.agent.keyid,
      agentId: agentic.agent.agentId,
      name: 'Shopping agent',
      jwk: { ...publicJwkOf(agentic.agent.signing.publicJwk), kid: agentic.agent.keyid, alg: 'EdDSA', use: 'sig' },
      status: 'ACTIVE',
    });
    const unknown = await sandbox.app.inject({ url: '/sandbox/agents/keys/nobody' });
    expect([unknown.statusCode, unknown.json().reason]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses private keys, keys of the wrong type and a signing key registered already, naming the field', async () => {
    const [signing, credential] = [await generateEd25519KeyPair(''), await generateEs256KeyPair('')];
    const register = (payload: Json) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/sandbox/agents',
        payload: {
          name: 'Agent',
          signingKey: publicJwkOf(signing.publicJwk),
          credentialKey: publicJwkOf(credential.publicJwk),
          ...payload,
        },
      });
    const refused = async (payload: Json) => {
      const answer = (await register(payload)).json();
      return [answer.status, answer.errordetail[0]?.source, answer.message];
    };
    expect(await refused({ signingKey: signing.privateJwk })).toEqual([
      400,
      'signingKey',
      expect.stringMatching(/private/),
    ]);
    expect(await refused({ signingKey: publicJwkOf(credential.publicJwk) })).toEqual([
      400,
      'signingKey',
      expect.stringMatching(/Ed25519/),
    ]);
    expect(await refused({ credentialKey: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' } })).toEqual([
      400,
      'credentialKey',
      expect.stringMatching(/P-256/),
    ]);
    expect(await refused({ name: '' })).toEqual([400, 'name', expect.stringMatching(/1 to 80/)]);
    expect((await register({})).statusCode).toBe(201);
    expect(await refused({})).toEqual([409, 'signingKey', expect.stringMatching(/registered already/)]);
  });
});

/** A read of a mandate request that is not there: what the signature tests sign. */
const MISSING = '/sandbox/agent-pay/mandate-requests/nothing';

/** Signature headers for reading MISSING: the agent's, unless another origin, key or keyid is given. */
function signedWith(signer: TestAgent, other: { origin?: string; privateJwk?: Json; keyid?: string }) {
  return signAgentRequest(
    { method: 'GET', url: `${other.origin ?? 'http://localhost'}${MISSING}`, headers: {} },
    { keyid: other.keyid ?? signer.keyid, privateJwk: other.privateJwk ?? signer.signing.privateJwk },
    { tag: 'agent-payer-auth' },
  );
}

describe('an agent’s request signature (RFC 9421), as an attacker would try it', () => {
  const read = (call: Partial<Parameters<TestAgent['call']>[0]> = {}) => agentic.agent.call({ url: MISSING, ...call });

  it('a signed request reaches the route; an unsigned one is told to sign it', async () => {
    expect(refusal(await read())).toEqual([404, 'NOT_FOUND']);
    const unsigned = await sandbox.app.inject({ url: MISSING });
    expect([unsigned.statusCode, unsigned.json().reason]).toEqual([401, 'REQUEST_UNSIGNED']);
    expect(unsigned.json().message).toMatch(/sign it \(RFC 9421/);
  });

  it('refuses a replayed nonce, another authority, another tag, an expired signature and an unknown key', async () => {
    const nonce = 'the-same-nonce-twice';
    expect(refusal(await read({ sign: { nonce } }))).toEqual([404, 'NOT_FOUND']);
    expect(refusal(await read({ sign: { nonce } }))).toEqual([401, 'NONCE_REPLAYED']);
    // Signed for another site, replayed here: the authority checked is ours, from configuration.
    const forEvil = await sandbox.app.inject({
      url: MISSING,
      headers: await signedWith(agentic.agent, { origin: 'https://evil.example' }),
    });
    expect([forEvil.statusCode, forEvil.json().reason]).toEqual([401, 'REQUEST_SIGNATURE_INVALID']);
    expect(refusal(await read({ sign: { tag: 'agent-browser-auth' } }))).toEqual([401, 'TAG_NOT_ALLOWED']);
    const past = Math.floor(Date.now() / 1000) - 900;
    expect(refusal(await read({ sign: { now: past } }))).toEqual([401, 'REQUEST_SIGNATURE_EXPIRED']);
    // Another key under the agent's keyid; any key under a keyid nobody registered.
    const stranger = (await generateEd25519KeyPair('')).privateJwk;
    const wrongKey = await sandbox.app.inject({
      url: MISSING,
      headers: await signedWith(agentic.agent, { privateJwk: stranger }),
    });
    expect([wrongKey.statusCode, wrongKey.json().reason]).toEqual([401, 'REQUEST_SIGNATURE_INVALID']);
    const unknown = await sandbox.app.inject({
      url: MISSING,
      headers: await signedWith(agentic.agent, { keyid: 'no-such-keyid' }),
    });
    expect([unknown.statusCode, unknown.json().reason]).toEqual([401, 'AGENT_UNKNOWN']);
  });

  it('refuses a body changed after signing (its Content-Digest)', async () => {
    const payload = {
      agenticTokenId: agentic.enrolment.agenticTokenId,
      mode: 'IMMEDIATE',
      checkoutJwt: await checkoutJwt(),
    };
    const headers = await agentic.agent.sign('POST', '/sandbox/agent-pay/mandate-requests', JSON.stringify(payload));
    const tampered = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/agent-pay/mandate-requests',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...payload, mode: 'AUTONOMOUS' }),
    });
    expect([tampered.statusCode, tampered.json().reason]).toEqual([401, 'CONTENT_DIGEST_MISMATCH']);
  });
});

describe('an immediate purchase: the shopper approves the exact checkout with their passkey', () => {
  it('enrolment issued L1 for the shopper’s card and key, and an agentic token of its own', async () => {
    const l1 = payloadOfJws(agentic.enrolment.l1);
    expect(l1).toMatchObject({
      iss: NETWORK_URI,
      vct: 'https://credentials.mastercard.com/card',
      scheme: 'mastercard',
    });
    expect(l1.card_id).toBe((agentic.enrolment.maskedCard as Json).srcDigitalCardId);
    const keys = (await sandbox.app.inject({ url: '/sandbox/agent-pay/keys' })).json();
    expect(keys.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(keys.keys[0].d).toBeUndefined();
  });

  it('the passkey signs SHA-256 of the L2’s signing input; the network releases the token and a cryptogram once', async () => {
    const asked = await agentic.agent.call({
      url: '/sandbox/agent-pay/mandate-requests',
      payload: {
        agenticTokenId: agentic.enrolment.agenticTokenId,
        mode: 'IMMEDIATE',
        checkoutJwt: await checkoutJwt(),
      },
    });
    const mandateRequestId = String(asked.body.mandateRequestId);
    expect(
      (await agentic.agent.call({ url: `/sandbox/agent-pay/mandate-requests/${mandateRequestId}` })).body.status,
    ).toBe('PENDING');
    const { window, options, approved } = await steps.approve(agentic.shopper, mandateRequestId);
    expect(window.view.mandate).toMatchObject({
      mode: 'IMMEDIATE',
      agent: { name: 'Shopping agent' },
      checkout: {
        merchant: SHOP,
        lines: [{ id: 'sku-kettle', title: 'Kettle', quantity: 1, unitAmount: 4999 }],
        total: { currency: 'USD', amount: 4999 },
      },
    });
    const l2 = String(approved.body.l2);
    expect(options.challenge).toBe(await sha256Base64url(signingInputOf(l2)));
    const read = await agentic.agent.call({ url: `/sandbox/agent-pay/mandate-requests/${mandateRequestId}` });
    expect(read.body).toMatchObject({ status: 'APPROVED', l2 });

    const released = await agentic.agent.call({
      url: '/sandbox/agent-pay/credentials',
      payload: { agenticTokenId: agentic.enrolment.agenticTokenId, l1: agentic.enrolment.l1, l2 },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ mandateRequestId, amount: { currency: 'USD', amount: 4999 } });
    const checks = released.body.checks as { layer: string; name: string; outcome: string }[];
    expect(checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    expect(checks.map((c) => `${c.layer} ${c.name}`)).toEqual(
      expect.arrayContaining(['L2 sd_hash', 'L2 card_id', 'network mandate_token', 'network spend']),
    );
    const payload = await decryptedPayload(shop(), released.body.encryptedPayload);
    expect(payload).toMatchObject({
      token: { paymentToken: expect.stringMatching(/^\d{16}$/) },
      dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' },
      transactionAmount: { transactionAmount: '49.99', transactionCurrencyCode: 'USD' },
    });
    // The agent's own network token, not the card's Click to Pay token.
    const paymentToken = String((payload.token as Json).paymentToken);
    expect(paymentToken.slice(-4)).toBe((agentic.enrolment.maskedCard as Json).tokenLastFour);
    const [card] = await sandbox.server.database.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.srcDigitalCardId, String((agentic.enrolment.maskedCard as Json).srcDigitalCardId)));
    expect(paymentToken).not.toBe(card!.paymentToken);

    const again = await agentic.agent.call({
      url: '/sandbox/agent-pay/credentials',
      payload: { agenticTokenId: agentic.enrolment.agenticTokenId, l1: agentic.enrolment.l1, l2 },
    });
    expect(refusal(again)).toEqual([409, 'CREDENTIAL_REPLAYED']);
  });
});

describe('an autonomous purchase: the agent buys within the open mandate, without the shopper', () => {
  const FIVE_DAYS_MS = 5 * 24 * 3600 * 1000;
  const OTHER_SHOP = { id: 'other-dpa', name: 'Other Shop', website: 'http://localhost:8080' };
  const openMandate = (expiresAt: Date) => ({
    agenticTokenId: agentic.enrolment.agenticTokenId,
    mode: 'AUTONOMOUS',
    constraints: [
      { type: 'mandate.checkout.allowed_merchants', allowed: [SHOP] },
      { type: 'mandate.checkout.line_items', items: [{ id: 'line-1', acceptable_items: [KETTLE], quantity: 2 }] },
      { type: 'mandate.payment.amount_range', currency: 'USD', max: 20000 },
      { type: 'mandate.payment.budget', currency: 'USD', max: 15000 },
    ],
    expiresAt: expiresAt.toISOString(),
    prompt_summary: 'Up to $150 at this shop until Friday',
  });

  /** An open mandate the shopper approved: its request id and L2. */
  async function approvedOpen(expiresAt = new Date(Date.now() + FIVE_DAYS_MS)) {
    const asked = await agentic.agent.call({
      url: '/sandbox/agent-pay/mandate-requests',
      payload: openMandate(expiresAt),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const { window, approved } = await steps.approve(agentic.shopper, String(asked.body.mandateRequestId));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { mandateRequestId: String(asked.body.mandateRequestId), l2: String(approved.body.l2), window };
  }

  /** The agent's purchase of `amount` at a checkout: L3a and the network's view of L2. */
  async function buy(l2: string, amount: number, payee?: Party) {
    const jwt = await checkoutJwt([{ id: 'sku-kettle', title: 'Kettle', quantity: 1, unitAmount: amount }]);
    const credential = await paymentCredential(agentic.agent, l2, {
      checkoutJwt: jwt,
      amount,
      ...(payee && { payee }),
    });
    return { credential, release: () => release(credential) };
  }

  const release = (credential: { l2: string; l3a: string }) =>
    agentic.agent.call({
      url: '/sandbox/agent-pay/credentials',
      payload: { agenticTokenId: agentic.enrolment.agenticTokenId, l1: agentic.enrolment.l1, ...credential },
    });

  it('the window shows the limits, and the L2 delegates to the agent’s credential key', async () => {
    const { window, l2 } = await approvedOpen();
    expect(window.view.mandate).toMatchObject({
      mode: 'AUTONOMOUS',
      promptSummary: 'Up to $150 at this shop until Friday',
      constraints: expect.arrayContaining([
        { type: 'mandate.payment.amount_range', currency: 'USD', max: 20000 },
        { type: 'mandate.payment.allowed_payees', allowed: [SHOP] },
      ]),
    });
    const { disclosures } = await parseSdJwt(l2);
    const payment = disclosures.find((d) => (d.value as Json).vct === 'mandate.payment.open.1')!.value as Json;
    expect((payment.cnf as Json).jwk).toMatchObject({ kid: agentic.agent.credentialKid });
    expect(payment.risk_data).toMatchObject({ approval: 'passkey', rp_id: 'localhost' });
  });

  it('refuses over the range, over the budget, another merchant and a tampered L3a; pays once within it', async () => {
    const { l2, mandateRequestId } = await approvedOpen();
    expect(refusal(await (await buy(l2, 25000)).release())).toEqual([403, 'THRESHOLD_EXCEEDED']);
    const overBudget = await (await buy(l2, 18000)).release();
    expect(refusal(overBudget)).toEqual([403, 'THRESHOLD_EXCEEDED']);
    expect((overBudget.body.checks as Json[]).at(-1)).toMatchObject({
      layer: 'network',
      name: 'spend',
      outcome: 'fail',
      compared: { relation: 'at_most', expected: 15000, actual: 18000 },
    });
    expect(refusal(await (await buy(l2, 5000, OTHER_SHOP)).release())).toEqual([403, 'MERCHANT_NOT_ALLOWED']);
    const { credential } = await buy(l2, 12000);
    const [header, payload, signature] = credential.l3a.split('~')[0]!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3000 })).toString('base64url');
    const tampered = credential.l3a.replace(`${header}.${payload}.${signature}`, `${header}.${forged}.${signature}`);
    expect(refusal(await release({ ...credential, l3a: tampered }))).toEqual([403, 'SIGNATURE_INVALID']);

    const paid = await release(credential);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      mandateRequestId,
      spend: { spentBefore: 0, spentAfter: 12000, remaining: 3000 },
    });
    const payload12 = await decryptedPayload(shop(), paid.body.encryptedPayload);
    expect(payload12.transactionAmount).toEqual({ transactionAmount: '120.00', transactionCurrencyCode: 'USD' });
    // The same L3a again, and a new one under the same mandate: one purchase per mandate (Verifiable Intent §5.7).
    expect(refusal(await release(credential))).toEqual([409, 'CREDENTIAL_REPLAYED']);
    expect(refusal(await (await buy(l2, 100)).release())).toEqual([409, 'CREDENTIAL_REPLAYED']);
  });

  it('refuses a purchase once the mandate has expired', async () => {
    const { l2, mandateRequestId } = await approvedOpen(new Date(Date.now() + 24 * 3600 * 1000));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
      expect(refusal(await (await buy(l2, 1000)).release())).toEqual([403, 'MANDATE_EXPIRED']);
      const read = await agentic.agent.call({ url: `/sandbox/agent-pay/mandate-requests/${mandateRequestId}` });
      expect(read.body.status).toBe('EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the token, its card credential and its mandate belong together, and a revoked token pays nothing', () => {
  let second: Enrolment;
  let secondL2: string;

  beforeAll(async () => {
    second = await steps.enrol(agentic.shopper, agentic.agent);
    const asked = await agentic.agent.call({
      url: '/sandbox/agent-pay/mandate-requests',
      payload: { agenticTokenId: second.agenticTokenId, mode: 'IMMEDIATE', checkoutJwt: await checkoutJwt() },
    });
    const { approved } = await steps.approve(agentic.shopper, String(asked.body.mandateRequestId));
    secondL2 = String(approved.body.l2);
  });

  const releaseWith = (caller: TestAgent, payload: Json) =>
    caller.call({ url: '/sandbox/agent-pay/credentials', payload });

  it('refuses one token with another token’s credentials, and another agent’s token', async () => {
    const mixedUp = await releaseWith(agentic.agent, {
      agenticTokenId: agentic.enrolment.agenticTokenId,
      l1: second.l1,
      l2: secondL2,
    });
    expect(refusal(mixedUp)).toEqual([403, 'TOKEN_MISMATCH']);
    // The first token's L1 with the second token's mandate: signed by another shopper key than L1's.
    const otherMandate = { agenticTokenId: agentic.enrolment.agenticTokenId, l1: agentic.enrolment.l1, l2: secondL2 };
    expect(refusal(await releaseWith(agentic.agent, otherMandate))).toEqual([403, 'SIGNATURE_INVALID']);
    const thief = await TestAgent.register(sandbox.app, 'Another agent');
    const stolen = { agenticTokenId: second.agenticTokenId, l1: second.l1, l2: secondL2 };
    expect(refusal(await releaseWith(thief, stolen))).toEqual([403, 'TOKEN_MISMATCH']);
  });

  it('refuses a mandate changed after the shopper approved it', async () => {
    const { l2 } = await approvedImmediate();
    const [jws, ...disclosures] = l2.split('~');
    const [header, payload, signature] = jws!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 600 })).toString('base64url');
    const tampered = [`${header}.${longer}.${signature}`, ...disclosures].join('~');
    const answer = await releaseWith(agentic.agent, {
      agenticTokenId: agentic.enrolment.agenticTokenId,
      l1: agentic.enrolment.l1,
      l2: tampered,
    });
    expect(refusal(answer)).toEqual([403, 'SIGNATURE_INVALID']);
    expect((answer.body.checks as Json[]).at(-1)).toMatchObject({ layer: 'L2', name: 'signature', outcome: 'fail' });
  });

  it('the shopper revokes the token in the manage window; its next request is refused', async () => {
    const window = await steps.agentWindow({ kind: 'AGENT_MANAGE' });
    expect(window.view.proved).toBe(false);
    expect((await window.call('GET', '/window/agent/tokens')).status).toBe(403);
    await window.call('POST', '/window/agent/lookup', { email: agentic.shopper.email });
    const asked = await window.call('POST', '/window/agent/passkey-options', {});
    const response = agentic.shopper.authenticator.assert({
      options: asked.body.options as Json,
      origin: SANDBOX_PAGE_ORIGIN,
    });
    expect((await window.call('POST', '/window/agent/passkey', { response })).status).toBe(200);
    const listed = (await window.call('GET', '/window/agent/tokens')).body.tokens as Json[];
    expect(listed.map((t) => t.agenticTokenId)).toEqual(expect.arrayContaining([second.agenticTokenId]));

    const revoke = (id: string, headers: Record<string, string>) =>
      sandbox.app.inject({ method: 'POST', url: `/sandbox/agent-pay/tokens/${id}/revoke`, headers });
    const fromWindow = {
      'x-sandbox-window': window.token,
      origin: SANDBOX_PAGE_ORIGIN,
      cookie: window.sdk.cookie ?? '',
    };
    const bySession = await revoke(second.agenticTokenId, {
      'x-sandbox-session': window.sdk.session!,
      origin: SANDBOX_PAGE_ORIGIN,
    });
    expect(bySession.statusCode).toBe(403);
    const revoked = await revoke(second.agenticTokenId, fromWindow);
    expect(revoked.json()).toEqual({ agenticTokenId: second.agenticTokenId, status: 'REVOKED' });

    const stale = await releaseWith(agentic.agent, {
      agenticTokenId: second.agenticTokenId,
      l1: second.l1,
      l2: secondL2,
    });
    expect(refusal(stale)).toEqual([403, 'TOKEN_REVOKED']);
    const asking = await agentic.agent.call({
      url: '/sandbox/agent-pay/mandate-requests',
      payload: { agenticTokenId: second.agenticTokenId, mode: 'IMMEDIATE', checkoutJwt: await checkoutJwt() },
    });
    expect(refusal(asking)).toEqual([403, 'TOKEN_REVOKED']);
    const after = (await window.call('GET', '/window/agent/tokens')).body.tokens as Json[];
    expect(after.find((t) => t.agenticTokenId === second.agenticTokenId)?.status).toBe('REVOKED');
  });
});
