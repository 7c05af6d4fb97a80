import { readFile } from 'node:fs/promises';
import { LOCALES } from '../catalogue-text.ts';
import {
  adminSession,
  field,
  lastCall,
  loggedTransactions,
  main,
  openConfiguration,
  save,
  saveConfiguration,
  seedOlderStoredCopy,
  tab,
} from '../configuration-screen.ts';
import { ADMIN, axeViolations, expect, seedShopper, test, useLocaleCookie } from '../fixtures.ts';

/**
 * Issue 16: the admin-only configuration screen at /srci/config: its tabs, save and validation,
 * reset, the unsaved prompt, the JSON view, export/import/share, mock SRC files, and that what is
 * saved reaches the live tool's SDK calls (read in the API log the browser keeps).
 */

test('anonymous visitors are sent to sign in and brought back', async ({ page }) => {
  await page.goto('/srci/config');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/sign-in' && url.searchParams.get('redirect') === '/srci/config',
  );
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/srci\/config$/);
  await expect(page.getByRole('tablist', { name: 'Configuration sections' }).getByRole('tab')).toHaveCount(6);
});

test('a stored configuration of another version is replaced by the defaults, with a toast saying so', async ({
  page,
}) => {
  await seedOlderStoredCopy(page, 'merchantCheckoutConfiguration', { dpaData: { dpaName: 'Old' } });
  await openConfiguration(page, { edit: false });
  await expect(
    page.getByText('The stored configuration was of an older version and has been replaced by the defaults.'),
  ).toBeVisible();
  await tab(page, 'SRCI config').click();
  await expect(field(page, 'Merchant name (DPA name)')).toHaveValue('Click to Pay Demo');
});

test('the six tabs follow the keyboard (arrows, Home, End) and start in preview mode', async ({ page }) => {
  await openConfiguration(page, { edit: false });
  await expect(field(page, 'SDK script URL')).toHaveAttribute('readonly', '');
  await tab(page, 'SRC networks').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'SRCI config')).toBeFocused();
  await expect(tab(page, 'SRCI config')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'SRCI config' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab(page, 'Widget and test data config')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab(page, 'SRC networks')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Widget and test data config')).toBeFocused();
});

test('an edit in each tab is saved and the live tool uses it: init, authenticate, style sheet, environment', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await openConfiguration(page);
  // SRC networks: Visa is accepted too (mastercard alone by default, spec section 9).
  await main(page).getByRole('group', { name: 'Accepted card brands' }).getByLabel('Visa').check();
  // SRCI config: the merchant's name.
  await tab(page, 'SRCI config').click();
  await field(page, 'Merchant name (DPA name)').fill('E2E Shop');
  await field(page, 'Merchant category code').fill('5732');
  // Customizations: a style sheet of the merchant's and the dark button.
  await tab(page, 'Customizations').click();
  await field(page, 'Custom CSS URL').fill('/e2e-theme.css');
  await field(page, 'Click to Pay button theme').selectOption('dark');
  // Developer: acquirer data and signing in with the network's authenticate().
  await tab(page, 'Developer').click();
  await field(page, 'Send acquirer ID and BIN').check();
  await field(page, 'Sign in with authenticate()').check();
  // Environment: a custom host (this server's sandbox, addressed as another host would be).
  await tab(page, 'Environment').click();
  await main(page).getByLabel('Custom host').check();
  await field(page, 'Custom host address').fill(`${baseURL}/sandbox`);
  await expect(main(page).getByText(`${baseURL}/sandbox/srci/integration/2/lib.js`)).toBeVisible();
  // Widget and test data: a documentation link.
  await tab(page, 'Widget and test data config').click();
  await field(page, 'Documentation link (card input)').fill('https://docs.example.com/card-input');
  await saveConfiguration(page);
  const stored = await page.evaluate(() => ({
    store: JSON.parse(localStorage.getItem('merchantStoreConfiguration') ?? '{}') as {
      documentationLinks: { cardInput: { documentationLink: string } };
    },
    screen: JSON.parse(localStorage.getItem('configurationJson') ?? '{}') as {
      customizations: { buttonTheme: string };
    },
  }));
  expect(stored.store.documentationLinks.cardInput.documentationLink).toBe('https://docs.example.com/card-input');
  expect(stored.screen.customizations.buttonTheme).toBe('dark');

  // The live tool's next checkout.
  await seedShopper(page);
  await page.goto('/checkout/payment');
  const init = await lastCall(page, 'init');
  expect(init.request).toMatchObject({
    cardBrands: ['visa', 'mastercard'],
    dpaData: { dpaName: 'E2E Shop' },
    dpaTransactionOptions: { merchantCategoryCode: '5732' },
  });
  expect((init.request!.dpaTransactionOptions as { acquirerData?: unknown[] }).acquirerData).toHaveLength(2);
  const transaction = (await loggedTransactions(page)).at(-1)!;
  expect(transaction.env).toBe('production');
  await expect(page.locator('link[data-merchant-css]')).toHaveAttribute('href', '/e2e-theme.css');

  // The authentication module: authenticate and the network's code screen, no initiateValidation.
  const email = page.locator('.c2p__email input[name="c2pEmail"]');
  await email.fill('returning.user@example.com');
  await page.locator('.c2p__email button[type="submit"]').click();
  const dcf = page.frameLocator('iframe[name=c2p-dcf-frame]');
  await dcf.getByLabel('One-time code').fill('123456');
  await dcf.getByRole('button', { name: 'Verify' }).click();
  // The returning user's cards, the Visa one with them now that the configuration accepts it.
  await expect(page.locator('src-card-list [role="option"]')).toHaveCount(3);
  const authenticate = await lastCall(page, 'authenticate');
  expect(authenticate.request).toMatchObject({
    windowRef: '[Window: iframe]',
    accountReference: { consumerIdentity: { identityValue: 'returning.user@example.com' } },
  });
  const names = (await loggedTransactions(page)).flatMap((t) => t.logs.map((l) => l.name));
  expect(names).not.toContain('initiateValidation');
});

