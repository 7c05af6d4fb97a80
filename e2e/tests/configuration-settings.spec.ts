import {
  adminSession,
  field,
  fillFields,
  lastCall,
  loggedTransactions,
  openConfiguration,
  saveConfiguration,
  seedOlderStoredCopy,
  tab,
} from '../configuration-screen.ts';
import { testCardExpiry } from '@c2p/domain';
import { expect, seedShopper, test } from '../fixtures.ts';
import { cardOptions, dcfFrame, newUserEmail, signInWithCode } from '../click-to-pay-steps.ts';

/**
 * Issue 16, "settings that do something": what the admin saves on the configuration screen reaches
 * the live tool, read where an integrator reads it, in the API log the browser keeps (the SDK
 * call's request), or on the payment step itself.
 */

const ORDER_ID = '8b1f2f0e-5a57-4e43-9d1b-6f3e2c1a0b9d';
const AGGREGATOR = '/sandbox/sdk/srcsdk.mastercard.js';
/** A test card expiry other than the default one (October instead of December of the same future year). */
const CUSTOM_EXPIRY = testCardExpiry().replace(/^12\//, '10/');

test('transaction settings, authentication preferences, initiator, language, aggregator and developer mode reach init', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openConfiguration(page);
  // SRC networks: the initiator the network gave us.
  await field(page, 'Initiator ID').fill('initiator-e2e');
  // SRCI config: the transaction settings beyond the checkout configuration.
  await tab(page, 'SRCI config').click();
  await fillFields(page, {
    'Presentation name': 'E2E Presented',
    'Merchant website (URI)': 'https://shop.example.com',
    'Acquirer merchant ID': 'ACQ-E2E',
    'Transaction ID': 'tx-e2e-1',
    'Order ID': ORDER_ID,
    'Service ID': 'svc-e2e',
  });
  await field(page, 'Payload type').selectOption('checkout');
  await field(page, 'Card number (PAN) requested').check();
  // Customizations: the language visitors without a choice get, and an aggregator's SDK.
  await tab(page, 'Customizations').click();
  await field(page, 'Language').selectOption('fr-FR');
  await field(page, 'Aggregator SDK URL').fill(AGGREGATOR);
  // Developer: developer mode, acquirer data and the authentication preferences.
  await tab(page, 'Developer').click();
  await field(page, 'Developer mode').check();
  await field(page, 'Send acquirer ID and BIN').check();
  await field(page, 'Send authentication preferences').check();
  await field(page, 'Payload requested').selectOption('NON_AUTHENTICATED');
  await field(page, 'Suppress challenge').check();
  await field(page, 'Acquirer BIN for authentication').fill('222222');
  await saveConfiguration(page);

  // The shop, for a visitor without a language cookie: the configured language.
  await page.context().clearCookies({ name: 'locale' });
  await seedShopper(page);
  await page.goto('/checkout/payment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  const init = await lastCall(page, 'init');
  expect(init.request).toMatchObject({
    srcInitiatorId: 'initiator-e2e',
    srciTransactionId: 'tx-e2e-1',
    dpaData: { dpaPresentationName: 'E2E Presented', dpaUri: 'https://shop.example.com' },
    dpaTransactionOptions: {
      dpaLocale: 'fr_FR',
      merchantOrderId: ORDER_ID,
      payloadTypeIndicatorCheckout: 'FULL',
      paymentOptions: [{ dpaPanRequested: true }],
      customInputData: { serviceId: 'svc-e2e' },
      acquirerBIN: '222222',
      authenticationPreferences: {
        payloadRequested: 'NON_AUTHENTICATED',
        authenticationMethods: [{ authenticationMethodType: '3DS', methodAttributes: { challengeIndicator: '02' } }],
      },
    },
  });
  const options = init.request!.dpaTransactionOptions as { acquirerData: { acquirerMerchantId: string }[] };
  expect(options.acquirerData[0]!.acquirerMerchantId).toBe('ACQ-E2E');

  // The aggregator's SDK was loaded alongside, and developer mode opened the transaction with the configuration.
  const transaction = (await loggedTransactions(page)).at(-1)!;
  expect(transaction.logs[0]!.name).toBe('configuration');
  expect(transaction.logs[0]!.request).toMatchObject({
    aggregatorSdkUrl: AGGREGATOR,
    init: { srciTransactionId: 'tx-e2e-1' },
  });
  const loaded = transaction.logs.find((log) => log.name === 'loadScript');
  expect(loaded).toMatchObject({ request: { url: AGGREGATOR }, response: { loaded: true } });
  expect(loaded!.failed).toBeFalsy();
});

test('a DPA name the admin gives is the merchant the network’s window shows, as its help says (issue 38 item 9)', async ({
  page,
}) => {
  await openConfiguration(page, { onTab: 'SRCI config' });
  await field(page, 'Merchant name (DPA name)').fill('Acme Shoes');
  await expect(field(page, 'Presentation name')).toHaveValue('');
  await saveConfiguration(page);
  await seedShopper(page);
  await page.goto('/checkout/payment');
  await signInWithCode(page, 'en-US');
  await cardOptions(page).filter({ hasText: '9726' }).click();
  const facts = dcfFrame(page).locator('.facts');
  await expect(facts.locator('dt').first()).toHaveText('Merchant');
  await expect(facts.locator('dd').first()).toHaveText('Acme Shoes');
});

test('the pop-up window, its URL, the footer links and the recognition token reach the enrolment', async ({ page }) => {
  test.setTimeout(90_000);
  await openConfiguration(page, { onTab: 'Customizations' });
  await field(page, 'Pop-up URL').fill('/sandbox/keys');
  await field(page, 'Footer link URL 1').fill('https://shop.example.com/privacy');
  await tab(page, 'Developer').click();
  await field(page, 'Network window type').selectOption('popup');
  await field(page, 'Request a recognition token').check();
  await saveConfiguration(page);

  await seedShopper(page);
  await page.goto('/checkout/payment');
  await page.locator('.c2p__email input[name="c2pEmail"]').fill(newUserEmail());
  await page.locator('.c2p__email').getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Fill in the test card' }).click();
  await page.locator('src-consent input[name="consent"]').check();
  const navigations: string[] = [];
  page.context().on('request', (request) => {
    // Only the pop-up goes there: the shop's page and its frame never do.
    if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
  });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Click to Pay' }).click();
  const popup = await popupOpened;
  // The pop-up opens on the configured page, then the network's window replaces it.
  await expect.poll(() => navigations).toContain('/sandbox/keys');
  const button = popup.locator('.actions button.primary');
  await expect(button).toBeEnabled();
  await button.click();
  const enrolment = await lastCall(page, 'checkoutWithNewCard');
  expect(enrolment.request).toMatchObject({
    windowRef: '[Window: popup]',
    recognitionTokenRequested: true,
    complianceSettings: { privacy: { latestVersionUri: 'https://shop.example.com/privacy' } },
  });
  await expect(page.locator('iframe[name=c2p-dcf-frame]')).toHaveCount(0);
});

test('Fill in the test card fills the configured test card', async ({ page }) => {
  await openConfiguration(page, { onTab: 'Widget and test data config' });
  await field(page, 'Test card number').fill('5186001700009908');
  await field(page, 'Test card expiry (MM/YY)').fill(CUSTOM_EXPIRY);
  await field(page, 'Test card security code').fill('456');
  await saveConfiguration(page);

  await seedShopper(page);
  await page.goto('/checkout/payment');
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Fill in the test card' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('5186 0017 0000 9908');
  await expect(page.getByLabel('Expiry date')).toHaveValue(CUSTOM_EXPIRY);
  await expect(page.getByLabel('Security code')).toHaveValue('456');
});

test('the dark code input, and signing in with authenticate() with a recognition token', async ({ page }) => {
  test.setTimeout(90_000);
  await openConfiguration(page, { onTab: 'Developer' });
  await field(page, 'Dark code input').check();
  await saveConfiguration(page);
  await seedShopper(page);
  await page.goto('/checkout/payment');
  await page.locator('.c2p__email input[name="c2pEmail"]').fill('returning.user@example.com');
  await page.locator('.c2p__email').getByRole('button', { name: 'Continue' }).click();
  // The shop's code input (initiateValidation), in its dark theme.
  await expect(page.locator('src-otp-input')).toHaveAttribute('dark', '');
  await lastCall(page, 'initiateValidation');

  await page.goto('/srci/config');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await tab(page, 'Developer').click();
  await field(page, 'Sign in with authenticate()').check();
  await field(page, 'Request a recognition token').check();
  await saveConfiguration(page);
  await page.goto('/checkout/payment');
  await page.locator('.c2p__email input[name="c2pEmail"]').fill('returning.user@example.com');
  await page.locator('.c2p__email').getByRole('button', { name: 'Continue' }).click();
  const dcf = page.frameLocator('iframe[name=c2p-dcf-frame]');
  await dcf.getByLabel('One-time code').fill('123456');
  await dcf.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('src-card-list [role="option"]').first()).toBeVisible();
  const authenticate = await lastCall(page, 'authenticate');
  expect(authenticate.request).toMatchObject({ windowRef: '[Window: iframe]', requestRecognitionToken: true });
});

test("the screen's own settings of another version are replaced by the defaults, with the toast, and the live tool ignores them", async ({
  page,
}) => {
  await seedOlderStoredCopy(page, 'configurationJson', {
    developerMode: true,
    customizations: { buttonTheme: 'dark' },
  });
  await seedShopper(page);
  await page.goto('/checkout/payment');
  await lastCall(page, 'init');
  expect((await loggedTransactions(page)).at(-1)!.logs.map((log) => log.name)).not.toContain('configuration');
  await adminSession(page);
  await page.goto('/srci/config');
  await expect(
    page.getByText('The stored configuration was of an older version and has been replaced by the defaults.'),
  ).toBeVisible();
  await tab(page, 'Customizations').click();
  await expect(field(page, 'Click to Pay button theme')).toHaveValue('light');
});
