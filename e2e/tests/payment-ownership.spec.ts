// Issue 28, item 2, in real browsers: a Click to Pay payment id shows in the shopper's API log (and
// its downloads); a stranger who reads it there cannot pay an order of their own with it.
import { expect, pageOfItsOwn, test, TEST_SHIPPING } from '../fixtures.ts';
import { cardOptions, dcfContinue, dcfFrame, reachPaymentStep, signInWithCode } from '../click-to-pay-steps.ts';
import { tr } from '../catalogue-text.ts';
import { loggedTransactions } from '../configuration-screen.ts';

test('item 2: a payment id read from the shopper’s API log pays nothing for a stranger', async ({ page, browser }) => {
  await reachPaymentStep(page, 'en-US');
  await signInWithCode(page, 'en-US');
  await cardOptions(page).first().click();
  await dcfContinue(dcfFrame(page));
  await expect(page).toHaveURL(/\/checkout\/review$/);
  const getPayload = (await loggedTransactions(page)).at(-1)?.logs.find((log) => log.name === 'getPayload');
  const paymentId = (getPayload?.response as { data?: { paymentId?: string } } | null | undefined)?.data?.paymentId;
  expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);

  // The stranger, on the shop in a browser of their own, orders the same product with that id.
  const stranger = await pageOfItsOwn(browser, { cookiesAccepted: true, localeCode: 'en-US' });
  await stranger.goto('/home');
  const attempt = await stranger.evaluate(
    async ({ id, shipping }) => {
      const response = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `order-${crypto.randomUUID()}` },
        body: JSON.stringify({
          items: [{ id: 2, count: 1 }],
          shipping,
          payment: { method: 'click-to-pay', paymentId: id },
        }),
      });
      return { status: response.status, body: (await response.json()) as { errors?: Record<string, string[]> } };
    },
    { id: paymentId!, shipping: TEST_SHIPPING },
  );
  await stranger.context().close();
  expect(attempt.status).toBe(403);
  expect(attempt.body.errors?.['payment.paymentId']).toEqual([tr('en-US', 'API.PAYMENTS.PAYMENT_NOT_YOURS')]);

  // The shopper's own order goes through with it.
  await page.getByRole('button', { name: tr('en-US', 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
});