/** Bad values for fields of the widget tab, each with the line it puts in the Save Unsuccessful list. */
const BAD_WIDGET_VALUES: Record<string, [value: string, summaryLine: string]> = {
  'Code link (card input)': ['not a link', 'Code link (card input): The code link must be a valid URL'],
  'Documentation link (OTP input)': [
    'nope',
    'Documentation link (OTP input): The documentation link must be a valid URL',
  ],
  'Test card number': ['4111111111111112', 'Test card number: Not a valid Visa card number'],
  'Test card expiry (MM/YY)': [
    '01/20',
    'Test card expiry (MM/YY): The Visa test card needs a future expiry date (MM/YY)',
  ],
  'Test card security code': ['12', 'Test card security code: A Visa security code has 3 digits'],
  'Contact email 1': ['not-an-email', 'Contact email (1): Please enter valid email id'],
  'Contact phone number 1': ['abc', 'Contact phone number (1): Please enter valid phone number'],
};

test('each validation message shows by its field, and Save lists them under Save Unsuccessful', async ({ page }) => {
  await openConfiguration(page);
  await field(page, 'SDK script URL').fill('');
  await field(page, 'Network name').fill('');
  const brands = main(page).getByRole('group', { name: 'Accepted card brands' });
  for (const brand of ['American Express', 'Visa', 'Mastercard', 'Discover']) await brands.getByLabel(brand).uncheck();
  await tab(page, 'Customizations').click();
  await field(page, 'Custom CSS URL').fill('https://cdn.example.com/theme.js');
  await tab(page, 'Widget and test data config').click();
  for (const [label, [value]] of Object.entries(BAD_WIDGET_VALUES)) await field(page, label).fill(value);
  await main(page).getByRole('group', { name: 'Contact card schemes 1' }).getByLabel('Mastercard').uncheck();
  await save(page);

  const summary = page.getByRole('alert').filter({ hasText: 'Save Unsuccessful' });
  await expect(summary).toBeVisible();
  for (const text of [
    "SDK script URL: The network SDK URL can't be empty",
    "Network name (1): This SRC network field can't be empty",
    'Accepted card brands: Choose at least one card brand',
    'Custom CSS URL: The CSS URL must end with .css',
    ...Object.values(BAD_WIDGET_VALUES).map(([, summaryLine]) => summaryLine),
    'Contact card schemes (1): Choose at least one card scheme',
  ]) {
    await expect(summary.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  }
  // By the field too, marked invalid and described by its message.
  await expect(field(page, 'Test card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Test card number')).toHaveAccessibleDescription(/Not a valid Visa card number/);
  // Nothing was stored.
  expect(await page.evaluate(() => localStorage.getItem('merchantStoreConfiguration') ?? '')).not.toContain('4111');
  // The list takes the admin to the field.
  await summary.getByRole('button', { name: 'Custom CSS URL' }).click();
  await expect(tab(page, 'Customizations')).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'Custom CSS URL')).toBeFocused();
  await expect(field(page, 'Custom CSS URL')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Custom CSS URL').fill('https://cdn.example.com/theme.css');
  await expect(field(page, 'Custom CSS URL')).not.toHaveAttribute('aria-invalid', 'true');
});

