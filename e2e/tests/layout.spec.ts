// Nothing breaks on screen (issue 29), in every locale at 360, 400 and 1280 px: no page scrolls
// sideways, on every route and after each demo's main action (Run on every component page, each
// step of the tours); the tour's hint stands beside its target, inside the window and under an
// open panel; no toast lies over a control.
//
// Each test walks one locale in one page and looks at each state at the three widths in turn
// (the layout is CSS and the hint follows resizes): a page per width would load every route,
// run every demo and press every step three times over, on CI's two cores.
import type { Page } from '@playwright/test';
import { COMPONENT_SLUGS } from '@c2p/domain';
import { LOCALES, tr } from '../catalogue-text.ts';
import { runButton, validateReturningUserOnComponentPage } from '../component-pages.ts';
import { adminSession } from '../configuration-screen.ts';
import { expect, placeTestOrder, registerShopper, seedShopper, signInShopper, test } from '../fixtures.ts';
import { hint, runByHint, startExperience } from '../guided-tour-steps.ts';
import {
  expectCookieNoticeWithinAFifth,
  expectHintBesideItsTarget,
  expectNoSidewaysScroll,
  expectNoWordCut,
  expectOneKindOfDigits,
  expectToastOverNoControl,
  hintShowsThroughPanel,
  LAYOUT_WIDTHS,
} from '../layout-checks.ts';
import { SHOPPER_PAGE_PATHS, VISITOR_PAGE_PATHS } from '../route-paths.ts';

/** Looks at the page as it is now at each width in turn, ending at the widest. */
async function atEachWidth(page: Page, look: (width: number) => Promise<void>): Promise<void> {
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await look(width);
  }
}

/** Opens a path and waits for its title and for its loaders to finish. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.loader')).toHaveCount(0);
}

/** One shopper registered per worker (registration is rate limited per address), its session token reused. */
let shopperToken: Promise<string> | undefined;

const NOT_FOUND_PATH = '/no-such-page';

