// The network sandbox in a real browser: the SDK script, the DCF page in a popup and in an iframe,
// through the public surface only (the script path, the test consumers and the code 123456).
import type { Frame, Page } from '@playwright/test';
import { sdkTestInit, testCardExpiry } from '@c2p/domain';
import { expect, expectNoAxeViolations, test, useLocaleCookie } from '../fixtures.ts';
import { expectNoSidewaysScroll } from '../layout-checks.ts';
import { call, openHarness, outcome, startCheckout, type Harness, type Outcome } from '../sandbox-harness.ts';

const DPA_ID = 'e2e-sandbox-dpa';
/** The test card expiry (month and two-digit year), as the SDK takes it. */
const [EXPIRY_MONTH, EXPIRY_YEAR] = testCardExpiry().split('/') as [string, string];

const INIT = sdkTestInit(DPA_ID, 'E2E Shop', {
  amount: 120,
  paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
  consumerEmailAddressRequested: true,
});

async function signIn(page: Page, email = 'returning.user@example.com') {
  expect((await call(page, 'init', INIT)).ok).toMatchObject({ availableCardBrands: ['mastercard', 'visa'] });
  expect((await call(page, 'idLookup', { email })).ok).toEqual({ consumerPresent: true });
  await call(page, 'initiateValidation');
  const cards = await call(page, 'validate', { value: '123456' });
  return cards.ok as unknown as { srcDigitalCardId: string; panLastFour: string }[];
}

function expectComplete(result: Outcome) {
  expect(result.error).toBeUndefined();
  const ok = result.ok as Record<string, unknown>;
  expect(ok.checkoutActionCode).toBe('COMPLETE');
  expect(String(ok.checkoutResponse).split('.')).toHaveLength(3);
  expect(ok.checkoutResponseData).toMatchObject({
    srcCorrelationId: expect.any(String),
    maskedCard: expect.any(Object),
  });
  expect(ok.network).toBe('mastercard');
  const headers = ok.headers as Record<string, string>;
  expect(headers['merchant-transaction-id']).toMatch(/^[0-9a-f]{7}\.[0-9a-f]{8}\.[0-9a-f]{40}$/);
  expect(headers['x-src-cx-flow-id']).toMatch(/^[0-9a-f]{8}\.[0-9a-f-]{36}\.\d{10}$/);
  return ok;
}

async function clickIn(dcf: Frame, name: string) {
  await dcf.getByRole('button', { name, exact: true }).click();
}