test('test contacts: adding needs email, scheme and phone, duplicates are refused, at least one is kept', async ({
  page,
}) => {
  await openConfiguration(page, { onTab: 'Widget and test data config' });
  const add = main(page).getByRole('group', { name: 'New test contact' });
  const addButton = add.getByRole('button', { name: 'Add test contact' });
  await add.getByLabel('Contact email').fill('returning.user@example.com');
  await add.getByLabel('Contact phone number').fill('3125550100');
  await addButton.click();
  await expect(add.getByRole('alert')).toHaveText('This email is already a test contact');
  await add.getByLabel('Contact email').fill('second@example.com');
  await add.getByLabel('Contact phone number').fill('2025550143');
  await addButton.click();
  await expect(add.getByRole('alert')).toHaveText('This phone number is already a test contact');
  await add.getByLabel('Contact phone number').fill('12');
  await addButton.click();
  await expect(add.getByRole('alert')).toHaveText('Please enter valid phone number');
  await add.getByLabel('Contact phone number').fill('3125550100');
  await add.getByLabel('Mastercard').uncheck();
  await addButton.click();
  await expect(add.getByRole('alert')).toHaveText('Choose at least one card scheme');
  await add.getByLabel('Visa').check();
  await add.getByLabel('Contact email').fill('nope');
  await addButton.click();
  await expect(add.getByRole('alert')).toHaveText('Please enter valid email id');
  await add.getByLabel('Contact email').fill('second@example.com');
  await addButton.click();
  await expect(field(page, 'Contact email 2')).toHaveValue('second@example.com');
  // A duplicate typed into the list itself is reported on save.
  await field(page, 'Contact phone number 2').fill('2025550143');
  await save(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Save Unsuccessful' })).toContainText(
    'This phone number is already a test contact',
  );
  // Deleting every contact: at least one is required.
  await main(page).getByRole('button', { name: 'Delete test contact second@example.com' }).click();
  await main(page).getByRole('button', { name: 'Delete test contact returning.user@example.com' }).click();
  await save(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Save Unsuccessful' })).toContainText(
    'At least one test contact is required',
  );
});

test('Reset restores the links, test card and test contact after a confirmation', async ({ page }) => {
  await openConfiguration(page, { onTab: 'Widget and test data config' });
  const docs = field(page, 'Documentation link (card input)');
  const original = await docs.inputValue();
  await docs.fill('https://docs.example.com/mine');
  await field(page, 'Test card security code').fill('999');
  await saveConfiguration(page);

  // Refused confirmation: nothing changes.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(docs).toHaveValue('https://docs.example.com/mine');

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(docs).toHaveValue(original);
  await expect(field(page, 'Test card security code')).toHaveValue('123');
  expect(messages).toEqual(['Restore the default documentation links, test card and test contact?']);
  const stored = await page.evaluate(() => localStorage.getItem('merchantStoreConfiguration') ?? '');
  expect(stored).not.toContain('docs.example.com/mine');
});

