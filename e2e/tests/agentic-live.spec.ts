// Issue 39, the live tool's agentic checkout (/agentic-checkout) and its two component pages, in a
// real browser against the real network sandbox and the real shop: the shopper's payment passkey
// is Chromium's virtual authenticator, the network's windows open through its SDK in the page's
// frame. One story per locale (the immediate one to the order in en-US and ar-EG, the autonomous
// one with a purchase within and its refusals in fr-FR), each axe-clean with nothing sideways. The
// shopper's passkey is made first through the page's own sign-in (approvals need one).
import type { Frame, Page } from '@playwright/test';
import { exactly, tr } from '../catalogue-text.ts';
import { runButton } from '../component-pages.ts';
import { expect, expectNoAxeViolations, pageOfItsOwn, test, useLocaleCookie, type LocaleCode } from '../fixtures.ts';
import { expectNoSidewaysScroll, LAYOUT_WIDTHS } from '../layout-checks.ts';
import { enrolProfile, openPasskeyHarness, virtualAuthenticator } from '../passkey-steps.ts';

const TOOL = 'AGENTIC_LIVE.TOOL';
/** The sandbox's one-time code. */
const TEST_CODE = '123456';

/** What the network's windows say (the sandbox's own strings, src/dcf/agentic/agentic-i18n.ts). */
const WINDOW: Record<LocaleCode, { next: string; allow: string; approve: string; revoke: string; done: string }> = {
  'en-US': {
    next: 'Next',
    allow: 'Allow',
    approve: 'Approve with my passkey',
    revoke: 'Revoke',
    done: 'Done',
  },
  'fr-FR': {
    next: 'Suivant',
    allow: 'Autoriser',
    approve: 'Approuver avec ma clé d’accès',
    revoke: 'Révoquer',
    done: 'Terminé',
  },
  'ar-EG': {
    next: 'التالي',
    allow: 'السماح',
    approve: 'الاعتماد بمفتاح المرور',
    revoke: 'إلغاء',
    done: 'تم',
  },
};

/** The network's window: the SDK's frame in the page's dialog. */
const networkWindow = (page: Page): Frame => page.frame({ name: 'c2p-dcf-frame' })!;

async function waitForWindow(page: Page): Promise<Frame> {
  await expect(page.locator('iframe[name="c2p-dcf-frame"]')).toBeVisible({ timeout: 15_000 });
  const frame = networkWindow(page);
  await frame.waitForURL(/\/sandbox\/dcf/);
  return frame;
}

/** Presses the agent panel's next step, whose label names it. */
async function nextStep(page: Page, locale: LocaleCode, step: string) {
  const button = page.getByTestId('agent-next-step');
  await expect(button).toHaveText(tr(locale, 'AGENTIC_LIVE.PANEL.NEXT', { step: tr(locale, `${TOOL}.STEP.${step}`) }), {
    timeout: 15_000,
  });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
}

/** The shopper proves their profile in the window: the email, then the passkey the window runs at once. */
async function prove(frame: Frame, locale: LocaleCode, email: string) {
  await frame.locator('#email').fill(email);
  await frame.getByRole('button', { name: WINDOW[locale].next }).click();
}

/** Link a card: the enrolment window, proved by the passkey, the first card, the consent. */
async function linkAgent(page: Page, locale: LocaleCode, email: string) {
  await nextStep(page, locale, 'LINK');
  const frame = await waitForWindow(page);
  await prove(frame, locale, email);
  await frame.locator('#consent').check();
  await frame.getByRole('button', { name: WINDOW[locale].allow }).click();
  await expect(page.getByTestId('live-progress').locator('li').first()).toHaveAttribute('data-done', 'true');
}

/** Approve the mandate with the passkey in the window; the agent then reads the signed mandate. */
async function approve(page: Page, locale: LocaleCode) {
  await nextStep(page, locale, 'APPROVE');
  const frame = await waitForWindow(page);
  await frame.getByRole('button', { name: WINDOW[locale].approve }).click();
  await expect(page.getByTestId('live-progress').locator('li').nth(1)).toHaveAttribute('data-done', 'true', {
    timeout: 15_000,
  });
}

