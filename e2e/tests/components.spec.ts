import { expect, expectNoAxeViolations, test, useLocaleCookie, type LocaleCode } from '../fixtures.ts';

const SLUGS = [
  'card-input',
  'otp-input',
  'card-list',
  'card-encryption',
  'single-card',
  'email-lookup',
  'get-cards',
  'checkout-with-card',
  'checkout-with-new-card',
  'fetch-payload',
  'post-confirmation',
];

test.describe('component pages', () => {
  test('the index lists the eleven pages, reachable from home and the footer', async ({ page }) => {
    await page.goto('/home');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Components and calls/ })
      .click();
    await expect(page).toHaveURL(/\/components$/);
    const links = page.getByTestId('component-links').getByRole('link');
    await expect(links).toHaveCount(11);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
      SLUGS.map((slug) => `/components/${slug}`),
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Components and calls' })).toHaveAttribute(
      'href',
      '/components',
    );
  });

  test('every page shows where it sits in the flow, a live demo, a code sample and its documentation links', async ({
    page,
  }) => {
    for (const slug of SLUGS) {
      await page.goto(`/components/${slug}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Where it sits in the flow' })).toBeVisible();
      await expect(page.getByText('(this page)').first()).toBeAttached();
      await expect(page.getByRole('heading', { level: 2, name: 'Try it live' })).toBeVisible();
      await expect(page.getByTestId('code-sample')).not.toBeEmpty();
      await expect(page.getByTestId('documentation-link')).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('the documentation link follows the merchant store configuration', async ({ page }) => {
    await page.goto('/components/email-lookup');
    const stored = await page.evaluate(() => window.localStorage.getItem('merchantStoreConfiguration'));
    const config = stored
      ? (JSON.parse(stored) as { documentationLinks: Record<string, { documentationLink: string }> })
      : undefined;
    expect(config, 'the page writes nothing by itself; the configuration screen does').toBeUndefined();
    await page.evaluate(() => {
      // What the configuration screen saves: the store configuration of its version, one link changed.
      const links = Object.fromEntries(
        [
          'cardInput',
          'otpInput',
          'cardList',
          'cardEncryption',
          'singleCard',
          'profileLookup',
          'getCards',
          'checkoutWithCard',
          'checkoutWithNewCard',
          'fetchPayload',
          'postConfirmationLink',
        ].map((key) => [
          key,
          { documentationLink: `https://docs.example/${key}`, codeLink: `https://code.example/${key}` },
        ]),
      );
      window.localStorage.setItem(
        'merchantStoreConfiguration',
        JSON.stringify({ lastUpdated: '13/03/2023', documentationLinks: links }),
      );
    });
    await page.reload();
    await expect(page.getByTestId('documentation-link')).toHaveAttribute('href', 'https://docs.example/profileLookup');
    await expect(page.getByTestId('code-link')).toHaveAttribute('href', 'https://code.example/profileLookup');
  });

  test('email lookup answers consumerPresent true for the returning test consumer, false for a stranger', async ({
    page,
  }) => {
    await page.goto('/components/email-lookup');
    await expect(page.getByLabel('Input (JSON)')).toHaveValue(/returning\.user@example\.com/);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('demo-response').last()).toContainText('"consumerPresent": true', {
      timeout: 15_000,
    });

    await page.getByLabel('Input (JSON)').fill('{ "email": "nobody.here@example.com" }');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('demo-response').last()).toContainText('"consumerPresent": false', {
      timeout: 15_000,
    });

    await page.getByLabel('Input (JSON)').fill('{ "email": ');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByText(/The input is not well-formed JSON/)).toBeVisible();
    await expect(page.getByLabel('Input (JSON)')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the one-time code page validates the returning user and the card list then shows the cards', async ({
    page,
  }) => {
    await page.goto('/components/otp-input');
    await page.getByRole('button', { name: 'Run' }).click();
    const otp = page.locator('src-otp-input');
    await expect(otp).toBeVisible({ timeout: 15_000 });
    await otp.locator('input').first().click();
    await page.keyboard.type('123456');
    await otp.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('demo-call').filter({ hasText: 'validate' })).toContainText('resolved', {
      timeout: 15_000,
    });

    await page.getByRole('link', { name: 'All components and calls' }).click();
    await page.getByRole('link', { name: /Card list/ }).click();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('demo-response').last()).toContainText('panLastFour', { timeout: 15_000 });
    await expect(page.locator('src-card-list')).toBeVisible();
  });

  test('the card input follows the number with its brand and says what is wrong', async ({ page }) => {
    await page.goto('/components/card-input');
    await expect(page.getByTestId('detected-brand')).toHaveText('Brand: Mastercard');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await expect(page.getByTestId('detected-brand')).toHaveText('Brand: Visa');
    await page.getByLabel('Expiry date').fill('13/40');
    await expect(page.getByText('Invalid expiry date')).toBeVisible();
  });

  test('card encryption answers a five-part JWE from the network SDK', async ({ page }) => {
    await page.goto('/components/card-encryption');
    await page.getByRole('button', { name: 'Run' }).click();
    const response = page.getByTestId('demo-response').last();
    await expect(response).toContainText('encryptedCard', { timeout: 15_000 });
    const answer = JSON.parse((await response.textContent()) ?? '{}') as { encryptedCard: string };
    expect(answer.encryptedCard.split('.')).toHaveLength(5);
  });

  test('an unknown component answers the 404 page', async ({ page }) => {
    await page.goto('/components/no-such-thing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  for (const locale of ['en-US', 'fr-FR', 'ar-EG'] as LocaleCode[]) {
    test(`axe violations: none on the component pages in ${locale}`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await useLocaleCookie(page, baseURL, locale);
      await page.goto('/components');
      await expect(page.getByTestId('component-links')).toBeVisible();
      await expectNoAxeViolations(page);
      for (const slug of SLUGS) {
        await page.goto(`/components/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }
});
