// Issue 14 in the sandbox: plans to the cent (the last payment takes the remainder), checked again
// at checkout; the hosted checkout script and what its window learns of the session.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents } from '@c2p/domain';
import { serverPerFile } from '../../../apps/server/test/harness.ts';
import { installmentOffer } from '../src/server/sdk-api.ts';
import { TestSdk } from './client.ts';

const sandbox = serverPerFile();

describe('installment plans', () => {
  it('splits any eligible amount into payments of whole cents that add up to it exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5_000, max: 50_000_000 }), (cents) => {
        const offer = installmentOffer({
          transactionAmount: { transactionAmount: (cents / 100).toFixed(2), transactionCurrencyCode: 'USD' },
          merchantCategoryCode: '0008',
        });
        expect(offer.eligible).toBe(true);
        for (const plan of offer.plans) {
          const regular = amountToCents(plan.installmentAmount)!;
          const last = plan.lastInstallmentAmount ? amountToCents(plan.lastInstallmentAmount)! : regular;
          expect(regular * (plan.numberOfInstallments - 1) + last).toBe(cents);
        }
      }),
    );
  });

  it('says which payment differs: 199.00 in three is 66.33, 66.33 and a last 66.34', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const answer = await sdk.call('POST', '/installments/eligibility', {
      transactionAmount: { transactionAmount: 199, transactionCurrencyCode: 'USD' },
    });
    expect((answer.body.plans as unknown[])[0]).toEqual({
      planId: 'PLAN-3M',
      numberOfInstallments: 3,
      frequency: 'MONTHLY',
      installmentAmount: '66.33',
      lastInstallmentAmount: '66.34',
      totalAmount: '199.00',
      apr: '0.00',
      currency: 'USD',
    });
    const below = await sdk.call('POST', '/installments/eligibility', {
      transactionAmount: { transactionAmount: '49.99', transactionCurrencyCode: 'USD' },
    });
    expect(below.body).toEqual({ eligible: false, plans: [] });
  });

  it('refuses an installments checkout for an amount that is not eligible', async () => {
    const sdk = new TestSdk(sandbox.app);
    await sdk.init();
    const cards = (await sdk.signIn()).body.cards as { srcDigitalCardId: string }[];
    const refused = await sdk.call('POST', '/checkouts', {
      kind: 'INSTALLMENTS',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      installmentPlan: { planId: 'PLAN-3M' },
      dpaTransactionOptions: { transactionAmount: { transactionAmount: 10, transactionCurrencyCode: 'USD' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('INVALID_REQUEST');
  });
});

describe('the hosted checkout', () => {
  it('serves the hosted checkout script to any origin', async () => {
    const script = await sandbox.app.inject({ url: '/sandbox/srci/integration/2/hosted-checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.body).toContain('MastercardCheckoutServices');
  });

  it('tells the hosted window it opened whom to answer, and lets that merchant frame it', async () => {
    const sdk = new TestSdk(sandbox.app);
    sdk.origin = 'http://localhost:4321';
    await sdk.init();
    const asked = await sdk.call('POST', '/windows', {
      kind: 'HOSTED',
      dpaTransactionOptions: { merchantCategoryCode: '5411' },
    });
    const page = await sandbox.app.inject({ url: `/sandbox/dcf?window=${String(asked.body.windowId)}` });
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:4321');
    const unknown = await sandbox.app.inject({ url: `/sandbox/dcf?window=${'0'.repeat(22)}` });
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const window = await sdk.openWindow({ kind: 'HOSTED', dpaTransactionOptions: { merchantCategoryCode: '5411' } });
    expect(window.view).toEqual({
      windowId: expect.any(String),
      kind: 'HOSTED',
      merchantOrigin: 'http://localhost:4321',
      merchant: { name: 'Test Shop' },
      locale: 'en_US',
      amount: { transactionAmount: 120, transactionCurrencyCode: 'USD' },
      options: { merchantCategoryCode: '5411' },
    });
    // The window acts for the session with its own token; the page's token opens no window's routes.
    expect((await window.call('POST', '/installments/eligibility', {})).body.eligible).toBe(true);
    const byPage = await sdk.call('POST', '/window/action', { action: 'COMPLETE' });
    expect([byPage.status, byPage.body.reason]).toEqual([403, 'AUTH_ERROR']);
  });
});
