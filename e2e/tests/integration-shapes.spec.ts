// Issue 11, section 3, in the browser: what production integrations read from authenticate.
import { sdkTestInit } from '@c2p/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

const INIT = sdkTestInit('e2e-shapes-dpa', 'E2E Shop');

type Outcome = { ok?: Record<string, unknown>; error?: { reason: string; message: string } };
type Harness = Window & {
  MastercardCheckoutServices: new () => Record<string, (arg?: unknown) => Promise<unknown>>;
  pending?: Promise<Outcome>;
};

/** Starts authenticate into the harness iframe and answers the DCF's OTP screen. */
async function authenticate(page: Page, identityType: string, identityValue: string) {
  await page.goto(`/sandbox/harness?srcDpaId=${INIT.srcDpaId}&locale=en_US`);
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  await page.evaluate(
    async ([init, type, value]) => {
      const w = window as unknown as Harness;
      const c2p = new w.MastercardCheckoutServices();
      await c2p.init!(init);
      const windowRef = (document.getElementById('dcf-frame') as HTMLIFrameElement).contentWindow;
      w.pending = c2p.authenticate!({
        windowRef,
        accountReference: { consumerIdentity: { identityType: type, identityValue: value } },
      }).then(
        (ok) => ({ ok }) as Outcome,
        (error: Outcome['error']) => ({ error }),
      );
    },
    [INIT, identityType, identityValue] as const,
  );
  const dcf = page.frame({ name: 'dcf-frame' })!;
  await dcf.waitForURL(/\/sandbox\/dcf\?window=/);
  return dcf;
}

const outcome = (page: Page) => page.evaluate(() => (window as unknown as Harness).pending!);

test.describe('authenticate, as integrations read it', () => {
  test('item 3: "Not you?" on the code screen rejects authenticate with NOT_YOU', async ({ page }) => {
    const dcf = await authenticate(page, 'EMAIL_ADDRESS', 'returning.user@example.com');
    await dcf.getByRole('button', { name: /^Not you\?/ }).click();
    const result = await outcome(page);
    expect(result.error?.reason).toBe('NOT_YOU');
    expect(result.error?.message).toContain('Not you');
  });

  for (const phone of ['12025550143', '+1 202-555-0143']) {
    test(`item 3: a phone identity written ${phone} authenticates the returning consumer`, async ({ page }) => {
      const dcf = await authenticate(page, 'MOBILE_PHONE_NUMBER', phone);
      await expect(dcf.getByText(/We sent a code to \+1 /)).toBeVisible();
      await dcf.getByLabel('One-time code').fill('123456');
      await dcf.getByRole('button', { name: 'Verify', exact: true }).click();
      const result = await outcome(page);
      expect((result.ok?.cards as unknown[]).length).toBeGreaterThan(0);
    });
  }
});
