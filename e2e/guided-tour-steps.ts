import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@c2p/domain';
import { exactly, tr } from './catalogue-text.ts';
import { expect, type LocaleCode } from './fixtures.ts';

/** The guided tour's floating hint. */
export const hint = (page: Page) => page.getByTestId('tour-hint');

/** The local storage of a browser whose tour ended with a returning user: experience 2 is open. */
export const RETURNING_USER_UNLOCKED = { [STORAGE_KEYS.tourReturningUser]: 'true' };

/** Experience 1 of the guided tour, on its last step (the stored `tourStatus`). */
export const TOUR_AT_THE_END = JSON.stringify({
  activatedUseCase: 1,
  tourStepNo: 9,
  nextHintPos: null,
  testDataOptionsType: 'email/password',
  tour: 'c2p',
  dismissed: false,
  rememberMe: false,
});

/**
 * The tour's network window on the page (issue 38 item 5), drawn as the network's own: its heading,
 * the card paid with, the merchant and the amount, in a sheet as tall as what it shows.
 */
export async function expectNetworkWindowLook(page: Page, locale: LocaleCode, { lastFour }: { lastFour: string }) {
  const sheet = page.locator('.dcf__sheet, .tour-dcf__sheet');
  const window = sheet.locator('iframe').contentFrame();
  await expect(window.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'TOUR.MOCK_WINDOW.REVIEW'));
  await expect(window.locator('.card')).toContainText(`${tr(locale, 'CARD_BRANDS.mastercard')} •••• ${lastFour}`);
  await expect(window.locator('dt')).toHaveText([
    tr(locale, 'TOUR.MOCK_WINDOW.MERCHANT'),
    tr(locale, 'TOUR.MOCK_WINDOW.AMOUNT'),
  ]);
  const content = await window.locator('body').evaluate((body) => body.getBoundingClientRect().height);
  const height = await sheet.evaluate((element) => element.getBoundingClientRect().height);
  expect(Math.abs(height - content), 'the sheet is as tall as its content').toBeLessThanOrEqual(2);
}

/** From the tour's lander, starts experience `n` (1 new user, 2 returning recognised user, 3 new device, 4 passkey). */
export async function startExperience(page: Page, locale: LocaleCode, n: 1 | 2 | 3 | 4) {
  await page.goto('/demo/guided-tour');
  await page.getByRole('button', { name: exactly(tr(locale, `TOUR.EXPERIENCES.${n}.START`)) }).click();
}

/** Presses the hint, a step at a time, until the page's address matches. */
export async function pressHintUntil(page: Page, path: RegExp) {
  for (let presses = 0; presses < 8 && !path.test(new URL(page.url()).pathname); presses++) {
    const box = hint(page);
    await expect(box).toBeVisible();
    const step = await box.getAttribute('data-step');
    await box.getByRole('button').first().click();
    // A step may load the next page's code first: on a busy CI machine that took over 5 s once.
    await expect
      .poll(
        async () =>
          path.test(new URL(page.url()).pathname) || (await box.getAttribute('data-step').catch(() => step)) !== step,
        { timeout: 15_000 },
      )
      .toBe(true);
  }
  await expect(page).toHaveURL(path);
}

/**
 * Presses the floating hint until the demo ends on `endPath` (/home): each press must move the tour
 * on (its step number grows, or the page ends). `beforeEachPress` looks at each step as it shows.
 * Answers the step numbers the hint showed.
 */
export async function runByHint(
  page: Page,
  locale: LocaleCode,
  { endPath = /\/home$/, beforeEachPress }: { endPath?: RegExp; beforeEachPress?(step: number): Promise<void> } = {},
): Promise<number[]> {
  const seen: number[] = [];
  for (let presses = 0; presses < 15; presses++) {
    const box = hint(page);
    await expect(box).toBeVisible({ timeout: 15_000 });
    const step = Number(await box.getAttribute('data-step'));
    seen.push(step);
    const label = tr(locale, step === 1 ? 'TOUR.HINT.START' : 'TOUR.HINT.NEXT');
    const button = box.getByRole('button', { name: exactly(label) });
    // The hint points at its step's element.
    const target = await button.getAttribute('aria-controls');
    expect(target).toMatch(/^gt_id_\d+$/);
    await expect(page.locator(`#${target}`)).toBeAttached();
    await beforeEachPress?.(step);
    await button.click();
    // The press moved the tour on: another step, or the end of the demo.
    const moved = async () => {
      if (endPath.test(new URL(page.url()).pathname)) return 'ended';
      const now = await hint(page)
        .getAttribute('data-step', { timeout: 200 })
        .catch(() => null);
      return now !== null && now !== String(step) ? 'moved' : 'waiting';
    };
    await expect
      .poll(moved, { timeout: 15_000, message: `the press on step ${step} moved the tour on (steps seen: ${seen})` })
      .not.toBe('waiting');
    const ended = (await moved()) === 'ended';
    if (ended || endPath.test(new URL(page.url()).pathname)) return seen;
  }
  throw new Error(`the tour did not end: steps ${seen.join(', ')}`);
}
