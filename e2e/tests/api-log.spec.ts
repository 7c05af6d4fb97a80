// Issue 17, part 2: the API log explains each call (source, status, duration, purpose), gives it as
// runnable code, replays it on its component page, links server calls to the API documentation,
// shows a transaction's timeline and downloads as HTML and JSON.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { validateReturningUserOnComponentPage } from '../component-pages.ts';
import { expect, expectNoAxeViolations, seedLocalStorage, test, useLocaleCookie } from '../fixtures.ts';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
});

async function openApiLog(page: Page): Promise<Locator> {
  await page.locator('button.api-log-button').click();
  const panel = page.getByRole('dialog', { name: 'API log' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The newest logged call named `name`, expanded. */
async function expandEntry(panel: Locator, name: string): Promise<Locator> {
  const entry = panel
    .getByTestId('api-log-entry')
    .filter({ has: panel.page().locator('.api-log__name', { hasText: new RegExp(`^${name}$`) }) })
    .last();
  await entry.locator('summary.api-log__summary').click();
  return entry;
}

async function runEmailLookup(page: Page) {
  await page.goto('/components/email-lookup');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('demo-response').last()).toContainText('"consumerPresent": true', {
    timeout: 15_000,
  });
}

test('an empty log: Download, Export JSON and Clear all are disabled, with a hint saying why', async ({ page }) => {
  await page.goto('/home');
  const panel = await openApiLog(page);
  for (const name of ['Download', 'Export JSON', 'Clear all']) {
    const button = panel.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/Nothing to download or clear yet/);
  }
});

test('each call says who made it, its status, duration and purpose; request and response fold and are highlighted', async ({
  page,
}) => {
  await runEmailLookup(page);
  const panel = await openApiLog(page);
  const entry = await expandEntry(panel, 'idLookup');
  await expect(entry.locator('summary').first()).toContainText('Browser SDK');
  await expect(entry.locator('summary').first()).toContainText('resolved');
  await expect(entry.locator('summary').first()).toContainText(/\d+ ms/);
  await expect(entry.getByTestId('api-log-purpose')).toHaveText(
    'Asks the network whether this email belongs to a Click to Pay consumer.',
  );
  const response = entry.locator('.api-log__part-box').filter({ hasText: 'Response' });
  const toggle = response.getByRole('button', { name: 'Response', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(response.locator('pre')).toContainText('"consumerPresent": true');
  await expect(response.locator('pre .json-literal')).toHaveText('true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(response.locator('pre')).toBeHidden();
  await expectNoAxeViolations(page);
});

test('a copied snippet of a logged idLookup, run in a fresh page with the SDK, gives the same answer', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await runEmailLookup(page);
  const logged = JSON.parse((await page.getByTestId('demo-response').last().textContent()) ?? '{}') as unknown;
  const panel = await openApiLog(page);
  const entry = await expandEntry(panel, 'idLookup');
  await entry.getByRole('button', { name: 'As JavaScript' }).click();
  await entry.getByRole('button', { name: 'Copy as code' }).click();
  await expect(entry.getByRole('button', { name: 'Copied' })).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain('mcCheckoutService.idLookup(');
  expect(snippet).toBe(await entry.getByTestId('api-log-code').textContent());

  // A page with nothing of the shop on it: the snippet loads the SDK, initialises it and calls idLookup.
  const fresh = await context.newPage();
  await fresh.goto('/api/health');
  expect(await fresh.evaluate(() => 'MastercardCheckoutServices' in window)).toBe(false);
  const answer = await fresh.evaluate(snippet);
  expect(answer).toEqual(logged);
  expect(answer).toEqual({ consumerPresent: true });
});

test('a masked card number: the snippet keeps it masked, and the replay uses the test card and says so', async ({
  page,
}) => {
  await page.goto('/components/card-encryption');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('demo-response').last()).toContainText('encryptedCard', { timeout: 15_000 });
  const panel = await openApiLog(page);
  const entry = await expandEntry(panel, 'encryptCard');
  await entry.getByRole('button', { name: 'As JavaScript' }).click();
  const code = (await entry.getByTestId('api-log-code').textContent()) ?? '';
  expect(code.replace(/\s/g, '')).not.toContain('5186001700008785');
  expect(code).toContain('request.primaryAccountNumber was masked in the log');

  await entry.getByRole('link', { name: 'Replay encryptCard on its component page' }).click();
  await expect(page).toHaveURL(/\/components\/card-encryption\?replay=/);
  await expect(page.getByTestId('replay-note')).toContainText('Replaying encryptCard from the API log');
  await expect(page.getByTestId('replay-note')).toContainText(
    'The log had masked primaryAccountNumber, cardSecurityCode, so the test data is used in its place.',
  );
  await expect(page.getByLabel('Input (JSON)')).toHaveValue(/"primaryAccountNumber": "5186001700008785"/);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('demo-response').last()).toContainText('encryptedCard', { timeout: 15_000 });
});

test('the replay of a logged getPayload fetches the same payment again; the call links to the API documentation', async ({
  page,
}) => {
  // A checkout on the component pages: the returning user validated, checkout with a card, its payload.
  await validateReturningUserOnComponentPage(page);
  await page.getByRole('link', { name: 'All components and calls' }).click();
  await page.getByRole('link', { name: /^Checkout with card/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Run' }).click();
  const popup = await popupOpened;
  await popup.locator('.actions button.primary').click({ timeout: 15_000 });
  await expect(page.getByTestId('demo-call').filter({ hasText: 'checkoutWithCard' })).toContainText('resolved', {
    timeout: 15_000,
  });
  // The checkout's identifiers go on to the payload page, and stay for the tab: a reload keeps them.
  await page.getByRole('link', { name: 'All components and calls' }).click();
  await page.getByRole('link', { name: /^Fetch payload/ }).click();
  await expect(page.getByLabel('Input (JSON)')).toHaveValue(/"srcCorrelationId": "[^"]+"/);
  const input = await page.getByLabel('Input (JSON)').inputValue();
  await page.reload();
  await expect(page.getByLabel('Input (JSON)')).toHaveValue(input);
  await page.getByRole('button', { name: 'Run' }).click();
  const first = page.getByTestId('demo-response').last();
  await expect(first).toContainText('"paymentId"', { timeout: 15_000 });
  const paid = JSON.parse((await first.textContent()) ?? '{}') as { data: { paymentId: string; lastFour: string } };

  const panel = await openApiLog(page);
  const entry = await expandEntry(panel, 'getPayload');
  await expect(entry.locator('summary').first()).toContainText('Merchant server → network');
  await expect(entry.locator('summary').first()).toContainText('HTTP 200');
  await expect(entry.getByRole('link', { name: 'getPayload in the API reference' })).toHaveAttribute(
    'href',
    '/api/reference#/Click%20to%20Pay/postApiGetPayload',
  );
  await entry.getByRole('button', { name: 'As curl' }).click();
  await expect(entry.getByTestId('api-log-code')).toContainText(/curl -X POST '.+\/api\/getPayload'/);

  await entry.getByRole('link', { name: 'Replay getPayload on its component page' }).click();
  await expect(page).toHaveURL(/\/components\/fetch-payload\?replay=/);
  await expect(page.getByTestId('replay-note')).toContainText('Replaying getPayload from the API log');
  await expect(page.getByLabel('Input (JSON)')).toHaveValue(/"srcCorrelationId": "[^"]+"/);
  await page.getByRole('button', { name: 'Run' }).click();
  const again = page.getByTestId('demo-response').last();
  await expect(again).toContainText('"paymentId"', { timeout: 15_000 });
  const replayed = JSON.parse((await again.textContent()) ?? '{}') as typeof paid;
  expect(replayed.data.paymentId).toBe(paid.data.paymentId);
  expect(replayed.data.lastFour).toBe(paid.data.lastFour);
});

test('the timeline says which call waited on which; filters; Download as HTML and Export JSON', async ({ page }) => {
  await runEmailLookup(page);
  await page.getByLabel('Input (JSON)').fill('{ "email": "not-an-email" }');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('demo-call').last()).toContainText('rejected', { timeout: 15_000 });
  const panel = await openApiLog(page);
  await panel.getByRole('button', { name: 'Timeline' }).first().click();
  await expect(panel.getByRole('button', { name: 'Timeline' }).first()).toHaveAttribute('aria-pressed', 'true');
  const timeline = panel.getByTestId('api-log-timeline').first();
  await expect(timeline.locator('li').first()).toContainText('init');
  await expect(timeline.locator('li').first()).toContainText('first call');
  await expect(timeline.locator('li').nth(1)).toContainText('started after init ended');

  await panel.getByLabel('Failed calls only').check();
  await expect(panel.getByTestId('api-log-entry')).toHaveCount(1);
  await expect(panel.getByTestId('api-log-entry')).toContainText(/rejected: \w+/);
  await panel.getByLabel('Failed calls only').uncheck();

  const html = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download', exact: true }).click();
  const htmlFile = await html;
  expect(htmlFile.suggestedFilename()).toMatch(/^api-log-.+\.html$/);
  const text = await readFile((await htmlFile.path())!, 'utf8');
  expect(text).toContain('Browser SDK · resolved');
  expect(text).toContain('Asks the network whether this email belongs to a Click to Pay consumer.');

  const json = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export JSON' }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toMatch(/^api-log-.+\.json$/);
  const stored = JSON.parse(await readFile((await jsonFile.path())!, 'utf8')) as { logs: { name: string }[] }[];
  expect(stored.at(-1)!.logs.map((log) => log.name)).toContain('idLookup');
});

test('the panel in Arabic: purposes in Arabic, code left to right, no axe violations', async ({ page, baseURL }) => {
  await useLocaleCookie(page, baseURL, 'ar-EG');
  await page.goto('/components/email-lookup');
  await page.getByRole('button', { name: 'تشغيل' }).click();
  await expect(page.getByTestId('demo-response').last()).toContainText('"consumerPresent": true', {
    timeout: 15_000,
  });
  await page.locator('button.api-log-button').click();
  const panel = page.getByRole('dialog');
  const entry = await expandEntry(panel, 'idLookup');
  await expect(entry.getByTestId('api-log-purpose')).toHaveText(
    'يسأل الشبكة هل هذا البريد الإلكتروني لمستهلك مسجّل في Click to Pay.',
  );
  await expect(entry.locator('pre').first()).toHaveAttribute('dir', 'ltr');
  await expectNoAxeViolations(page);
});
