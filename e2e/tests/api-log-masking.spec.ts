// Item 9 of issue 10: a new user's Click to Pay checkout in Chromium, with the card typed in, leaves
// no card number, security code or whole token in local storage, in the API log panel or in the
// downloaded API log; the log still shows brand, BIN, last four and says what it masked.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { testCardExpiry } from '@c2p/domain';
import { dcfContinue, dcfFrame, reachPaymentStep, submitEmail } from '../click-to-pay-steps.ts';
import { expect, expectNoAxeViolations, seedLocalStorage, test } from '../fixtures.ts';

const PAN = '5186001700008785';
const CVC = '739';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
});

/** Everything found that must not be there: the card number (however spaced), the security code, whole tokens. */
function leaks(text: string): string[] {
  const found: string[] = [];
  if (text.replace(/[\s-]/g, '').includes(PAN)) found.push('card number');
  if (new RegExp(`"${CVC}"|>${CVC}<`).test(text)) found.push('security code');
  // A whole JWS, JWE or JWT: a base64url header and at least two more parts of some length.
  if (/eyJ[\w-]{10,}\.[\w-]{20,}\.[\w-]{10,}/.test(text)) found.push('token');
  return found;
}

/** The new user's checkout, the card typed in by hand, up to the thank-you page. */
async function newUserCheckout(page: Page) {
  await reachPaymentStep(page, 'en-US');
  await submitEmail(page, 'en-US', `masking.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`);
  await expect(page.getByRole('heading', { name: 'Add a card to Click to Pay' })).toBeVisible();
  await page.locator('input[name="number"]').fill(PAN);
  await page.locator('input[name="expiry"]').fill(testCardExpiry());
  await page.locator('input[name="securityCode"]').fill(CVC);
  await page.locator('src-consent input[name="consent"]').check();
  await page.getByRole('button', { name: 'Continue with Click to Pay' }).click();
  await dcfContinue(dcfFrame(page));
  await expect(page).toHaveURL(/\/checkout\/review$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you$/);
}

test('item 9: after a new card checkout, the API log in storage, the panel and the download hold no card number, code or token', async ({
  page,
}) => {
  await newUserCheckout(page);

  const stored = await page.evaluate(() => localStorage.getItem('api-logs') ?? '');
  const logged = JSON.parse(stored) as { logs: { name: string; request: unknown; response: unknown }[] }[];
  const encryptCard = logged.at(-1)!.logs.find((log) => log.name === 'encryptCard')!;
  // The call is there, and useful: BIN and last four of the card, the brand the network answered.
  expect(encryptCard.request).toMatchObject({ primaryAccountNumber: '518600••••••8785', cardSecurityCode: '•••' });
  expect(encryptCard.response).toMatchObject({ cardBrand: 'mastercard' });
  expect(leaks(stored)).toEqual([]);

  // Nothing else the page keeps holds them either.
  const everything = await page.evaluate(() =>
    JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
  );
  expect(leaks(everything)).toEqual([]);

  await page.locator('button.api-log-button').click();
  const panel = page.getByRole('dialog');
  const entry = panel
    .locator('.api-log__transaction')
    .first()
    .getByTestId('api-log-entry')
    .filter({ has: page.locator('.api-log__name', { hasText: /^encryptCard$/ }) });
  await entry.locator('summary').click();
  await expect(entry.getByRole('list', { name: 'Masked' })).toContainText(
    'Card number masked: Mastercard, BIN 518600, last four 8785, length 16',
  );
  await expect(entry.getByRole('list', { name: 'Masked' })).toContainText('Security code masked: length 3');
  expect(leaks(await panel.innerHTML())).toEqual([]);
  // The notes are part of the panel: labelled, readable, in contrast.
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download' }).click(),
  ]);
  const html = await readFile((await download.path())!, 'utf8');
  expect(html).toContain('encryptCard');
  expect(html).toContain('518600••••••8785');
  expect(leaks(html)).toEqual([]);
});
