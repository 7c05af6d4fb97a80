// Installments (issue 14) against the offline network sandbox, in every locale: an eligible cart
// paid in 3 installments with the plans inline; the network's hosted form; an ineligible cart told
// so and paid in full; a plan refused in the network's window (CANCEL) back to the plans; axe on
// the lander and the plans step; the hosted flag turned off on the way home.
import type { Page } from '@playwright/test';
import { formatMoney } from '@c2p/domain';
import { LOCALE_CODES, plural, tr } from '../catalogue-text.ts';
import {
  cardOptions,
  CODE,
  dcfFrame,
  loggedCallNames,
  reachPaymentStep,
  RETURNING_EMAIL,
  signInWithCode,
} from '../click-to-pay-steps.ts';
import { expect, expectNoAxeViolations, test, type LocaleCode } from '../fixtures.ts';
import { expectOneKindOfDigits } from '../layout-checks.ts';

/** Product 2 costs 199.00: three installments of 66.33, the last 66.34. Product 7 (24.99) is not eligible. */
const ELIGIBLE_PRODUCT = 2;
const INELIGIBLE_PRODUCT = 7;

const money = (cents: number, locale: LocaleCode) => formatMoney(cents, locale);
const planLabel = (locale: LocaleCode, count: number, cents: number) =>
  plural(locale, 'INSTALLMENTS.PLANS.LABEL', count, { amount: money(cents, locale) });

/** The cart's Pay in installments, Guest checkout, the shipping form: the payment step. */
const toInstallmentsStep = (page: Page, locale: LocaleCode, productId: number) =>
  reachPaymentStep(page, locale, { productId, cartButton: 'SHOP.CART.PAY_IN_INSTALLMENTS' });

/** Review and thank-you show the plan and its schedule, the differing last payment included. */
async function placeOrderShowingPlan(page: Page, locale: LocaleCode, count: number, regular: number, last: number) {
  await expect(page).toHaveURL(/\/checkout\/review$/);
  const review = page.locator('section[aria-labelledby="review-payment"]').getByTestId('installments-summary');
  await expect(review).toContainText(planLabel(locale, count, regular));
  await expect(review.locator('tbody tr')).toHaveCount(count);
  await expect(review.locator('tbody tr').last()).toContainText(money(last, locale));
  await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
  const thanks = page.locator('section[aria-labelledby="ty-payment"]').getByTestId('installments-summary');
  await expect(thanks).toContainText(planLabel(locale, count, regular));
  await expect(thanks.locator('tbody tr').last()).toContainText(money(last, locale));
}

test.describe.configure({ timeout: 90_000 });
test.use({ cookiesAccepted: true });

