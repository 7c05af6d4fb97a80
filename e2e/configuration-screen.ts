import type { Cookie, Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures.ts';

// The admin-only configuration screen at /srci/config (issue 16), and the API log the browser
// keeps, where what it saved shows in the live tool's SDK calls.

export const main = (page: Page) => page.getByRole('main');
/** A tab by its name (a tab with problems also shows their count after it). */
export const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
export const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });

/** Types each value into the field of that label, in order. */
export async function fillFields(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

let adminCookie: Cookie | undefined;

/**
 * The admin session, through the API (as the sign-in form does), so that no page load is left
 * running; signed in once per worker (sign-in is rate limited) and the session cookie reused.
 */
export async function adminSession(page: Page) {
  if (adminCookie) {
    await page.context().addCookies([adminCookie]);
    return;
  }
  const answer = await page.request.post('/api/admin/login', {
    data: ADMIN,
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(answer.ok(), `admin login: ${answer.status()}`).toBe(true);
  adminCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'auth._token.admin');
}

/** The screen as the admin opens it, in edit mode unless told otherwise, on the tab named `onTab` if given. */
export async function openConfiguration(page: Page, { edit = true, onTab }: { edit?: boolean; onTab?: string } = {}) {
  await adminSession(page);
  await page.goto('/srci/config');
  await expect(tab(page, 'SRC networks')).toBeVisible();
  if (edit) await page.getByRole('button', { name: 'Edit', exact: true }).click();
  if (onTab) await tab(page, onTab).click();
}

/** Save, without waiting for the outcome (a test of the validation expects none). */
export async function save(page: Page) {
  await main(page).getByRole('button', { name: 'Save', exact: true }).first().click();
}

export async function saveConfiguration(page: Page) {
  await save(page);
  await expect(page.getByText('Parameters have been saved')).toBeVisible();
}

/**
 * A stored copy of another version under `key`, put in place before the first page of the test
 * loads and only then (the screen replaces it, and a later load must see the replacement).
 */
export async function seedOlderStoredCopy(page: Page, key: string, copy: Record<string, unknown>) {
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(key, value);
    },
    { key, value: JSON.stringify({ lastUpdated: '01/01/2020', ...copy }) },
  );
}

export interface LoggedCall {
  name: string;
  request: Record<string, unknown> | null;
  response: unknown;
  failed?: boolean;
  /** Where the call was made: `mock` (the mock SRC), `window` (a step of the network's window). */
  source?: string;
}

export async function loggedTransactions(page: Page): Promise<{ env: string; logs: LoggedCall[] }[]> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('api-logs') ?? '[]') as { env: string; logs: LoggedCall[] }[],
  );
}

/** The latest logged call of that name, once there is one. */
export async function lastCall(page: Page, name: string): Promise<LoggedCall> {
  let found: LoggedCall | undefined;
  // The SDK loads and initialises first: seconds on a busy machine.
  await expect
    .poll(
      async () => {
        found = (await loggedTransactions(page)).flatMap((t) => t.logs).findLast((l) => l.name === name);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}
