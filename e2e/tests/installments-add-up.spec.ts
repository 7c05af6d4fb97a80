// Issue 29 item 2: every place that shows an installment plan only on screen, walked in turn: the
// lander's two example forms, the installments tour, the shop's payment step, and the order's
// schedule on the review and thank-you pages. Each plan's payments must add up to its total to the
// cent, the last one taking the remainder, interest free. (The plans that are data are held to the
// same in packages/domain/src/installments-everywhere.test.ts.)
import type { Locator, Page } from '@playwright/test';
import { tr } from '../catalogue-text.ts';
import { cardOptions, dcfContinue, dcfFrame, reachPaymentStep, signInWithCode } from '../click-to-pay-steps.ts';
import { expect, test } from '../fixtures.ts';

test.use({ cookiesAccepted: true });
test.describe.configure({ timeout: 90_000 });

const locale = 'en-US';

/** Every US dollar amount in a text, in cents. */
const amountsIn = (text: string) =>
  [...text.matchAll(/\$([0-9,]+)\.([0-9]{2})/g)].map((m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]));

interface ShownPlan {
  label: string;
  count: number;
  regular: number;
  last: number;
  total: number;
  details: string;
}

/** The plans of a plan choice as the shopper reads them: "3 installments of $33.33", "Total $100.00", "Last payment $33.34". */
async function shownPlans(choices: Locator): Promise<ShownPlan[]> {
  const options = choices.locator('.installment-plans__option');
  await expect(options.first()).toBeVisible();
  const plans: ShownPlan[] = [];
  for (const option of await options.all()) {
    const label = (await option.locator('label').innerText()).trim();
    const details = (await option.locator('.installment-plans__details').innerText()).replace(/\s+/g, ' ');
    const count = Number(/^(\d+)/.exec(label)?.[1]);
    const [regular] = amountsIn(label);
    const total = amountsIn(/Total \$[0-9,.]+/.exec(details)?.[0] ?? '')[0];
    const last = amountsIn(/Last payment \$[0-9,.]+/.exec(details)?.[0] ?? '')[0] ?? regular;
    plans.push({ label, count, regular: regular!, last: last!, total: total!, details });
  }
  return plans;
}

function expectEachAddsUp(plans: ShownPlan[], total: number, where: string) {
  expect(plans.length, where).toBeGreaterThan(0);
  for (const plan of plans) {
    expect(plan.total, `${where}: ${plan.label} shows the order's total`).toBe(total);
    expect(plan.regular * (plan.count - 1) + plan.last, `${where}: ${plan.label} (${plan.details}) adds up`).toBe(
      total,
    );
    // The last payment takes the remainder: never more than a cent per payment away from the others.
    expect(plan.last - plan.regular, `${where}: ${plan.label} last payment`).toBeGreaterThanOrEqual(0);
    expect(plan.last - plan.regular, `${where}: ${plan.label} last payment`).toBeLessThan(plan.count);
    expect(plan.details, `${where}: ${plan.label} is interest free`).toContain(
      tr(locale, 'INSTALLMENTS.PLANS.INTEREST_FREE'),
    );
  }
}

/** The order's schedule table: every payment, added up. */
async function scheduleTotal(page: Page, section: string): Promise<number> {
  const rows = page.locator(
    `section[aria-labelledby="${section}"] [data-testid="installments-summary"] tbody td:last-child`,
  );
  await expect(rows.first()).toBeVisible();
  return (await rows.allInnerTexts()).flatMap(amountsIn).reduce((sum, cents) => sum + cents, 0);
}

test('the lander’s example plans add up to its 130.00 example', async ({ page }) => {
  await page.goto('/demo/guided-tour/installments');
  const forms = page.locator('.installments-lander__form .installment-plans');
  await expect(forms).toHaveCount(2);
  for (const form of await forms.all()) expectEachAddsUp(await shownPlans(form), 13_000, 'lander');
  // "From $x a month" is the lowest monthly payment of those plans.
  const lowest = Math.min(...(await shownPlans(forms.first())).map((plan) => plan.regular));
  expect(amountsIn(await page.locator('.installments-payment__offer').innerText())).toEqual([lowest]);
});

test('the installments tour’s plans add up to its 100.00 order', async ({ page }) => {
  await page.goto('/demo/guided-tour/installments/steps');
  await page.locator('[data-tour="installments-check"]').click();
  const plans = await shownPlans(page.locator('[data-tour="installments-plans"]'));
  expectEachAddsUp(plans, 10_000, 'tour');
  expect(plans.map((plan) => plan.count)).toEqual([3, 6, 12]);
});

test('the shop’s plans for a 199.00 cart add up, and so does the order’s schedule on review and thank-you', async ({
  page,
}) => {
  await reachPaymentStep(page, locale, { productId: 2, cartButton: 'SHOP.CART.PAY_IN_INSTALLMENTS' });
  await signInWithCode(page, locale);
  await cardOptions(page).first().click();
  const plans = await shownPlans(page.locator('.installment-plans'));
  expectEachAddsUp(plans, 19_900, 'payment step');

  // The 6-month plan's last payment differs (33.16 × 5 + 33.20).
  await page.getByRole('radio', { name: plans.find((plan) => plan.count === 6)!.label }).check();
  await page.getByRole('button', { name: tr(locale, 'INSTALLMENTS.PLANS.CONTINUE') }).click();
  await dcfContinue(dcfFrame(page));
  await expect(page).toHaveURL(/\/checkout\/review$/);
  expect(await scheduleTotal(page, 'review-payment')).toBe(19_900);
  await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
  expect(await scheduleTotal(page, 'ty-payment')).toBe(19_900);
});