for (const { code: locale } of LOCALES) {
  test.describe(`layout in ${locale}`, () => {
    test.use({ localeCode: locale });

    test(`every route fits the window at 360, 400 and 1280 px in ${locale}`, async ({ page }) => {
      test.setTimeout(Number(process.env.LAYOUT_TIMEOUT ?? 90_000));
      // A first visit: the cookie notice shows on every page.
      for (const path of [...VISITOR_PAGE_PATHS.filter((p) => p !== '/srci/config'), '/components', NOT_FOUND_PATH]) {
        await open(page, path);
        await expectOneKindOfDigits(page.locator('body'), locale, path);
        await atEachWidth(page, async (width) => {
          await expectNoSidewaysScroll(page, `${path} at ${width} px`);
          await expectCookieNoticeWithinAFifth(page, `${path} at ${width} px`);
        });
      }
      await seedShopper(page, { payment: true, order: await placeTestOrder(page) });
      for (const path of SHOPPER_PAGE_PATHS) {
        await open(page, path);
        await atEachWidth(page, (width) => expectNoSidewaysScroll(page, `${path} with a cart at ${width} px`));
      }
      // The admin's top bar has the language and Log out; the configuration is theirs.
      await adminSession(page);
      await open(page, '/home');
      await atEachWidth(page, (width) => expectNoSidewaysScroll(page, `/home for the admin at ${width} px`));
      await open(page, '/srci/config');
      // The mock SRC files: one of them (or each tour's own) is in use; no name, size or button is cut.
      const mockFiles = page.locator('.config-mock__table');
      await expect(mockFiles.locator('input[type="radio"]:checked')).toHaveCount(1);
      await atEachWidth(page, (width) => expectNoWordCut(mockFiles, `the mock SRC files at ${width} px`));
      for (const tab of await page.getByRole('main').getByRole('tab').all()) {
        await tab.click();
        const name = await tab.textContent();
        await atEachWidth(page, (width) => expectNoSidewaysScroll(page, `/srci/config, ${name}, at ${width} px`));
      }
    });

    test(`toasts lie over no control, with or without a panel open, in ${locale}`, async ({ page }) => {
      test.setTimeout(60_000);
      shopperToken ??= registerShopper(page);
      await signInShopper(page, await shopperToken);
      await open(page, '/products/1');
      await expect(page.locator('[data-account-menu-button]')).toHaveText(/Ada/);
      await atEachWidth(page, async (width) => {
        // A product added to the cart says so in a toast; a panel opened meanwhile does not go under it.
        await page
          .getByRole('main')
          .getByRole('button', { name: tr(locale, 'SHOP.PRODUCT.ADD_TO_CART') })
          .click();
        await expectToastOverNoControl(page, `the cart's toast on /products/1 at ${width} px`);
        await page.locator('.api-log-button').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectToastOverNoControl(page, `the cart's toast over the API log at ${width} px`);
        await page.keyboard.press('Escape');
        await page.locator('[data-account-menu-button]').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectToastOverNoControl(page, `the cart's toast over the account panel at ${width} px`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      });
    });

    test(`every component page fits the window after Run in ${locale}`, async ({ page }) => {
      test.setTimeout(Number(process.env.LAYOUT_TIMEOUT ?? 90_000));
      await page.context().addInitScript(() => window.localStorage.setItem('msdt-cookie-accepted', 'true'));
      const check = (slug: string) =>
        atEachWidth(page, (width) => expectNoSidewaysScroll(page, `/components/${slug} after Run at ${width} px`));
      // The one-time code page first: the consumer it validates stays signed in for the others,
      // reached in the app (a page load would forget it), so that the card lists show cards.
      await validateReturningUserOnComponentPage(page);
      await check('otp-input');
      for (const slug of COMPONENT_SLUGS.filter((s) => s !== 'otp-input')) {
        await page.locator('.component-page__back a').click();
        await page.locator(`a[href="/components/${slug}"]`).first().click();
        await expect(page).toHaveURL(new RegExp(`/components/${slug}$`));
        if (slug === 'card-input') {
          await check(slug);
          continue;
        }
        const popup =
          slug.startsWith('checkout-with') || slug === 'authenticate' ? page.waitForEvent('popup') : undefined;
        await runButton(page).click();
        if (slug === 'checkout-with-card') {
          // The network's window: its Continue ends the checkout, which the payload pages go on from.
          await (await popup)?.locator('.actions button.primary').click({ timeout: 15_000 });
        }
        await expect(page.getByTestId('demo-response').first()).toBeVisible({ timeout: 15_000 });
        // The new card's checkout and authenticate wait in the network's window; every other run ends.
        const waits = slug === 'checkout-with-new-card' || slug === 'authenticate';
        if (!waits) await expect(runButton(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
        await check(slug);
        if (waits) await (await popup)?.close();
      }
    });

    test(`the tours' hint stands beside its target and no step scrolls sideways in ${locale}`, async ({ page }) => {
      test.setTimeout(Number(process.env.LAYOUT_TIMEOUT ?? 90_000));
      await page.context().addInitScript(() => window.localStorage.setItem('msdt-cookie-accepted', 'true'));
      const lookAtStep = (tour: string) => async (step: number) => {
        const where = `${tour}, step ${step} on ${new URL(page.url()).pathname}`;
        await expectOneKindOfDigits(page.locator('body'), locale, where);
        const networkWindow = page.locator('.dcf__sheet iframe, .tour-dcf__sheet iframe');
        if ((await networkWindow.count()) > 0) {
          await expectOneKindOfDigits(
            networkWindow.contentFrame().locator('body'),
            locale,
            `the network's window, ${where}`,
          );
        }
        await atEachWidth(page, async (width) => {
          const where = `${tour}, step ${step} on ${new URL(page.url()).pathname} at ${width} px`;
          await expectHintBesideItsTarget(page, where);
          await expectNoSidewaysScroll(page, where);
          if (tour === 'experience 3' && step === 2) {
            // A panel opened over the page covers the hint, which is the page's. Opened without
            // scrolling to its button, so that the hint stays in the window.
            await hint(page).evaluate((box) => box.scrollIntoView({ block: 'center' }));
            await page.locator('.api-log-button').evaluate((button: HTMLElement) => button.click());
            await expect(page.getByRole('dialog')).toBeVisible();
            expect
              .soft(await hintShowsThroughPanel(page), `the hint shows through the API log at ${width} px`)
              .toBe(false);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
        });
      };
      await startExperience(page, locale, 3);
      await runByHint(page, locale, { beforeEachPress: lookAtStep('experience 3') });

      await page.goto('/demo/guided-tour/card-on-file');
      await page.getByRole('button', { name: tr(locale, 'TOUR.COF.START') }).click();
      await runByHint(page, locale, { beforeEachPress: lookAtStep('card on file') });

      await page.goto('/demo/guided-tour/installments/steps');
      await runByHint(page, locale, { beforeEachPress: lookAtStep('installments') });

      // The passkey experience: its hint also stands beside the network's window, twice.
      await startExperience(page, locale, 4);
      await runByHint(page, locale, { beforeEachPress: lookAtStep('experience 4') });
    });
  });
}