test('unsaved changes: an in-app move asks first, and so does closing the page', async ({ page }) => {
  await openConfiguration(page, { onTab: 'SRCI config' });
  await field(page, 'Merchant name (DPA name)').fill('Not saved');
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true }).click();
  await expect.poll(() => prompts).toEqual(['Parameters have not been saved, are you sure you want to leave?']);
  await expect(page).toHaveURL(/\/srci\/config$/);
  await expect(field(page, 'Merchant name (DPA name)')).toHaveValue('Not saved');

  const unload = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe('beforeunload');
});

test('staying when the browser asks before its full page load: the next move asks again', async ({ page }) => {
  await openConfiguration(page, { onTab: 'SRCI config' });
  await field(page, 'Merchant name (DPA name)').fill('Not saved');
  const prompts: string[] = [];
  // The app's question is accepted; the browser's own one, as the page unloads, is refused.
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void (dialog.type() === 'beforeunload' ? dialog.dismiss() : dialog.accept());
  });
  const cookiePolicy = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true });
  await cookiePolicy.click();
  await expect.poll(() => prompts).toEqual(['confirm', 'beforeunload']);
  await expect(page).toHaveURL(/\/srci\/config$/);

  await cookiePolicy.click();
  await expect.poll(() => prompts).toEqual(['confirm', 'beforeunload', 'confirm', 'beforeunload']);
  await expect(field(page, 'Merchant name (DPA name)')).toHaveValue('Not saved');
});

test('leaving after saving is a full page load, without a prompt', async ({ page }) => {
  await openConfiguration(page);
  await page.evaluate(() => ((window as { __marker?: number }).__marker = 1));
  page.on('dialog', () => {
    throw new Error('no prompt expected');
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true }).click();
  await expect(page).toHaveURL(/\/cookie$/);
  expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBeUndefined();
});

test('the JSON view locates a malformed document with a hint, and applies a good one', async ({ page }) => {
  await openConfiguration(page);
  await page.getByRole('button', { name: 'JSON view' }).click();
  const editor = page.getByRole('textbox', { name: 'Configuration as JSON' });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{\n  "checkout": 1,\n}');
  await page.getByRole('button', { name: 'Apply JSON' }).click();
  const problem = page.locator('#cfg-json-problem');
  await expect(problem).toContainText('The JSON is not well formed at line 3, column 1.');
  await expect(problem).toContainText('Remove the comma before the closing bracket or brace.');

  // Well formed but not a configuration: each wrong field is named.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{ "checkout": 1 }');
  await page.getByRole('button', { name: 'Apply JSON' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save Unsuccessful' })).toBeVisible();
  await expect(problem).toBeEmpty();

  // The exported configuration, edited, applies to the form.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as file' }).click();
  const bundle = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    checkout: { dpaData: { dpaName: string } };
  };
  bundle.checkout.dpaData.dpaName = 'From JSON';
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(bundle));
  await page.getByRole('button', { name: 'Apply JSON' }).click();
  await expect(page.getByText('The JSON is applied to the form. Save to keep it.')).toBeVisible();
  await page.getByRole('button', { name: 'JSON view' }).click();
  await tab(page, 'SRCI config').click();
  await expect(field(page, 'Merchant name (DPA name)')).toHaveValue('From JSON');
});

test('export then import gives the same configuration; a share link opens it for another admin', async ({
  page,
  context,
}) => {
  await openConfiguration(page, { onTab: 'SRCI config' });
  await field(page, 'Merchant name (DPA name)').fill('Exported Shop');
  await save(page);
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as file' }).click();
  const file = (await (await exported).path())!;
  const first = JSON.parse(await readFile(file, 'utf8')) as unknown;

  await page.getByRole('button', { name: 'Make a share link' }).click();
  const link = await page.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/srci\/config#config=/);

  // Change it, then import the file: the form holds the export again, and Save stores it.
  await field(page, 'Merchant name (DPA name)').fill('Changed');
  await save(page);
  await page.getByLabel('Import a file').setInputFiles(file);
  await expect(page.getByText('The file is imported. Check it, then Save to use it.')).toBeVisible();
  await expect(field(page, 'Merchant name (DPA name)')).toHaveValue('Exported Shop');
  await save(page);
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as file' }).click();
  expect(JSON.parse(await readFile((await (await again).path())!, 'utf8'))).toEqual(first);

  // A file that is not a configuration changes nothing.
  await page.getByLabel('Import a file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"checkout": '),
  });
  await expect(
    page.getByText(/The file is not a valid configuration; nothing was changed\. .*line 1, column 14/),
  ).toBeVisible();

  // The link, opened in another tab of an admin's browser, offers the same configuration.
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByText('This configuration comes from a shared link.', { exact: false })).toBeVisible();
  await other.getByRole('tab', { name: 'SRCI config' }).click();
  await expect(other.getByRole('main').getByLabel('Merchant name (DPA name)', { exact: true })).toHaveValue(
    'Exported Shop',
  );
});

