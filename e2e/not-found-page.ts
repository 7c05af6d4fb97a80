import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// The app's not-found page (en-US), as the server answers an unknown path and as the app shows it.

export const notFoundHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

/** Opens `path`: an HTTP 404 answered with the not-found page, its heading and its message. */
export async function expectNotFoundAt(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page.getByText("The page you're looking for can't be found.", { exact: true })).toBeVisible();
}
