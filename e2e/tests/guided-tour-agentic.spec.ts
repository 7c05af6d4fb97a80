// The guided tour's agentic experiences (issue 39), by the hint alone, in every locale: "Let an agent
// buy for me" to its order with the evidence, and the autonomous story to its refusals; at each step
// the hint stands beside its target over no other control and nothing scrolls sideways at 360, 400
// and 1280 px; the network's window, the order and the refusals pass axe.
import type { Page } from '@playwright/test';
import { formatMoney } from '@c2p/domain';
import { exactly, LOCALES, tr } from '../catalogue-text.ts';
import { expect, expectNoAxeViolations, test, watchPageErrors, type LocaleCode } from '../fixtures.ts';
import { hint, runByHint } from '../guided-tour-steps.ts';
import { expectHintBesideItsTargetOverNoControl, expectNoSidewaysScroll, LAYOUT_WIDTHS } from '../layout-checks.ts';

test.use({ cookiesAccepted: true });

/** The catalogue's first two products (the immediate cart) and the open mandate's limit, in cents. */
const CART_TOTAL = 12_999 + 19_900;
const OPEN_LIMIT = 15_000;

async function startFromLander(page: Page, locale: LocaleCode, key: 'AGENT' | 'AGENT_AUTONOMOUS') {
  await page.goto('/demo/guided-tour');
  await page.getByRole('button', { name: exactly(tr(locale, `TOUR.EXPERIENCES.${key}.START`)) }).click();
  await expect(hint(page)).toBeVisible({ timeout: 15_000 });
}

/** Looks at the step at each width in turn (ending at the widest), as layout.spec.ts does. */
function lookAtEachWidth(page: Page, name: string) {
  return async (step: number) => {
    for (const width of LAYOUT_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const where = `${name}, step ${step} at ${width} px`;
      await expectHintBesideItsTargetOverNoControl(page, where);
      await expectNoSidewaysScroll(page, where);
    }
  };
}

for (const { code: locale } of LOCALES) {
  test.describe(`the agent tour in ${locale}`, () => {
    test.use({ localeCode: locale });

    test(`"Let an agent buy for me" runs by the hint to the agent's order and End demo in ${locale}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = watchPageErrors(page);
      await startFromLander(page, locale, 'AGENT');
      await expect(page).toHaveURL(/\/demo\/guided-tour\/agent\/steps$/);
      await expect(page.getByText(tr(locale, 'TOUR.AGENT.SIMULATED'))).toBeVisible();
      const look = lookAtEachWidth(page, 'let an agent buy');
      const window = page.getByRole('dialog');
      if (locale === 'en-US') {
        // By keyboard: the window opens with its answer focused; Escape closes it unanswered, and the
        // hint goes back to the step that opened it.
        await hint(page)
          .getByRole('button', { name: exactly(tr(locale, 'TOUR.HINT.START')) })
          .click();
        await expect(window.getByRole('button', { name: tr(locale, 'TOUR.AGENT.WINDOW.ENROL_YES') })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(window).toHaveCount(0);
        await expect(hint(page)).toHaveAttribute('data-step', '1');
      }
      const steps = await runByHint(page, locale, {
        async beforeEachPress(step) {
          await look(step);
          if (step === 2) await expect(window).toContainText(tr(locale, 'TOUR.AGENT.WINDOW.ENROL_YES'));
          if (step === 4) {
            // The network's window shows the exact cart the agent built: its items, total and merchant.
            await expect(window.getByRole('listitem')).toHaveCount(2);
            await expect(window).toContainText(formatMoney(CART_TOTAL, locale));
            await expect(window).toContainText('Click to Pay Demo');
            await expect(hint(page)).toContainText(tr(locale, 'TOUR.HINT.STEPS.AGENT_APPROVE'));
            await expectNoAxeViolations(page);
          }
          if (step === 7) {
            const order = page.getByTestId('agent-tour-order');
            await expect(order).toContainText(tr(locale, 'AGENTIC.ORDER.INITIATED'));
            await expect(order).toContainText(formatMoney(CART_TOTAL, locale));
            // Every check the shop made passed, each hash check with both values.
            await order.getByText(tr(locale, 'AGENTIC.ORDER.EVIDENCE')).click();
            await expect(order.locator('[data-outcome="fail"]')).toHaveCount(0);
            await expect(order.locator('[data-outcome="pass"]').first()).toBeVisible();
            await expectNoAxeViolations(page);
          }
        },
      });
      expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
      await expect(page).toHaveURL(/\/home$/);
      expect(errors).toEqual([]);
    });

    test(`the autonomous story runs by the hint: within the mandate, refused outside it, refused once revoked, in ${locale}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await startFromLander(page, locale, 'AGENT_AUTONOMOUS');
      await expect(page).toHaveURL(/\/demo\/guided-tour\/agent\/autonomous\/steps$/);
      const look = lookAtEachWidth(page, 'the agent alone');
      const window = page.getByRole('dialog');
      const refusal = (code: string) =>
        page
          .getByRole('status')
          .filter({ hasText: tr(locale, `AGENTIC.ERRORS.${code}`) })
          .filter({ hasText: code });
      const steps = await runByHint(page, locale, {
        async beforeEachPress(step) {
          await look(step);
          if (step === 4) {
            await expect(window).toContainText(
              tr(locale, 'TOUR.AGENT.WINDOW.LIMIT_VALUE', { amount: formatMoney(OPEN_LIMIT, locale) }),
            );
            await expectNoAxeViolations(page);
          }
          if (step === 7) {
            await expect(page.getByTestId('agent-tour-order')).toHaveCount(1);
            await expect(refusal('THRESHOLD_EXCEEDED')).toBeVisible();
          }
          if (step === 8) await expect(window).toContainText(tr(locale, 'TOUR.AGENT.WINDOW.STATUS_ACTIVE'));
          if (step === 10) {
            await expect(refusal('TOKEN_REVOKED')).toBeVisible();
            await expect(page.getByTestId('agent-tour-order')).toHaveCount(1);
            await expectNoAxeViolations(page);
          }
        },
      });
      expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await expect(page).toHaveURL(/\/home$/);
    });
  });
}
