import { COMPONENT_SLUGS, DOCUMENTED_COMPONENTS, STORE_CONFIG_VERSION, TEST_CARDS } from '@c2p/domain';
import { LOCALE_CODES } from '../catalogue-text.ts';
import {
  cardOptions,
  CODE,
  emailField,
  newUserEmail,
  reachPaymentStep,
  signInWithCode,
  submitEmail,
} from '../click-to-pay-steps.ts';
import { validateReturningUserOnComponentPage } from '../component-pages.ts';
import { ADMIN, expect, expectNoAxeViolations, test, useLocaleCookie } from '../fixtures.ts';
import { hint, pressHintUntil, startExperience } from '../guided-tour-steps.ts';
import { footerLink, openFromHome } from '../home-page.ts';

const SLUGS = COMPONENT_SLUGS;

test.describe('component pages', () => {
  test('the index lists the fourteen pages, reachable from home and the footer', async ({ page }) => {
    await openFromHome(page, /Components and calls/);
    await expect(page).toHaveURL(/\/components$/);
    const links = page.getByTestId('component-links').getByRole('link');
    await expect(links).toHaveCount(14);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
      SLUGS.map((slug) => `/components/${slug}`),
    );
    await expect(footerLink(page, 'Components and calls')).toHaveAttribute('href', '/components');
  });

  test('every page shows where it sits in the flow, a live demo, a code sample and its documentation links', async ({
    page,
  }) => {
    for (const slug of SLUGS) {
      await page.goto(`/components/${slug}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Where it sits in the flow' })).toBeVisible();
      await expect(page.getByText('(this page)').first()).toBeAttached();
      await expect(page.getByRole('heading', { level: 2, name: 'Try it live' })).toBeVisible();
      // The live demo itself: an input and Run, or (card input) the card fields.
      if (slug === 'card-input') await expect(page.getByLabel('Card number')).toBeEditable();
      else {
        await expect(page.getByLabel('Input (JSON)')).toBeEditable();
        await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
      }
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
    await page.evaluate(
      ({ components, version }) => {
        // What the configuration screen saves: the store configuration of its version, one link changed.
        const links = Object.fromEntries(
          components.map((key) => [
            key,
            { documentationLink: `https://docs.example/${key}`, codeLink: `https://code.example/${key}` },
          ]),
        );
        window.localStorage.setItem(
          'merchantStoreConfiguration',
          JSON.stringify({ lastUpdated: version, documentationLinks: links }),
        );
      },
      { components: [...DOCUMENTED_COMPONENTS], version: STORE_CONFIG_VERSION },
    );
    await page.reload();
    await expect(page.getByTestId('documentation-link')).toHaveAttribute('href', 'https://docs.example/profileLookup');
    await expect(page.getByTestId('code-link')).toHaveAttribute('href', 'https://code.example/profileLookup');
  });

  test('a documentation link changed on the configuration screen shows on its component page', async ({
    page,
    baseURL,
  }) => {
    const login = await page.request.post('/api/admin/login', { data: ADMIN, headers: { origin: baseURL! } });
    expect(login.ok(), `admin login: ${login.status()}`).toBe(true);
    await page.goto('/srci/config');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('tab', { name: /^Widget and test data config/ }).click();
    await main
      .getByLabel('Documentation link (card input)', { exact: true })
      .fill('https://docs.example.com/learn/card-input');
    await main.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(page.getByText('Parameters have been saved')).toBeVisible();
    await page.goto('/components/card-input');
    await expect(page.getByRole('main').getByTestId('documentation-link')).toHaveAttribute(
      'href',
      'https://docs.example.com/learn/card-input',
    );
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
    await validateReturningUserOnComponentPage(page);

    await page.getByRole('link', { name: 'All components and calls' }).click();
    await page.getByRole('link', { name: /Card list/ }).click();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('demo-response').last()).toContainText('panLastFour', { timeout: 15_000 });
    await expect(page.locator('src-card-list')).toBeVisible();
  });

  test('authenticate signs the returning user in with the code in the network’s window, and lists the window’s passkey steps', async ({
    page,
  }) => {
    await page.goto('/components/authenticate');
    await expect(page.getByTestId('documentation-link')).toHaveAttribute('href', /sdk-reference\/authenticate\//);
    await expect(page.getByTestId('code-sample')).toContainText('mcCheckoutService.authenticate({');
    await expect(page.getByLabel('Input (JSON)')).toHaveValue(/returning\.user@example\.com/);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Run' }).click();
    const dcf = await popup;
    // No passkey of this profile here: the code (no platform authenticator, so no offer of one).
    await dcf.locator('#otp').fill(CODE);
    await dcf.getByRole('button', { name: 'Verify' }).click();
    const calls = page.getByTestId('demo-call');
    await expect(calls.filter({ hasText: 'PASSKEY_UNAVAILABLE' })).toContainText('"reason": "NO_PASSKEY"');
    const authenticate = calls.filter({ hasText: /^authenticate/ });
    // The answer is the network's documented one (the cards); the method used is the log's steps above.
    await expect(authenticate.getByTestId('demo-response')).toContainText('"panLastFour"', { timeout: 15_000 });
    await expect(authenticate.getByTestId('demo-response')).not.toContainText('authenticationMethod');
    await expectNoAxeViolations(page);
  });

  test('the card input follows the number with its brand and says what is wrong', async ({ page }) => {
    await page.goto('/components/card-input');
    await expect(page.getByTestId('detected-brand')).toHaveText('Brand: Mastercard');
    await page.getByLabel('Card number').fill('5186 0017 0000 8785');
    await expect(page.getByTestId('detected-brand')).toHaveText('Brand: Mastercard');
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

  test("the component pages' JavaScript is loaded on those pages only", async ({ page }) => {
    // Each script the page loaded, read as it arrives (asked again when a navigation discarded it).
    const scripts: Array<Promise<string>> = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      scripts.push(response.text().catch(async () => (await page.request.get(url)).text()));
    });
    // A text found only in the component pages' code samples.
    const marker = 'a JWE in five parts';
    const loadedMarker = async () => (await Promise.all(scripts)).some((code) => code.includes(marker));
    for (const path of ['/home', '/products', '/products/2', '/cart', '/demo/guided-tour']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // Past the idle link prefetch (2 s): the footer's and home's links to /components fetch nothing.
    await page.goto('/home');
    await expect(page.getByRole('main').getByRole('link', { name: /Components and calls/ })).toBeVisible();
    await page.waitForTimeout(3_000);
    expect(await loadedMarker()).toBe(false);
    await page.goto('/components/card-encryption');
    await expect(page.getByTestId('code-sample')).toContainText(marker);
    expect(await loadedMarker()).toBe(true);
  });

  test('an info button beside a component in the checkout opens its explanation in a panel, without leaving the flow', async ({
    page,
  }) => {
    await reachPaymentStep(page, 'en-US');
    const email = emailField(page);
    await expect(email).toBeVisible({ timeout: 15_000 });
    await email.fill('someone@example.com');

    const info = page.getByRole('button', { name: 'How email lookup works' });
    await expect(info).toHaveAttribute('aria-expanded', 'false');
    await info.click();
    const panel = page.getByRole('dialog', { name: 'How email lookup works' });
    await expect(panel.getByTestId('info-panel')).toContainText('idLookup asks the network');
    // Issue 29 item 8: the panel is not the component's page; its step is named as the one it explains.
    await expect(panel.getByText('(the step this panel explains)').first()).toBeAttached();
    await expect(panel.getByText('(this page)')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: /Open its full page/ })).toHaveAttribute(
      'href',
      '/components/email-lookup',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // Still on the payment step, the email as typed, focus back on the button.
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(email).toHaveValue('someone@example.com');
    await expect(info).toBeFocused();
  });

  test('the info buttons beside the card list and the new card form explain them, and the step stays as it was', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await reachPaymentStep(page, 'en-US');
    await signInWithCode(page, 'en-US');
    const cardListInfo = page.getByRole('button', { name: 'How the card list works' });
    await expect(cardListInfo).toBeVisible();
    await cardListInfo.click();
    const cardListPanel = page.getByRole('dialog', { name: 'How the card list works' });
    await expect(cardListPanel.getByTestId('info-panel')).toContainText('from getCards');
    await page.keyboard.press('Escape');
    await expect(cardListPanel).toBeHidden();
    await expect(cardOptions(page)).toHaveCount(2);
    await expect(cardListInfo).toBeFocused();

    await page.goto('/checkout/payment');
    await submitEmail(page, 'en-US', newUserEmail());
    const number = page.locator('input[name="number"]');
    await expect(number).toBeVisible({ timeout: 15_000 });
    await number.fill(TEST_CARDS[0]!.cardNumber);
    const typed = await number.inputValue();
    expect(typed.replace(/\s/g, '')).toBe(TEST_CARDS[0]!.cardNumber);
    const cardInputInfo = page.getByRole('button', { name: 'How card input works' });
    await expect(cardInputInfo).toBeVisible();
    await cardInputInfo.click();
    const cardInputPanel = page.getByRole('dialog', { name: 'How card input works' });
    await expect(cardInputPanel.getByTestId('info-panel')).toContainText('where a new user types a card');
    await cardInputPanel.getByRole('button', { name: 'Close' }).click();
    await expect(cardInputPanel).toBeHidden();
    await expect(number).toHaveValue(typed);
  });

  test('in the guided tour, the info buttons beside the email step and the one-time code explain them in a panel', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => window.localStorage.setItem('msdt-cookie-accepted', 'true'));
    await startExperience(page, 'en-US', 3);
    await pressHintUntil(page, /\/checkout\/payment$/);
    await expect(page.getByRole('button', { name: 'How email lookup works' })).toBeVisible({ timeout: 15_000 });
    await page.locator('.c2p__email input[name="c2pEmail"]').fill('returning.user@example.com');
    await page.locator('.c2p__email button[type="submit"]').click();
    await expect(page.locator('src-otp-input')).toBeVisible({ timeout: 15_000 });
    const info = page.getByRole('button', { name: 'How the one-time code input works' });
    await info.click();
    const panel = page.getByRole('dialog', { name: 'How the one-time code input works' });
    await expect(panel.getByTestId('info-panel')).toContainText('one-time code');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page.locator('src-otp-input')).toBeVisible();
    await expect(hint(page)).toBeVisible();
  });

  test('an unknown component answers the 404 page', async ({ page }) => {
    await page.goto('/components/no-such-thing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  for (const locale of LOCALE_CODES) {
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
