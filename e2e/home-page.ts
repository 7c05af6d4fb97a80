import type { Page } from '@playwright/test';

// The home page, the hub of the demos, and the footer every page shares.

/** From home, follows the card in the main content whose link is named `name`. */
export async function openFromHome(page: Page, name: RegExp): Promise<void> {
  await page.goto('/home');
  await page.getByRole('main').getByRole('link', { name }).click();
}

export const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('link', { name });
