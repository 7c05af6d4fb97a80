import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The guided tour's floating hint. */
export const hint = (page: Page) => page.getByTestId('tour-hint');

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
