// Issue 37, as third-party integrations meet the passkey-era network: an authenticate() page of
// another origin (a real server on this machine) with the network's window in a pop-up or an iframe,
// Chromium's virtual authenticator as the shopper's device. A passkey is offered only where this
// browser, in this frame, can use one; elsewhere the page's API log hears why, and the code serves.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  authenticate,
  initForPasskeys,
  openPasskeyHarness,
  PASSKEY_DPA_ID,
  profileWithPasskey,
  virtualAuthenticator,
  windowSteps,
} from '../passkey-steps.ts';
import { outcome } from '../sandbox-harness.ts';
import { serveOtherSite } from '../other-site.ts';

const SIGNED_IN_BY_PASSKEY = ['PASSKEY_OPTIONS SIGN_IN', 'PASSKEY_RESULT SIGN_IN', 'PASSKEY_VERIFICATION SIGN_IN'];

/** The integration's own site (other-site.ts), of another origin. */
const INTEGRATION_SITE = { origin: '' };

/** The integration's page: the network's lib.js from the sandbox, and an iframe for its window, with `allow` or without. */
function integrationPage(sandbox: string, allow: boolean): string {
  const script = `${sandbox}/sandbox/srci/integration/2/lib.js?srcDpaId=${PASSKEY_DPA_ID}&amp;locale=en_US`;
  const permissions = allow ? ' allow="publickey-credentials-get *; publickey-credentials-create *"' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integration</title>
<script src="${script}"></script></head><body><main><h1>Checkout</h1>
<iframe id="dcf-frame" name="dcf-frame" title="Click to Pay" width="480" height="600"${permissions}></iframe>
</main></body></html>`;
}

/** Opens the integration's page (its iframe with `allow` or without) and initialises its SDK for passkeys. */
async function openIntegration(page: Page, allow = true) {
  await page.goto(`${INTEGRATION_SITE.origin}/${allow ? 'allowed' : 'not-allowed'}`);
  await page.waitForFunction(() => 'MastercardCheckoutServices' in window);
  await page.evaluate(() => {
    const w = window as unknown as { c2p: unknown; MastercardCheckoutServices: new () => unknown };
    w.c2p = new w.MastercardCheckoutServices();
  });
  await initForPasskeys(page);
  return page.frame({ name: 'dcf-frame' })!;
}

test.describe('passkeys in an integration of another origin (virtual authenticator)', () => {
  serveOtherSite(
    (request, baseURL) => integrationPage(new URL(baseURL).origin, request.url !== '/not-allowed'),
    INTEGRATION_SITE,
  );

  test('a passkey made in the network’s window signs in from an iframe that allows it, with no code', async ({
    page,
  }) => {
    const { email } = await profileWithPasskey(page);
    const dcf = await openIntegration(page);
    await authenticate(page, email);
    const signedIn = (await outcome(page)).ok!;
    expect((signedIn.cards as unknown[]).length).toBe(1);
    await expect(dcf.locator('#otp')).toHaveCount(0);
    expect(await windowSteps(page)).toEqual(SIGNED_IN_BY_PASSKEY);
  });

  test('… and from the network’s pop-up, with no code', async ({ page }) => {
    const { cdp, authenticatorId, email } = await profileWithPasskey(page);
    const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    await openIntegration(page);
    // The pop-up is a window of its own: the device's authenticator (with the passkey) is attached
    // to it before the SDK sends it to the network's page.
    let attached!: () => void;
    const popupReady = new Promise<void>((resolve) => (attached = resolve));
    page.once('popup', (popup) => {
      void virtualAuthenticator(popup).then(async (device) => {
        await device.cdp.send('WebAuthn.addCredential', {
          authenticatorId: device.authenticatorId,
          credential: credential!,
        });
        attached();
      });
    });
    await page.route('**/sandbox/api/windows', async (route) => {
      await popupReady;
      await route.continue();
    });
    const { popup } = await authenticate(page, email, 'popup');
    const signedIn = (await outcome(page)).ok!;
    expect((signedIn.cards as unknown[]).length).toBe(1);
    expect(await windowSteps(page)).toEqual(SIGNED_IN_BY_PASSKEY);
    await popup?.close().catch(() => undefined);
  });

  test('an iframe without the publickey-credentials permission gets no offer: the code, and the reason in the log', async ({
    page,
  }) => {
    const { email } = await profileWithPasskey(page);
    const dcf = await openIntegration(page, false);
    await authenticate(page, email);
    await expect(dcf.locator('#otp')).toBeVisible();
    await expect(dcf.getByRole('button', { name: 'Use my passkey' })).toHaveCount(0);
    expect(await windowSteps(page)).toEqual(['PASSKEY_UNAVAILABLE SIGN_IN FRAME_NOT_ALLOWED']);
    // The code signs the shopper in; the window offers no passkey it could not make in this frame.
    await dcf.locator('#otp').fill('123456');
    await dcf.getByRole('button', { name: 'Verify' }).click();
    expect(((await outcome(page)).ok!.cards as unknown[]).length).toBe(1);
    await expect(dcf.getByRole('button', { name: 'Create a passkey' })).toHaveCount(0);
    expect(await windowSteps(page)).toContain('PASSKEY_UNAVAILABLE CREATE FRAME_NOT_ALLOWED');
  });

  test('an address host (127.0.0.1) gets no offer; the window and the log say why', async ({ page, baseURL }) => {
    const { email } = await profileWithPasskey(page);
    const dcf = await openPasskeyHarness(page, baseURL!.replace('localhost', '127.0.0.1'));
    await authenticate(page, email);
    await expect(dcf.locator('#otp')).toBeVisible();
    await expect(dcf.getByText('Payment passkeys need a host name, not an address')).toBeVisible();
    expect(await windowSteps(page)).toEqual(['PASSKEY_UNAVAILABLE SIGN_IN ADDRESS_HOST']);
  });

  test('a device without the passkey gets the code at once', async ({ page, browser }) => {
    const { email } = await profileWithPasskey(page);
    const otherDevice = await browser.newContext();
    try {
      const other = await otherDevice.newPage();
      await virtualAuthenticator(other);
      const dcf = await openIntegration(other);
      await authenticate(other, email);
      await expect(dcf.locator('#otp')).toBeVisible();
      await expect(dcf.getByRole('button', { name: 'Use my passkey' })).toHaveCount(0);
      expect(await windowSteps(other)).toEqual(['PASSKEY_UNAVAILABLE SIGN_IN NOT_ON_THIS_DEVICE']);
    } finally {
      await otherDevice.close();
    }
  });
});