async function openTool(page: Page, locale: LocaleCode, story: 'IMMEDIATE' | 'AUTONOMOUS') {
  await useLocaleCookie(page, process.env.E2E_BASE_URL, locale);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/agentic-checkout');
  await expect(page.getByRole('heading', { level: 1, name: tr(locale, `${TOOL}.TITLE`) })).toBeVisible();
  await expect(page.getByText(tr(locale, `${TOOL}.SANDBOX_OWN`))).toBeVisible();
  if (story === 'AUTONOMOUS') {
    await page.getByRole('button', { name: exactly(tr(locale, `${TOOL}.STORY_AUTONOMOUS`)) }).click();
  }
  await expect(page.getByTestId('agent-next-step')).toBeEnabled({ timeout: 20_000 });
}

async function expectLayoutAndAxe(page: Page, where: string) {
  await expectNoAxeViolations(page);
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, `${where} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The agent's calls are in the API log, with the three lanes. */
async function expectAgentCallsInApiLog(page: Page, locale: LocaleCode) {
  await page.locator('.api-log-button').click();
  const panel = page.getByRole('dialog');
  await panel
    .getByRole('button', { name: tr(locale, 'API_LOG.LANES') })
    .first()
    .click();
  const lanes = panel.getByTestId('agent-lanes').first();
  await expect(lanes.getByTestId('agent-lane-row').first()).toBeVisible();
  await expect(lanes.locator('[data-lane="network"]').filter({ hasText: /\S/ }).first()).toBeVisible();
  await expect(lanes.locator('[data-lane="merchant"]').filter({ hasText: /\S/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe.serial('the live agentic checkout, against the network sandbox and the shop', () => {
  let page: Page;
  let email: string;

  test.beforeAll(async ({ browser }) => {
    page = await pageOfItsOwn(browser, { cookiesAccepted: true });
  });

  test('a profile without a payment passkey gets one through the page’s sign-in, as approvals need', async () => {
    test.setTimeout(60_000);
    // A profile of the test's own (a new card at the harness), and this page's virtual authenticator.
    await virtualAuthenticator(page);
    email = await enrolProfile(page, await openPasskeyHarness(page));
    const locale = 'en-US';
    await page.goto('/agentic-checkout');
    await page.getByText(tr(locale, `${TOOL}.PASSKEY.TITLE`)).click();
    await page.getByLabel(tr(locale, `${TOOL}.PASSKEY.EMAIL`)).fill(email);
    const signIn = page.getByRole('button', { name: tr(locale, `${TOOL}.PASSKEY.CREATE`) });
    await expect(signIn).toBeEnabled({ timeout: 20_000 });
    await signIn.click();
    const frame = await waitForWindow(page);
    await frame.locator('#otp').fill(TEST_CODE);
    await frame.getByRole('button', { name: 'Verify' }).click();
    await frame.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(page.getByText(tr(locale, `${TOOL}.PASSKEY.DONE`))).toBeVisible({ timeout: 15_000 });
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const locale of ['en-US', 'ar-EG'] as const) {
    test(`${locale}: the agent buys the cart the shopper approved with their passkey, to the order`, async () => {
      test.setTimeout(120_000);
      await openTool(page, locale, 'IMMEDIATE');
      await linkAgent(page, locale, email);
      await nextStep(page, locale, 'BUY');
      await approve(page, locale);
      await nextStep(page, locale, 'CREDENTIALS');
      await expect(page.getByTestId('live-progress').locator('li').nth(2)).toHaveAttribute('data-done', 'true', {
        timeout: 15_000,
      });
      await nextStep(page, locale, 'COMPLETE');
      const order = page.getByTestId('live-order');
      await expect(order).toBeVisible({ timeout: 15_000 });
      await expect(order.getByTestId('agent-order')).toContainText(tr(locale, 'AGENTIC.ORDER.INITIATED'));
      const number = await order.getByTestId('live-order-number').innerText();
      await expectLayoutAndAxe(page, `the agent's order in ${locale}`);
      if (locale === 'en-US') await expectAgentCallsInApiLog(page, locale);

      await order.getByRole('link', { name: tr(locale, `${TOOL}.SEE_ORDER`) }).click();
      await expect(page).toHaveURL(/\/checkout\/thank-you$/);
      await expect(page.getByTestId('order-number')).toHaveText(number);
      await expect(page.getByTestId('agent-order')).toContainText(tr(locale, 'AGENTIC.ORDER.INITIATED'));
    });
  }

  test('fr-FR: the agent buys within the open mandate without the shopper; what it tries outside is refused', async () => {
    test.setTimeout(150_000);
    const locale = 'fr-FR';
    await openTool(page, locale, 'AUTONOMOUS');
    await linkAgent(page, locale, email);
    await nextStep(page, locale, 'OPEN');
    await approve(page, locale);
    await nextStep(page, locale, 'WITHIN');
    await expect(page.getByTestId('live-order')).toBeVisible({ timeout: 20_000 });

    const tries = page.getByRole('region', { name: tr(locale, `${TOOL}.TRIES_TITLE`) });
    const attempt = async (name: string, expected: RegExp) => {
      await tries.getByRole('button', { name: tr(locale, `${TOOL}.TRY.${name}`) }).click();
      await expect(tries.getByTestId(`try-${name}`)).toContainText(expected, { timeout: 15_000 });
    };
    await attempt('OVER_AMOUNT', /THRESHOLD_EXCEEDED/);
    await attempt('OTHER_MERCHANT', /MERCHANT_NOT_ALLOWED/);
    await attempt('ITEM_NOT_ALLOWED', /ITEM_NOT_ALLOWED/);
    await attempt('REPLAYED_L3', /CREDENTIAL_REPLAYED/);
    await expect(tries.getByTestId('try-OVER_AMOUNT')).toContainText(
      tr(locale, `${TOOL}.REFUSED_BY_NETWORK`, { message: tr(locale, 'AGENTIC.ERRORS.THRESHOLD_EXCEEDED') }),
    );
    await expectLayoutAndAxe(page, 'the autonomous story’s refusals in fr-FR');

    // The window lists every agent enrolled for the shopper (the earlier stories' too): this run's by its name.
    const agent = await page.getByTestId('agent-identity').locator('bdi').innerText();
    expect(agent).toMatch(/^Shopping agent [2-9A-Z]{4}$/);
    await tries.getByRole('button', { name: tr(locale, `${TOOL}.MANAGE`) }).click();
    const frame = await waitForWindow(page);
    await prove(frame, locale, email);
    await frame.getByRole('button', { name: exactly(`${WINDOW[locale].revoke} ${agent}`) }).click();
    await frame.getByRole('button', { name: WINDOW[locale].done }).click();
    await expect(tries.getByText(tr(locale, `${TOOL}.REVOKED`, { agent }))).toBeVisible();
    await attempt('AFTER_REVOKE', /TOKEN_REVOKED/);
  });
});

