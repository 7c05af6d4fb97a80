// Issue 14: the order refuses a Click to Pay payment whose installment plan or amounts differ from
// what the order names, checked against the decrypted payload's installment data.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SRC_DPA_ID, type GetPayloadRequest, sdkTestInit } from '@c2p/domain';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sandboxCheckout } from '../../../test/sandbox-checkout.ts';
import { clickToPayOrder, idempotencyKey, registerShopper, checkoutBrowser } from '../../../test/shop.ts';
import { paymentInstallments } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { installmentsRefusal, paidPlanOf } from './service.ts';

// orderBody() costs 299.97 USD: three of 99.99, or five of 49.99 and a last one of 50.02.
const AMOUNT = { transactionAmount: 299.97, transactionCurrencyCode: 'USD' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server.close());

type Headers = Record<string, string>;
/** The shopper's browser: the Click to Pay payments it fetches are its own. */
const browser = checkoutBrowser();
const post = (url: string, payload: unknown, headers: Headers = {}) => browser.post(server.app, url, payload, headers);

/** The browser's side (lib.js and the DCF) of an installments checkout, through the sandbox's internal API. */
const installmentsCheckout = (planId: string | undefined, amount = AMOUNT): Promise<GetPayloadRequest> =>
  sandboxCheckout(server.app, {
    init: {
      ...sdkTestInit(DEMO_SRC_DPA_ID, 'Click to Pay Demo', { amount, merchantCategoryCode: '0008' }),
      services: ['INLINE_INSTALLMENTS'],
    },
    lastFour: '9726',
    checkout: planId ? { kind: 'INSTALLMENTS', installmentPlan: { planId } } : {},
    transactionAmount: AMOUNT,
  });

async function paid(planId: string | undefined) {
  const response = await post('/api/getPayload', await installmentsCheckout(planId));
  expect(response.statusCode).toBe(200);
  return response.json().data as { paymentId: string; installments?: Record<string, unknown> };
}

const inInstallments = (paymentId: string, installments?: unknown) =>
  clickToPayOrder(paymentId, installments ? { installments } : {});
const place = (body: unknown, headers: Headers = {}) =>
  post('/api/orders', body, { 'idempotency-key': idempotencyKey(), ...headers });

describe('installments: getPayload and the order', () => {
  it('answers the payload’s plan with its schedule to the cent, and the order (and history) records it', async () => {
    const payment = await paid('PLAN-6M');
    expect(payment.installments).toEqual({
      planId: 'PLAN-6M',
      numberOfInstallments: 6,
      installmentCents: 4_999,
      scheduleCents: [4_999, 4_999, 4_999, 4_999, 4_999, 5_002],
      apr: '0.00',
      currency: 'USD',
      firstPaymentDate: expect.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
    });
    const shopper = await registerShopper(server);
    const placed = await place(inInstallments(payment.paymentId, { planId: 'PLAN-6M', numberOfInstallments: 6 }), {
      ...shopper.auth,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    expect(order.payment.installments).toMatchObject({
      planId: 'PLAN-6M',
      scheduleCents: payment.installments!.scheduleCents,
    });
    const history = await server.app.inject({ method: 'GET', url: '/api/orders', headers: shopper.auth });
    expect(history.json().data[0].payment.installments.numberOfInstallments).toBe(6);
  });

  it('refuses an order naming another plan than the payload’s, in three languages, and keeps the payment free', async () => {
    const payment = await paid('PLAN-3M');
    const wrong = inInstallments(payment.paymentId, { planId: 'PLAN-12M', numberOfInstallments: 12 });
    for (const locale of ['en-US', 'fr-FR', 'ar-EG'] as const) {
      const refused = await place(wrong, { cookie: `locale=${locale}` });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        'payment.installments.planId': [translate(locale, 'INSTALLMENTS.API.PLAN_MISMATCH')],
      });
    }
    const count = await place(inInstallments(payment.paymentId, { planId: 'PLAN-3M', numberOfInstallments: 6 }));
    expect(Object.keys(count.json().errors)).toEqual(['payment.installments.numberOfInstallments']);
    const missing = await place(inInstallments(payment.paymentId));
    expect(missing.json().errors).toEqual({
      'payment.installments': [translate('en-US', 'INSTALLMENTS.API.PLAN_MISSING')],
    });
    const right = await place(inInstallments(payment.paymentId, { planId: 'PLAN-3M', numberOfInstallments: 3 }));
    expect(right.statusCode).toBe(201);
    expect(right.json().data.payment.installments.scheduleCents).toEqual([9_999, 9_999, 9_999]);
  });

  it('refuses a plan for a payment made in full, and a bad plan body by its field', async () => {
    const payment = await paid(undefined);
    expect(payment.installments).toBeUndefined();
    const refused = await place(inInstallments(payment.paymentId, { planId: 'PLAN-3M', numberOfInstallments: 3 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'payment.installments': [translate('en-US', 'INSTALLMENTS.API.NOT_IN_PAYLOAD')],
    });
    const bad = await place(inInstallments(payment.paymentId, { planId: '<script>', numberOfInstallments: 3.5 }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'payment.installments.numberOfInstallments',
      'payment.installments.planId',
    ]);
  });

  it('refuses a payload whose installment amounts or currency differ from the order’s', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ installmentAmount: '100.00', totalAmount: '299.97' }, 'INSTALLMENTS.API.AMOUNT_MISMATCH'],
      [{ installmentAmount: '99.99', totalAmount: '300.00' }, 'INSTALLMENTS.API.AMOUNT_MISMATCH'],
      [{ currency: 'EUR' }, 'INSTALLMENTS.API.CURRENCY_MISMATCH'],
      [{ installmentAmount: 'lots' }, 'INSTALLMENTS.API.PAYLOAD_PLAN_INVALID'],
    ];
    for (const [tampered, key] of cases) {
      const payment = await paid('PLAN-3M');
      const [row] = await server.database.db
        .select()
        .from(paymentInstallments)
        .where(eq(paymentInstallments.paymentId, payment.paymentId));
      await server.database.db
        .update(paymentInstallments)
        .set({ installmentData: { ...(row!.installmentData as object), ...tampered } })
        .where(eq(paymentInstallments.paymentId, payment.paymentId));
      const refused = await place(inInstallments(payment.paymentId, { planId: 'PLAN-3M', numberOfInstallments: 3 }));
      expect(refused.statusCode, JSON.stringify(tampered)).toBe(422);
      expect(refused.json().errors).toEqual({ 'payment.installments': [translate('en-US', key)] });
    }
  });
});

describe('installmentsRefusal', () => {
  const plan = paidPlanOf({
    installmentData: {
      planId: 'PLAN-3M',
      numberOfInstallments: 3,
      installmentAmount: '66.33',
      lastInstallmentAmount: '66.34',
      totalAmount: '199.00',
      apr: '0.00',
      currency: 'USD',
    },
  });
  it('accepts a schedule whose last payment takes the remainder, and nothing else', () => {
    expect(installmentsRefusal(plan, { planId: 'PLAN-3M', numberOfInstallments: 3 }, 19_900, 'USD')).toBeUndefined();
    expect(installmentsRefusal(plan, { planId: 'PLAN-3M', numberOfInstallments: 3 }, 19_901, 'USD')?.key).toBe(
      'INSTALLMENTS.API.AMOUNT_MISMATCH',
    );
    expect(installmentsRefusal(null, undefined, 19_900, 'USD')).toBeUndefined();
  });
});