for (const locale of LOCALE_CODES) {
  test.describe(`Installments in ${locale}`, () => {
    test.use({ localeCode: locale });

    test('an eligible cart is paid in 3 installments with the plans inline', async ({ page }) => {
      await toInstallmentsStep(page, locale, ELIGIBLE_PRODUCT);
      // Eligibility first, before any card: "from $16.58 a month" (the 12-month plan of 199.00).
      await expect(page.locator('.installments-payment__offer')).toHaveText(
        tr(locale, 'INSTALLMENTS.PAYMENT.ELIGIBLE', { amount: money(1_658, locale) }),
      );
      await signInWithCode(page, locale);
      await cardOptions(page).filter({ hasText: '9726' }).click();
      const three = page.getByRole('radio', { name: planLabel(locale, 3, 6_633) });
      await expect(three).toBeVisible();
      await expect(page.getByRole('radio', { name: planLabel(locale, 12, 1_658) })).toBeVisible();
      await expect(page.locator('.installment-plans')).toContainText(
        tr(locale, 'INSTALLMENTS.PLANS.LAST_DIFFERS', { amount: money(6_634, locale) }),
      );
      await three.check();
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PLANS.CONTINUE') }).click();
      // The network's window confirms the plan.
      const dcf = dcfFrame(page);
      await expect(dcf.locator('.card')).toContainText(money(6_633, locale));
      // ... and says which payment differs.
      await expect(dcf.locator('.card')).toContainText(money(6_634, locale));
      await expectOneKindOfDigits(dcf.locator('.card'), locale, "the network's window");
      await dcf.locator('.actions button.primary').click();
      await placeOrderShowingPlan(page, locale, 3, 6_633, 6_634);
      const calls = await loggedCallNames(page);
      expect(calls.indexOf('isInstallmentsEligible')).toBeGreaterThan(-1);
      expect(calls.indexOf('isInstallmentsEligible')).toBeLessThan(calls.indexOf('getCards'));
      expect(calls).toContain('checkoutWithInstallments');
      expect(calls).not.toContain('checkoutWithCard');
    });

    test('a plan refused in the network’s window (CANCEL) returns to the plans', async ({ page }) => {
      await toInstallmentsStep(page, locale, ELIGIBLE_PRODUCT);
      await signInWithCode(page, locale);
      await cardOptions(page).filter({ hasText: '9726' }).click();
      await page.getByRole('radio', { name: planLabel(locale, 6, 3_316) }).check();
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PLANS.CONTINUE') }).click();
      await dcfFrame(page).locator('.actions button:not(.primary)').click();
      await expect(
        page.getByRole('alert').filter({ hasText: tr(locale, 'INSTALLMENTS.PLANS.CANCELLED') }),
      ).toBeVisible();
      await expect(page.getByRole('radio', { name: planLabel(locale, 6, 3_316) })).toBeChecked();
      await expect(page).toHaveURL(/\/checkout\/payment$/);
      // Another plan, and this time the network's window confirms it.
      await page.getByRole('radio', { name: planLabel(locale, 3, 6_633) }).check();
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PLANS.CONTINUE') }).click();
      await dcfFrame(page).locator('.actions button.primary').click();
      await expect(page).toHaveURL(/\/checkout\/review$/);
      await expect(page.getByTestId('installments-summary')).toContainText(planLabel(locale, 3, 6_633));
    });

    test('the hosted form: the network’s own window shows the cards and the plans', async ({ page }) => {
      await toInstallmentsStep(page, locale, ELIGIBLE_PRODUCT);
      await page.getByRole('switch', { name: tr(locale, 'INSTALLMENTS.PAYMENT.HOSTED_SWITCH') }).check();
      expect(await page.evaluate(() => sessionStorage.getItem('isHostedCheckoutEnabled'))).toBe('true');
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PAYMENT.HOSTED_START') }).click();
      const dcf = dcfFrame(page);
      await dcf.locator('input#email').fill(RETURNING_EMAIL);
      await dcf.locator('.actions button.primary').click();
      await dcf.locator('input#otp').fill(CODE);
      await dcf.locator('.actions button.primary').click();
      await expect(dcf.locator('input[name=card]')).toHaveCount(2);
      // Cancel in the network's window: back on the payment step, which says so; a second try
      // finds the consumer known to the session, straight at the cards and plans.
      await dcf.locator('.actions button:not(.primary)').click();
      await expect(
        page.getByRole('alert').filter({ hasText: tr(locale, 'INSTALLMENTS.PAYMENT.HOSTED_CANCELLED') }),
      ).toBeVisible();
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PAYMENT.HOSTED_START') }).click();
      await expect(dcf.locator('input[name=card]')).toHaveCount(2);
      await dcf.locator('input[name=plan][value="PLAN-6M"]').check();
      await dcf.locator('.actions button.primary').click();
      await placeOrderShowingPlan(page, locale, 6, 3_316, 3_320);
      expect(await loggedCallNames(page)).toContain('checkoutWithInstallments');
      const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src));
      expect(scripts.some((src) => src.includes('/sandbox/srci/integration/2/hosted-checkout.js'))).toBe(true);
    });

    test('an ineligible cart is told so and paid in full', async ({ page }) => {
      await toInstallmentsStep(page, locale, INELIGIBLE_PRODUCT);
      await expect(page.locator('.installments-payment__refusal')).toHaveText(
        tr(locale, 'INSTALLMENTS.PAYMENT.NOT_ELIGIBLE'),
      );
      await expect(page.locator('src-card-list, .c2p__email')).toHaveCount(0);
      await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PAYMENT.PAY_IN_FULL') }).click();
      await expect(page.getByRole('radio', { name: tr(locale, 'CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY') })).toBeChecked();
      await signInWithCode(page, locale);
      await cardOptions(page).filter({ hasText: '9726' }).click();
      await dcfFrame(page).locator('.actions button.primary').click();
      await expect(page).toHaveURL(/\/checkout\/review$/);
      await expect(page.getByTestId('installments-summary')).toHaveCount(0);
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
      await expect(page).toHaveURL(/\/checkout\/thank-you$/);
      const calls = await loggedCallNames(page);
      expect(calls).toContain('isInstallmentsEligible');
      expect(calls).toContain('checkoutWithCard');
    });

    test('the lander and the plans step have no axe violations', async ({ page }) => {
      await page.goto('/demo/guided-tour/installments');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'INSTALLMENTS.LANDER.TITLE'));
      await expect(page.getByRole('link', { name: tr(locale, 'INSTALLMENTS.LANDER.START') })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('activatedTool'))).toBe('mock-tool-installments');
      await expectNoAxeViolations(page);
      // Start leads into the live shop (the lander's mock tool is the guided tour's).
      await page.getByRole('link', { name: tr(locale, 'INSTALLMENTS.LANDER.START') }).click();
      await expect(page).toHaveURL(/\/products$/);
      await toInstallmentsStep(page, locale, ELIGIBLE_PRODUCT);
      await signInWithCode(page, locale);
      await cardOptions(page).filter({ hasText: '9726' }).click();
      await expect(page.getByRole('radio', { name: planLabel(locale, 3, 6_633) })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('the lander’s hosted switch turns the session flag on; going home turns it off', async ({ page }) => {
  await page.goto('/demo/guided-tour/installments');
  await page.getByRole('switch', { name: tr('en-US', 'INSTALLMENTS.PAYMENT.HOSTED_SWITCH') }).check();
  expect(await page.evaluate(() => sessionStorage.getItem('isHostedCheckoutEnabled'))).toBe('true');
  await page.getByRole('link', { name: tr('en-US', 'INSTALLMENTS.LANDER.START') }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(await page.evaluate(() => sessionStorage.getItem('isHostedCheckoutEnabled'))).toBe('true');
  await page.goto('/products');
  await page.locator('a[href="/home"]').first().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => sessionStorage.getItem('isHostedCheckoutEnabled'))).toBeNull();
});

test('the lander’s two forms are marked as examples and work as ones: a plan is chosen, Continue says what it does', async ({
  page,
}) => {
  await page.goto('/demo/guided-tour/installments');
  for (const form of ['INLINE', 'HOSTED'] as const) {
    const example = page.getByRole('figure', { name: tr('en-US', `INSTALLMENTS.LANDER.${form}_TITLE`) });
    await expect(example.getByText(tr('en-US', 'INSTALLMENTS.LANDER.EXAMPLE_BADGE'), { exact: true })).toBeVisible();
    // Nothing in them is pale and disabled.
    await expect(example.locator(':disabled')).toHaveCount(0);
    const plan = example.getByRole('radio').nth(2);
    await plan.check();
    const label = (await example.locator(`label[for="${await plan.getAttribute('id')}"]`).textContent()) ?? '';
    await example.getByRole('button', { name: tr('en-US', 'INSTALLMENTS.PLANS.CONTINUE') }).click();
    await expect(example.locator('[aria-live="polite"]')).toHaveText(
      tr('en-US', `INSTALLMENTS.LANDER.${form}_CONTINUED`, { plan: label.trim() }),
    );
  }
});