test.describe('network sandbox SDK', () => {
  test('serves the SDK with both globals and enforces init', async ({ page }) => {
    await openHarness(page, DPA_ID);
    expect(
      await page.evaluate(
        () => (window as unknown as Harness).Click2Pay === (window as unknown as Harness).MastercardCheckoutServices,
      ),
    ).toBe(true);
    expect((await call(page, 'getCards')).error?.reason).toBe('INVALID_REQUEST');
    const pending = page.evaluate(() => {
      const w = window as unknown as Harness;
      const sdk = new w.Click2Pay();
      const init = sdk.init!({
        srcDpaId: 'x',
        dpaData: { dpaName: 'x' },
        dpaTransactionOptions: { dpaLocale: 'en_US' },
        cardBrands: ['mastercard'],
      });
      // A call made before init resolves is refused.
      const early = sdk.getCards!().then(
        () => 'resolved',
        (error: { reason: string }) => error.reason,
      );
      return Promise.all([init.then(() => 'ok'), early]);
    });
    expect(await pending).toEqual(['ok', 'INVALID_REQUEST']);
    expect((await call(page, 'init', { ...INIT, dpaData: {} })).error).toMatchObject({ reason: 'INVALID_PARAMETER' });
    expect((await call(page, 'init', { ...INIT, cardBrands: undefined })).error).toMatchObject({
      reason: 'INVALID_PARAMETER',
    });
    await call(page, 'init', INIT);
    expect((await call(page, 'idLookup', { email: 'locked.user@example.com' })).error).toMatchObject({
      reason: 'ACCT_INACCESSIBLE',
    });
    expect((await call(page, 'isInstallmentsEligible', INIT.dpaTransactionOptions)).ok).toMatchObject({
      eligible: true,
    });
  });

  test('returning user: code, cards, checkoutWithCard in an iframe answers COMPLETE', async ({ page }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    expect((await call(page, 'getCards')).ok).toEqual([]);
    const cards = await signIn(page);
    expect(cards.map((c) => c.panLastFour).sort()).toEqual(['1111', '4537', '9726']);
    const card = cards.find((c) => c.panLastFour === '9726')!;
    const { dcf } = await startCheckout(
      page,
      'checkoutWithCard',
      { srcDigitalCardId: card.srcDigitalCardId },
      'iframe',
    );
    await expect(dcf.getByText('E2E Shop').first()).toBeVisible();
    await expect(dcf.getByText('•••• 9726')).toBeVisible();
    await expect(dcf.getByRole('button', { name: 'Change card' })).toBeVisible();
    await expect(dcf.getByRole('button', { name: 'Add a card' })).toBeVisible();
    await expect(dcf.getByRole('button', { name: /Not you\?/ })).toBeVisible();
    await expect(dcf.getByLabel('Remember me on this browser')).toBeVisible();
    await clickIn(dcf, 'Continue');
    const ok = expectComplete(await outcome(page));
    expect(ok.idToken).toEqual(expect.any(String));
  });

  test('wrong code then 123456', async ({ page }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    await call(page, 'idLookup', { mobileNumber: { countryCode: '1', phoneNumber: '2025550143' } });
    const sent = await call(page, 'initiateValidation');
    expect(sent.ok).toMatchObject({ network: 'mastercard', maskedValidationChannel: '+1 *******143' });
    expect(
      (await call(page, 'initiateValidation', { requestedValidationChannelId: 'EMAIL_ADDRESS' })).ok,
    ).toMatchObject({
      maskedValidationChannel: expect.stringContaining('@example.com'),
    });
    expect((await call(page, 'validate', { value: '999999' })).error).toMatchObject({ reason: 'CODE_INVALID' });
    const cards = await call(page, 'validate', { value: '123456' });
    expect((cards.ok as unknown as unknown[]).length).toBe(3);
  });

  test('three wrong codes answer RETRIES_EXCEEDED', async ({ page }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    await call(page, 'idLookup', { email: 'returning.user@example.com' });
    await call(page, 'initiateValidation');
    const reasons = [];
    for (const value of ['111111', '222222', '333333'])
      reasons.push((await call(page, 'validate', { value })).error?.reason);
    expect(reasons).toEqual(['CODE_INVALID', 'CODE_INVALID', 'RETRIES_EXCEEDED']);
  });

  test('new user: encryptCard and checkoutWithNewCard in a popup answers COMPLETE', async ({ page }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    const email = `new.${Date.now()}@example.com`;
    expect((await call(page, 'idLookup', { email })).ok).toEqual({ consumerPresent: false });
    const encrypted = await call(page, 'encryptCard', {
      primaryAccountNumber: '5186001700009908',
      panExpirationMonth: EXPIRY_MONTH,
      panExpirationYear: EXPIRY_YEAR,
      cardSecurityCode: '123',
      cardholderFirstName: 'New',
      cardholderLastName: 'User',
    });
    expect(encrypted.ok).toMatchObject({ cardBrand: 'mastercard' });
    expect(String((encrypted.ok as Record<string, unknown>).encryptedCard).split('.')).toHaveLength(5);
    expect((await call(page, 'encryptCard', { primaryAccountNumber: '5186001700009908' })).error?.reason).toBe(
      'INVALID_PARAMETER',
    );
    // The reference requires the brand encryptCard answered (issue 37).
    const { encryptedCard } = encrypted.ok as Record<string, unknown>;
    expect((await call(page, 'checkoutWithNewCard', { encryptedCard })).error?.reason).toBe('INVALID_PARAMETER');
    const { popup, dcf } = await startCheckout(
      page,
      'checkoutWithNewCard',
      {
        encryptedCard: (encrypted.ok as Record<string, unknown>).encryptedCard,
        cardBrand: 'mastercard',
        consumer: { emailAddress: email, firstName: 'New', lastName: 'User' },
      },
      'popup',
    );
    await expect(dcf.getByText('•••• 9908')).toBeVisible();
    await expect(dcf.getByLabel(/Save my card/)).toBeChecked();
    await expectNoAxeViolations(popup!);
    await clickIn(dcf, 'Continue');
    expectComplete(await outcome(page));
    await popup!.close();
    // The card was enrolled: the new consumer now has a profile.
    await call(page, 'init', INIT);
    expect((await call(page, 'idLookup', { email })).ok).toEqual({ consumerPresent: true });
  });

  test('checkoutWithCard in a popup: COMPLETE with a confirm screen, remember me; CANCEL; closing the popup', async ({
    page,
  }) => {
    await openHarness(page, DPA_ID);
    const cards = await signIn(page);
    const card = cards.find((c) => c.panLastFour === '9726')!;
    const options = { ...INIT.dpaTransactionOptions, confirmPayment: true };
    let { popup, dcf } = await startCheckout(
      page,
      'checkoutWithCard',
      { srcDigitalCardId: card.srcDigitalCardId, dpaTransactionOptions: options, recognitionTokenRequested: true },
      'popup',
    );
    await dcf.getByLabel('Remember me on this browser').check();
    await clickIn(dcf, 'Continue');
    await expect(dcf.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await expect(dcf.getByText('You are about to pay $120.00.')).toBeVisible();
    await clickIn(dcf, 'Pay now');
    const ok = expectComplete(await outcome(page));
    expect(ok.recognitionToken).toEqual(expect.any(String));
    await popup!.close();

    // Remembered: a fresh SDK instance sees the cards without a code.
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    expect(((await call(page, 'getCards')).ok as unknown as unknown[]).length).toBe(3);

    ({ popup, dcf } = await startCheckout(
      page,
      'checkoutWithCard',
      { srcDigitalCardId: card.srcDigitalCardId },
      'popup',
    ));
    await clickIn(dcf, 'Cancel');
    expect((await outcome(page)).ok).toEqual({ checkoutActionCode: 'CANCEL' });
    await popup!.close();

    ({ popup } = await startCheckout(page, 'checkoutWithCard', { srcDigitalCardId: card.srcDigitalCardId }, 'popup'));
    await popup!.close();
    expect((await outcome(page)).ok).toEqual({ checkoutActionCode: 'CANCEL' });

    expect((await call(page, 'signOut')).ok).toEqual({ recognized: false });
    expect((await call(page, 'getCards')).ok).toEqual([]);
  });

  test('iframe DCF answers CANCEL, CHANGE_CARD, ADD_CARD and SWITCH_CONSUMER', async ({ page }) => {
    await openHarness(page, DPA_ID);
    const cards = await signIn(page);
    for (const [button, code] of [
      ['Cancel', 'CANCEL'],
      ['Change card', 'CHANGE_CARD'],
      ['Add a card', 'ADD_CARD'],
    ]) {
      const { dcf } = await startCheckout(
        page,
        'checkoutWithCard',
        { srcDigitalCardId: cards[0]!.srcDigitalCardId },
        'iframe',
      );
      await clickIn(dcf, button!);
      expect((await outcome(page)).ok).toEqual({ checkoutActionCode: code });
    }
    const { dcf } = await startCheckout(
      page,
      'checkoutWithCard',
      { srcDigitalCardId: cards[0]!.srcDigitalCardId },
      'iframe',
    );
    await dcf.getByRole('button', { name: /Not you\?/ }).click();
    expect((await outcome(page)).ok).toEqual({ checkoutActionCode: 'SWITCH_CONSUMER' });
    expect((await call(page, 'getCards')).ok).toEqual([]);
  });

  test('the DCF speaks Arabic right to left', async ({ page }) => {
    await openHarness(page, DPA_ID, { locale: 'ar_EG' });
    await call(page, 'init', { ...INIT, dpaTransactionOptions: { ...INIT.dpaTransactionOptions, dpaLocale: 'ar_EG' } });
    await call(page, 'idLookup', { email: 'returning.user@example.com' });
    await call(page, 'initiateValidation');
    const cards = (await call(page, 'validate', { value: '123456' })).ok as unknown as { srcDigitalCardId: string }[];
    const { dcf } = await startCheckout(
      page,
      'checkoutWithCard',
      { srcDigitalCardId: cards[0]!.srcDigitalCardId },
      'iframe',
    );
    await expect(dcf.getByRole('button', { name: 'متابعة' })).toBeVisible();
    expect(await dcf.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await clickIn(dcf, 'إلغاء');
    expect((await outcome(page)).ok).toEqual({ checkoutActionCode: 'CANCEL' });
  });

  test('authenticate takes the code in the windowRef and answers the cards and a recognition token', async ({
    page,
  }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    await page.evaluate(() => {
      const w = window as unknown as Harness;
      const windowRef = (document.getElementById('dcf-frame') as HTMLIFrameElement).contentWindow;
      w.pending = w.c2p.authenticate!({
        windowRef,
        requestRecognitionToken: true,
        accountReference: {
          consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
        },
      }).then(
        (ok) => ({ ok }) as Outcome,
        (error: Outcome['error']) => ({ error }),
      );
    });
    const dcf = page.frame({ name: 'dcf-frame' })!;
    await dcf.waitForURL(/\/sandbox\/dcf\?window=/);
    await dcf.getByLabel('One-time code').fill('000000');
    await clickIn(dcf, 'Verify');
    await expect(dcf.getByRole('alert')).toHaveText('The code is not valid');
    await dcf.getByLabel('One-time code').fill('123456');
    await clickIn(dcf, 'Verify');
    const result = await outcome(page);
    // The documented members only (reference section 3.6): the cards and the recognition token asked for.
    expect(Object.keys(result.ok!).sort()).toEqual(['cards', 'recognitionToken']);
    expect(result.ok).toMatchObject({ recognitionToken: expect.any(String) });
    expect((result.ok as Record<string, unknown[]>).cards).toHaveLength(3);
    // A new consumer has no profile: no code, no cards.
    const unknown = await call(page, 'authenticate', {
      windowRef: undefined,
      accountReference: { consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'nobody@example.com' } },
    });
    expect(unknown.error).toMatchObject({ reason: 'INVALID_PARAMETER' });
  });

  test('item 1: a new card for an existing profile asks for its code in the DCF before joining it', async ({
    page,
  }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    const email = `owner.${Date.now()}@example.com`;
    const encrypt = async (primaryAccountNumber: string) =>
      (
        (
          await call(page, 'encryptCard', {
            primaryAccountNumber,
            panExpirationMonth: EXPIRY_MONTH,
            panExpirationYear: EXPIRY_YEAR,
            cardSecurityCode: '123',
          })
        ).ok as Record<string, unknown>
      ).encryptedCard;
    // The owner makes the profile with a first card.
    let { dcf } = await startCheckout(
      page,
      'checkoutWithNewCard',
      { encryptedCard: await encrypt('5186001700009908'), cardBrand: 'mastercard', consumer: { emailAddress: email } },
      'iframe',
    );
    await clickIn(dcf, 'Continue');
    expectComplete(await outcome(page));

    // A new SDK session (another browser, or someone else) adds a card with the same email.
    await call(page, 'init', INIT);
    ({ dcf } = await startCheckout(
      page,
      'checkoutWithNewCard',
      { encryptedCard: await encrypt('5186001700008785'), cardBrand: 'mastercard', consumer: { emailAddress: email } },
      'iframe',
    ));
    await expect(dcf.getByText(/already has a Click to Pay profile/)).toBeVisible();
    await expect(dcf.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
    await dcf.getByLabel('One-time code').fill('000000');
    await clickIn(dcf, 'Verify');
    await expect(dcf.getByRole('alert')).toHaveText('The code is not valid');
    await dcf.getByLabel('One-time code').fill('123456');
    await clickIn(dcf, 'Verify');
    await clickIn(dcf, 'Continue');
    const ok = expectComplete(await outcome(page));
    expect(ok.idToken).toEqual(expect.any(String));
    const cards = (await call(page, 'getCards')).ok as unknown as { panLastFour: string }[];
    expect(cards.map((card) => card.panLastFour).sort()).toEqual(['8785', '9908']);
  });

  test('item 1: without the code, the shopper can pay without saving the card, as a guest', async ({ page }) => {
    await openHarness(page, DPA_ID);
    await call(page, 'init', INIT);
    const encrypted = (
      await call(page, 'encryptCard', {
        primaryAccountNumber: '5186001700008876',
        panExpirationMonth: EXPIRY_MONTH,
        panExpirationYear: EXPIRY_YEAR,
        cardSecurityCode: '123',
      })
    ).ok as Record<string, unknown>;
    const { dcf } = await startCheckout(
      page,
      'checkoutWithNewCard',
      {
        encryptedCard: encrypted.encryptedCard,
        cardBrand: 'mastercard',
        consumer: { emailAddress: 'returning.user@example.com' },
      },
      'iframe',
    );
    await clickIn(dcf, 'Pay without saving the card');
    await expect(dcf.getByLabel(/Save my card/)).not.toBeChecked();
    await clickIn(dcf, 'Continue');
    const ok = expectComplete(await outcome(page));
    expect(ok).not.toHaveProperty('idToken');
    expect((await call(page, 'getCards')).ok).toEqual([]);
  });

  test('the test-data page lists the consumers', async ({ page }) => {
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { name: 'Click to Pay network sandbox' })).toBeVisible();
    await expect(page.getByText('returning.user@example.com')).toBeVisible();
    await expect(page.getByText('locked.user@example.com')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // Issue 29 item 8: the page follows the demo's language (its locale cookie), right to left in Arabic.
  for (const [locale, dir, heading] of [
    ['fr-FR', 'ltr', 'Bac à sable du réseau Click to Pay'],
    ['ar-EG', 'rtl', 'بيئة اختبار شبكة Click to Pay'],
  ] as const) {
    test(`the test-data page reads in ${locale} for a visitor of that language`, async ({ page, baseURL }) => {
      await useLocaleCookie(page, baseURL, locale);
      await page.goto('/sandbox');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('returning.user@example.com')).toBeVisible();
      await expectNoSidewaysScroll(page, `/sandbox in ${locale}`);
      await expectNoAxeViolations(page);
    });
  }
});