// Needs the mock SRC files API of the guided tour (GET/POST/DELETE /api/mock-src-files).
test('mock SRC files: choose before upload, upload, preview, select, delete; anonymous writes refused', async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.post('/api/mock-src-files', { data: { name: 'x.json', content: {} } });
  expect([401, 403]).toContain(refused.status());
  await anonymous.dispose();
  await openConfiguration(page);
  const section = main(page).getByRole('region', { name: 'Mock SRC files' });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByText('Please choose a file before uploading.')).toBeVisible();

  const list = (await (await page.request.get('/api/mock-src-files')).json()) as { files: { name: string }[] };
  const builtIn = list.files[0]!.name;
  const content = ((await (await page.request.get(`/api/mock-src-files/${builtIn}`)).json()) as { content: unknown })
    .content;
  await section.getByLabel('Mock SRC file (JSON)').setInputFiles({
    name: 'upload.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(content)),
  });
  await section.getByLabel('Save as (optional)').fill('e2e-mock.json');
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByText('e2e-mock.json is uploaded.')).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'e2e-mock.json' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Preview e2e-mock.json' }).click();
  await expect(section.getByLabel('Preview of e2e-mock.json')).toContainText('{');
  await row.getByRole('radio', { name: 'Use e2e-mock.json' }).check();
  expect(await page.evaluate(() => localStorage.getItem('mockSrcFile'))).toBe('e2e-mock.json');
  await row.getByRole('button', { name: 'Delete e2e-mock.json' }).click();
  await expect(section.getByText('e2e-mock.json is deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mockSrcFile'))).toBeNull();
  await expect(section.getByRole('radio', { name: "Each tour's own file (the default)" })).toBeChecked();
});

test('the Click to Pay use case starts from the network button, dark as configured; its render is logged', async ({
  page,
}) => {
  await openConfiguration(page, { onTab: 'Customizations' });
  await field(page, 'Click to Pay button theme').selectOption('dark');
  await saveConfiguration(page);
  await page.evaluate(() => {
    localStorage.setItem('MSDT_USECASE', '3');
    localStorage.setItem('activatedTool', 'live-tool');
  });
  await seedShopper(page);
  await page.goto('/checkout/payment');
  const button = page.locator('src-button');
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('theme', 'dark');
  await expect(button).toHaveAttribute('card-brands', 'mastercard');
  await expect(page.locator('.c2p__email')).toHaveCount(0);
  const render = await lastCall(page, 'renderButton');
  expect(render.request).toMatchObject({ theme: 'dark', cardBrands: ['mastercard'] });
  await button.click();
  await expect(page.locator('.c2p__email input[name="c2pEmail"]')).toBeVisible();
});

for (const locale of LOCALES) {
  test(`every tab and the JSON view have no axe violations in ${locale.code}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await useLocaleCookie(page, baseURL, locale.code);
    await adminSession(page);
    await page.goto('/srci/config');
    await expect(page.locator('html')).toHaveAttribute('dir', locale.dir);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(6);
    await page.locator('.config-toolbar button').first().click(); // edit mode shows every control
    for (let index = 0; index < 6; index += 1) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
      expect.soft(await axeViolations(page), `${locale.code} tab ${index + 1}`).toEqual([]);
    }
    await page.locator('.config-toolbar button').nth(4).click();
    await expect(page.locator('.cm-content')).toBeVisible();
    expect.soft(await axeViolations(page), `${locale.code} JSON view`).toEqual([]);
  });
}