test.describe('the agentic component pages', () => {
  test.use({ cookiesAccepted: true });

  test('the agent-facing checkout: a signed agent gets a priced, signed checkout; an unsigned request is told to sign', async ({
    page,
  }) => {
    await page.goto('/components/agent-checkout');
    await expect(page.getByTestId('code-sample')).toContainText('signAgentRequest');
    await runButton(page).click();
    const calls = page.getByTestId('agent-checkout-demo').locator('.agentic-calls > li');
    await expect(calls).toHaveCount(2, { timeout: 15_000 });
    await expect(calls.nth(1)).toContainText('201');
    await expect(calls.nth(1)).toContainText('POST /api/agent/checkouts');

    const input = page.getByLabel('Input (JSON)');
    await input.fill(JSON.stringify({ signed: false, items: [{ productId: 1, quantity: 1 }] }));
    await runButton(page).click();
    await expect(calls).toHaveCount(3, { timeout: 15_000 });
    await expect(calls.nth(2)).toContainText('REQUEST_UNSIGNED');
    await expectNoAxeViolations(page);
  });

  test('a mandate chain: the product’s verifier passes the chain made in the page and refuses it tampered', async ({
    page,
  }) => {
    await page.goto('/components/mandate-chain');
    await expect(page.getByTestId('code-sample')).toContainText('verifyMandate');
    const input = page.getByLabel('Input (JSON)');
    await expect(input).toHaveValue(/"l2": "ey/, { timeout: 15_000 });
    await runButton(page).click();
    const verdict = page.getByTestId('chain-verdict');
    await expect(verdict).toHaveText(tr('en-US', 'AGENTIC_LIVE.CHAIN_DEMO.VERIFIED'));
    await expect(page.getByTestId('agent-checks').locator('li').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // One character of the mandate's signature changed: the shopper's signature no longer verifies.
    const chain = JSON.parse(await input.inputValue()) as { l2: string };
    const [jws, ...disclosures] = chain.l2.split('~');
    const signature = jws!.split('.')[2]!;
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const tampered = [jws!.replace(signature, flipped), ...disclosures].join('~');
    await input.fill(JSON.stringify({ ...chain, l2: tampered }));
    await runButton(page).click();
    await expect(verdict).toContainText('SIGNATURE_INVALID');
    await expect(page.getByTestId('agent-checks')).toContainText(/./);
  });
});
