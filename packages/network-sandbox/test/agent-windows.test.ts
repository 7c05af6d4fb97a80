// Issue 39: the network's windows of the agentic checkout, over HTTP: the enrolment window (the
// shopper's passkey, or the code), the approval window (the passkey only), and what a forged or
// borrowed window, or an answer made for something else, cannot do.
import { describe, expect, it } from 'vitest';
import { checkoutJwt, enrolledAgentPerFile, SHOP } from './agentic-steps.ts';
import { SANDBOX_PAGE_ORIGIN } from './client.ts';
import { refusedWith, RETURNING } from './shopper-steps.ts';

type Json = Record<string, unknown>;

const agentic = enrolledAgentPerFile('agent-windows-payload-key', 'Window agent', '198.19');
const { steps } = agentic;

/** A new immediate mandate request of the shopper's token. */
async function mandateRequest(token = agentic.enrolment.agenticTokenId): Promise<string> {
  const asked = await agentic.agent.call({
    url: '/sandbox/agent-pay/mandate-requests',
    payload: { agenticTokenId: token, mode: 'IMMEDIATE', checkoutJwt: await checkoutJwt() },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return String(asked.body.mandateRequestId);
}

describe('the enrolment window', () => {
  it('a profile without a passkey here proves itself with the code; nothing is enrolled before the proof and the consent', async () => {
    const window = await steps.agentWindow({ kind: 'AGENT_ENROL', agentId: agentic.agent.agentId });
    expect(window.view).toMatchObject({ kind: 'AGENT_ENROL', agent: { name: 'Window agent' }, locale: 'en_US' });
    expect((await window.call('POST', '/window/agent/lookup', { email: 'nobody@example.com' })).body).toEqual({
      consumerPresent: false,
    });
    const found = await window.call('POST', '/window/agent/lookup', { email: RETURNING });
    expect(found.body).toEqual({ consumerPresent: true, passkey: { available: false, reason: 'NO_PASSKEY' } });
    expect(refusedWith(await window.call('GET', '/window/agent/cards'))).toEqual([403, 'AUTH_ERROR']);
    const enrolFirst = await window.call('POST', '/window/agent/enrol', { srcDigitalCardId: 'x', consent: true });
    expect(refusedWith(enrolFirst)).toEqual([403, 'AUTH_ERROR']);

    expect((await window.call('POST', '/window/agent/code/send', {})).body.maskedValidationChannel).toMatch(/@/);
    expect(refusedWith(await window.call('POST', '/window/agent/code', { value: '000000' }))).toEqual([
      400,
      'CODE_INVALID',
    ]);
    expect((await window.call('POST', '/window/agent/code', { value: '123456' })).body).toEqual({
      proved: true,
      method: 'OTP',
    });
    const cards = (await window.call('GET', '/window/agent/cards')).body.cards as { srcDigitalCardId: string }[];
    const srcDigitalCardId = cards[0]!.srcDigitalCardId;
    expect(refusedWith(await window.call('POST', '/window/agent/enrol', { srcDigitalCardId }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    const othersCard = (agentic.enrolment.maskedCard as Json).srcDigitalCardId;
    const notTheirs = await window.call('POST', '/window/agent/enrol', { srcDigitalCardId: othersCard, consent: true });
    expect(refusedWith(notTheirs)).toEqual([400, 'INVALID_PARAMETER']);
    const enrolled = await window.call('POST', '/window/agent/enrol', { srcDigitalCardId, consent: true });
    expect(enrolled.body).toMatchObject({ agenticTokenId: expect.any(String), maskedCard: { srcDigitalCardId } });
    const twice = await window.call('POST', '/window/agent/enrol', { srcDigitalCardId, consent: true });
    expect(refusedWith(twice)).toEqual([409, 'INVALID_REQUEST']);
  });

  it('another profile’s passkey proves nothing', async () => {
    const other = await steps.shopperWithPasskey();
    const window = await steps.agentWindow({ kind: 'AGENT_ENROL', agentId: agentic.agent.agentId });
    await window.call('POST', '/window/agent/lookup', { email: agentic.shopper.email });
    const asked = await window.call('POST', '/window/agent/passkey-options', {});
    const response = other.authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect(refusedWith(await window.call('POST', '/window/agent/passkey', { response }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
    expect(refusedWith(await window.call('GET', '/window/agent/cards'))).toEqual([403, 'AUTH_ERROR']);
  });
});

describe('the approval window: the passkey approves this mandate’s bytes, and nothing else does', () => {
  it('refuses an approval without a passkey answer, with a sign-in answer, and with the answer to an older draft', async () => {
    const window = await steps.agentWindow({ kind: 'MANDATE', mandateRequestId: await mandateRequest() });
    expect(refusedWith(await window.call('POST', '/window/mandate/approve', {}))).toEqual([401, 'AUTH_INVALID']);

    // An answer to another window's sign-in challenge (the enrolment window's).
    const enrolWindow = await steps.agentWindow({ kind: 'AGENT_ENROL', agentId: agentic.agent.agentId });
    await enrolWindow.call('POST', '/window/agent/lookup', { email: agentic.shopper.email });
    const signIn = await enrolWindow.call('POST', '/window/agent/passkey-options', {});
    const signInAnswer = agentic.shopper.authenticator.assert({
      options: signIn.body.options as Json,
      origin: SANDBOX_PAGE_ORIGIN,
    });
    const borrowed = await window.call('POST', '/window/mandate/approve', { response: signInAnswer });
    expect(refusedWith(borrowed)).toEqual([401, 'AUTH_INVALID']);

    // The prompt asked twice: the first answer approved a draft the network no longer holds.
    const first = await window.call('POST', '/window/mandate/options', {});
    await window.call('POST', '/window/mandate/options', {});
    const stale = agentic.shopper.authenticator.assert({
      options: first.body.options as Json,
      origin: SANDBOX_PAGE_ORIGIN,
    });
    const answer = await window.call('POST', '/window/mandate/approve', { response: stale });
    expect(refusedWith(answer)).toEqual([401, 'AUTH_INVALID']);
    expect(answer.body.message).toMatch(/another version/);
  });

  it('refuses another profile’s passkey, and a profile without one here is offered no code', async () => {
    const other = await steps.shopperWithPasskey();
    const window = await steps.agentWindow({ kind: 'MANDATE', mandateRequestId: await mandateRequest() });
    const asked = await window.call('POST', '/window/mandate/options', {});
    const response = other.authenticator.assert({ options: asked.body.options as Json, origin: SANDBOX_PAGE_ORIGIN });
    expect(refusedWith(await window.call('POST', '/window/mandate/approve', { response }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);

    // The returning user has no passkey here: enrolled by the code, they cannot approve a mandate.
    const byCode = await steps.agentWindow({ kind: 'AGENT_ENROL', agentId: agentic.agent.agentId });
    await byCode.call('POST', '/window/agent/lookup', { email: RETURNING });
    await byCode.call('POST', '/window/agent/code/send', {});
    await byCode.call('POST', '/window/agent/code', { value: '123456' });
    const cards = (await byCode.call('GET', '/window/agent/cards')).body.cards as { srcDigitalCardId: string }[];
    const token = (
      await byCode.call('POST', '/window/agent/enrol', { srcDigitalCardId: cards[0]!.srcDigitalCardId, consent: true })
    ).body.agenticTokenId as string;
    const noPasskey = await steps.agentWindow({ kind: 'MANDATE', mandateRequestId: await mandateRequest(token) });
    expect(noPasskey.view.passkey).toEqual({ available: false, reason: 'NO_PASSKEY' });
    expect((await noPasskey.call('POST', '/window/mandate/options', {})).body).toEqual({
      available: false,
      reason: 'NO_PASSKEY',
    });
    expect(refusedWith(await noPasskey.call('POST', '/window/mandate/approve', { response: {} }))).toEqual([
      401,
      'AUTH_INVALID',
    ]);
  });

  it('only the MANDATE window acts: not the page’s session, not another window; a declined mandate is over', async () => {
    const mandateRequestId = await mandateRequest();
    const window = await steps.agentWindow({ kind: 'MANDATE', mandateRequestId });
    const bySession = await window.sdk.call('POST', '/window/mandate/options', {});
    expect(bySession.status).toBe(403);
    const codeWindow = await steps.agentWindow({ kind: 'AGENT_MANAGE' });
    expect(refusedWith(await codeWindow.call('POST', '/window/mandate/options', {}))).toEqual([403, 'AUTH_ERROR']);

    expect((await window.call('POST', '/window/mandate/decline', {})).body).toEqual({ status: 'DECLINED' });
    const read = await agentic.agent.call({ url: `/sandbox/agent-pay/mandate-requests/${mandateRequestId}` });
    expect(read.body).toMatchObject({ status: 'DECLINED' });
    expect(read.body.l2).toBeUndefined();
    expect(refusedWith(await window.call('POST', '/window/mandate/options', {}))).toEqual([409, 'INVALID_REQUEST']);
    const reopened = await window.sdk.call('POST', '/windows', { kind: 'MANDATE', mandateRequestId });
    expect(refusedWith(reopened)).toEqual([409, 'INVALID_REQUEST']);
  });

  it('an unknown agent or mandate opens no window', async () => {
    const sdk = steps.newSdk();
    await sdk.init();
    expect(refusedWith(await sdk.call('POST', '/windows', { kind: 'AGENT_ENROL', agentId: 'nobody' }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(refusedWith(await sdk.call('POST', '/windows', { kind: 'MANDATE', mandateRequestId: 'x' }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });
});

describe('mandate requests an agent cannot make', () => {
  const ask = (payload: Json) => agentic.agent.call({ url: '/sandbox/agent-pay/mandate-requests', payload });

  it('refuses a checkout that does not add up, another merchant than the checkout’s, a merchant the network cannot pay', async () => {
    const base = { agenticTokenId: agentic.enrolment.agenticTokenId, mode: 'IMMEDIATE' };
    const unsigned = await ask({ ...base, checkoutJwt: 'not-a-jws' });
    expect([unsigned.status, unsigned.body.reason]).toEqual([403, 'CHECKOUT_INVALID']);
    const stranger = { id: 'no-such-dpa', name: 'Stranger', website: 'http://localhost' };
    const payee = await ask({ ...base, checkoutJwt: await checkoutJwt(undefined, stranger) });
    expect([payee.status, payee.body.reason]).toEqual([403, 'MERCHANT_NOT_ALLOWED']);
    const other = await ask({ ...base, checkoutJwt: await checkoutJwt(), merchant: stranger });
    expect([other.status, other.body.reason]).toEqual([403, 'MERCHANT_NOT_ALLOWED']);
  });

  it('refuses an open mandate without merchants, items or a limit, or lasting over 30 days, naming the field', async () => {
    const base = { agenticTokenId: agentic.enrolment.agenticTokenId, mode: 'AUTONOMOUS' };
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const noLimit = await ask({ ...base, constraints: [], expiresAt: inAWeek });
    expect([noLimit.status, (noLimit.body.errordetail as Json[])[0]?.source]).toEqual([400, 'constraints']);
    const unknown = await ask({ ...base, constraints: [{ type: 'payment.recurrence' }], expiresAt: inAWeek });
    expect(unknown.body.message).toMatch(/Verifiable Intent constraint/);
    const constraints = [
      { type: 'mandate.checkout.allowed_merchants', allowed: [SHOP] },
      { type: 'mandate.checkout.line_items', items: [{ id: 'line-1', acceptable_items: [], quantity: 1 }] },
      { type: 'mandate.payment.amount_range', currency: 'USD', max: 15000 },
    ];
    expect((await ask({ ...base, constraints, expiresAt: inAWeek })).status).toBe(201);
    const tooLong = await ask({
      ...base,
      constraints,
      expiresAt: new Date(Date.now() + 40 * 24 * 3600 * 1000).toISOString(),
    });
    expect([tooLong.status, (tooLong.body.errordetail as Json[])[0]?.source]).toEqual([400, 'expiresAt']);
  });
});
