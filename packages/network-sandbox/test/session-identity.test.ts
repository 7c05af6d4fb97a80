// Issue 30, items 1 and 2, through lib.js's calls: one srcCorrelationId per SDK session, and the
// merchant's "Remember me" honoured (see srcsdk.test.ts for the SRC-level SDK's).
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { DPA_ID, TestSdk } from './client.ts';
import { shopPerFile } from './server.ts';

const { sandbox, shop } = shopPerFile('identity-payload-key');

describe('issue 30: one SDK session, one identity', () => {
  it('item 1: every checkout of a session carries its srcCorrelationId, and the credentials API finds each by card', async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    const sessionId = (await sdk.call('GET', '/cards')).body.srcCorrelationId;
    expect(sessionId).toMatch(/^[0-9a-f]{8}\.[0-9a-f-]{36}$/);
    for (const card of cards.slice(0, 2)) {
      const srcDigitalCardId = String(card.srcDigitalCardId);
      const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId });
      const data = result!.body.checkoutResponseData as { srcCorrelationId: string };
      expect(data.srcCorrelationId).toBe(sessionId);
      const credentials = await shop().network({
        url: '/sandbox/src/api/digital/payments/transaction/credentials',
        payload: { srcClientId: DEMO_SRC_CLIENT_ID, srcDpaId: DPA_ID, srcCorrelationId: sessionId, srcDigitalCardId },
      });
      expect(credentials.statusCode, credentials.body).toBe(200);
      const signed = decodeJwt(credentials.json().checkoutResponseJWS) as { maskedCard: { srcDigitalCardId: string } };
      expect(signed.maskedCard.srcDigitalCardId).toBe(srcDigitalCardId);
    }
    // Another session's checkouts have an id of their own.
    const other = new TestSdk(sandbox.app);
    await other.init();
    expect((await other.call('GET', '/cards')).body.srcCorrelationId).not.toBe(sessionId);
  });

  it('item 2: rememberMe passed to checkoutWithCard stands: the window does not ask, and the browser is remembered', async () => {
    const sdk = new TestSdk(sandbox.app);
    const cards = await sdk.returningCards();
    const { answered, window } = await sdk.checkout({
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      rememberMe: true,
    });
    expect((window!.view.checkout as { askRememberMe: boolean }).askRememberMe).toBe(false);
    expect(answered!.rememberMeCookie).toMatch(/^c2p_sandbox_device=[^;]+/);
  });
});
