// Issue 18, the shopper's and presenter's experience: keyboard and focus (item 6), the network's
// window (item 7), one language per page (item 3), the narrow layout (item 8), one error once
// (item 5) and visible waits (item 10). Each test is what a shopper would notice.
import type { Page } from '@playwright/test';
import { defaultCheckoutConfiguration } from '@c2p/domain';
import { LOCALE_CODES, tr } from '../catalogue-text.ts';
import {
  addToCart,
  cardOptions,
  CODE,
  dcfFrame,
  enterCode,
  otpDigits,
  reachPaymentStep,
  RETURNING_EMAIL,
  submitEmail as submitEmailIn,
} from '../click-to-pay-steps.ts';
import { fillShippingForm } from '../shipping-form.ts';
import {
  expect,
  expectNoAxeViolations,
  seedLocalStorage,
  test,
  useLocaleCookie,
  type LocaleCode,
} from '../fixtures.ts';

/** Product 2 in the server's catalogue, in each locale. */
const PRODUCT_2: Record<LocaleCode, string> = {
  'en-US': 'Pulse Smart Watch',
  'fr-FR': 'Montre connectée Pulse',
  'ar-EG': 'ساعة بلس الذكية',
};

const failure = (page: Page) => page.getByTestId('c2p-failure');

// The shopper of these tests checks out in en-US, straight to the shipping step.
const toPaymentStep = (page: Page, { cartCount = 1 } = {}) => reachPaymentStep(page, 'en-US', { cartCount });
const submitEmail = (page: Page, email = RETURNING_EMAIL) => submitEmailIn(page, 'en-US', email);
/** The code typed straight away: the first digit has the focus when the step appears. */
const typeCode = (page: Page, code: string, { rememberMe = false } = {}) =>
  enterCode(page, code, { rememberMe, focused: true });

async function toCardList(page: Page, { rememberMe = false, cartCount = 1 } = {}) {
  await toPaymentStep(page, { cartCount });
  await submitEmail(page);
  await typeCode(page, CODE, { rememberMe });
  await expect(cardOptions(page)).toHaveCount(2);
}

test.describe.configure({ timeout: 60_000 });
test.use({ cookiesAccepted: true });

test.describe('item 6: keyboard and focus', () => {
  test("the code step takes the typing; the network's window takes the focus at its primary action, Escape cancels it", async ({
    page,
  }) => {
    await toCardList(page);
    await cardOptions(page).filter({ hasText: '9726' }).click();
    const primary = dcfFrame(page).locator('.actions button.primary');
    await expect(primary).toBeFocused();
    // Tab goes on from the primary action to Cancel, inside the window.
    await page.keyboard.press('Tab');
    await expect(dcfFrame(page).locator('.actions button').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('iframe[name=c2p-dcf-frame]')).toHaveCount(0);
    await expect(cardOptions(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\/checkout\/payment$/);
  });

  test('the disabled sign-in panel opens on its explanation, not on a live link', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    const note = dialog.locator('p[data-autofocus]');
    await expect(note).toHaveText(tr('en-US', 'ACCOUNT.SIGN_IN.NOT_REQUIRED'));
    await expect(note).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe("item 7: the network's window", () => {
  test('fits its content, names the merchant and the card (art, brand), asks Remember me once, shows progress', async ({
    page,
  }) => {
    await toCardList(page, { rememberMe: true });
    // The network's answer to Continue takes a while: the window says it is working meanwhile.
    await page.route('**/sandbox/api/checkouts/*/action', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await cardOptions(page).filter({ hasText: '9726' }).click();
    const dcf = dcfFrame(page);
    await expect(dcf.getByRole('heading', { level: 1 })).toHaveText('Review your payment');
    await expect(dcf.locator('body')).not.toContainText('Pay Click to Pay Demo');
    await expect(dcf.locator('.facts')).toContainText('Merchant');
    await expect(dcf.locator('.facts')).toContainText('Click to Pay Demo');
    await expect(dcf.locator('.card__name')).toHaveText(/^Mastercard\s+•••• 9726$/);
    await expect(dcf.locator('img.card__art')).toBeVisible();
    expect(await dcf.locator('img.card__art').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Ticked on the code step: not asked a second time.
    await expect(dcf.getByLabel('Remember me on this browser')).toHaveCount(0);

    // As tall as its content: no band of empty space under the buttons.
    const sheet = page.locator('.dcf__sheet');
    await expect(page.locator('.dcf[data-sized]')).toHaveCount(1);
    const contentHeight = await dcf.locator('html').evaluate((html) => html.scrollHeight);
    const sheetBox = (await sheet.boundingBox())!;
    expect(Math.abs(sheetBox.height - contentHeight)).toBeLessThanOrEqual(2);
    await expectNoAxeViolations(page);

    // The network's answer is held until the progress has been seen: answered at once, the window
    // closes before the status can be read.
    let answer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/window/action', async (route) => {
      await answerHeld;
      await route.continue();
    });
    await dcf.locator('.actions button.primary').click();
    await expect(dcf.getByRole('status')).toHaveText('Processing your payment…');
    answer();
    await expect(page).toHaveURL(/\/checkout\/review$/, { timeout: 15_000 });
  });

  test('a shopper who left Remember me unticked on the code step is not asked again', async ({ page }) => {
    await toCardList(page);
    await cardOptions(page).filter({ hasText: '9726' }).click();
    await expect(dcfFrame(page).locator('.actions button.primary')).toBeVisible();
    await expect(dcfFrame(page).getByLabel('Remember me on this browser')).toHaveCount(0);
  });
});

test.describe('item 3: one language per page', () => {
  for (const locale of LOCALE_CODES) {
    test(`${locale}: a product added in English reads in ${locale} in the cart, review and thank-you; numbers in the locale's digits`, async ({
      page,
      baseURL,
    }) => {
      await useLocaleCookie(page, baseURL, 'en-US');
      await addToCart(page);
      await useLocaleCookie(page, baseURL, locale);
      await page.goto('/cart');
      const line = page.locator('.cart-line__name');
      await expect(line).toHaveText(PRODUCT_2[locale]);
      const one = new Intl.NumberFormat(locale).format(1);
      await expect(page.getByText(tr(locale, 'SHOP.CART.ITEM_COUNT_one', { count: one }))).toBeVisible();
      const main = await page.locator('.cart__items, .cart__summary').allInnerTexts();
      if (locale === 'ar-EG') {
        // Arabic-Indic digits only (the promo code's hint names a code, CLICKTOPAY10, left as typed).
        expect(main.join(' ').replace(/CLICKTOPAY10/g, '')).not.toMatch(/[0-9]/);
        await expect(page.getByTestId('cart-count').first()).toHaveText('١');
      }

      // Review and thank-you, paid by card.
      await page.goto('/checkout/shipping');
      await fillShippingForm(page);
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.SHIPPING.CONTINUE') }).click();
      await page.locator('input[name="paymentMethod"][value="card"]').check();
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.PAYMENT.USE_TEST_CARD') }).click();
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.PAYMENT.CONTINUE') }).click();
      await expect(page).toHaveURL(/\/checkout\/review$/);
      await expect(page.locator('.order-lines__name')).toHaveText(PRODUCT_2[locale]);
      const stepNumber = await page
        .locator('.checkout-progress li')
        .first()
        .evaluate((li) => getComputedStyle(li, '::before').content);
      expect(stepNumber).toBe(locale === 'ar-EG' ? 'counter(step, arabic-indic) ". "' : 'counter(step) ". "');
      // In French, a (narrow) no-break space before every colon a sentence has (times like 23:04 aside).
      const frenchColons = async () => {
        if (locale === 'fr-FR') expect(await page.getByRole('main').innerText()).not.toMatch(/[^\u00a0\u202f\d]:/);
      };
      await frenchColons();
      await page.getByRole('button', { name: tr(locale, 'CHECKOUT.REVIEW.PLACE_ORDER') }).click();
      await expect(page).toHaveURL(/\/checkout\/thank-you$/);
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'CHECKOUT.THANK_YOU.TITLE') })).toBeVisible();
      await expect(page.locator('.order-lines__name')).toHaveText(PRODUCT_2[locale]);
      await frenchColons();
      if (locale === 'ar-EG') {
        // Quantities and prices in one kind of digits (the order number, card digits and the address
        // are codes and stay as written).
        const lines = await page.locator('.order-lines').innerText();
        expect(lines).not.toMatch(/[0-9]/);
      }
    });
  }
});

test.describe('item 8: the narrow layout at 768 px', () => {
  test.use({ viewport: { width: 768, height: 900 } });

  test('store, checkout, Click to Pay and the API log work in one column, without sideways scrolling', async ({
    page,
  }) => {
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.goto('/home');
    await expect(page.getByTestId('not-supported')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await noSideways();
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noSideways();
    await addToCart(page);
    await page.goto('/cart');
    // The order summary sits under the lines, not beside them.
    const lineBox = (await page.locator('.cart__items').boundingBox())!;
    const summaryBox = (await page.locator('.cart__summary').boundingBox())!;
    expect(summaryBox.y).toBeGreaterThanOrEqual(lineBox.y + lineBox.height - 1);
    await noSideways();
    await expectNoAxeViolations(page);
    // Product 2 is in the cart already: the checkout adds a second.
    await toCardList(page, { cartCount: 2 });
    await noSideways();
    await cardOptions(page).filter({ hasText: '9726' }).click();
    const frame = (await page.locator('iframe[name=c2p-dcf-frame]').boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(768);
    await dcfFrame(page).locator('.actions button.primary').click();
    await expect(page).toHaveURL(/\/checkout\/review$/);
    await noSideways();
    await page.locator('button.api-log-button').click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByTestId('api-log-entry').first()).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.width).toBeLessThanOrEqual(768);
  });

  test('a touch device under 992 px and any window under 360 px get the not-supported screen', async ({
    browser,
    baseURL,
  }) => {
    const touch = await browser.newContext({
      baseURL,
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      isMobile: true,
    });
    const tablet = await touch.newPage();
    await tablet.goto('/home');
    await expect(tablet.getByTestId('not-supported')).toBeVisible();
    await expect(tablet.getByRole('banner')).toBeHidden();
    await touch.close();

    const tiny = await browser.newContext({ baseURL, viewport: { width: 359, height: 800 } });
    const small = await tiny.newPage();
    await small.goto('/home');
    await expect(small.getByTestId('not-supported')).toBeVisible();
    await small.setViewportSize({ width: 360, height: 800 });
    await expect(small.getByTestId('not-supported')).toBeHidden();
    await expect(small.getByRole('heading', { level: 1, name: 'Experience Click to Pay' })).toBeVisible();
    await tiny.close();
  });
});

test.describe('item 5: one error, once, in one voice', () => {
  const CODE_INVALID = tr('en-US', 'SRCI_ERRORS.VALIDATE.CODE_INVALID');
  const RETRIES = tr('en-US', 'SRCI_ERRORS.VALIDATE.RETRIES_EXCEEDED');
  /** Every element of the payment step whose own text is an error: one, with the spec's wording. */
  const errorsShown = (page: Page) =>
    page.evaluate(() => {
      const texts: string[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const element of root.querySelectorAll<HTMLElement>('.form__error, .error, [data-sonner-toast]')) {
          const text = element.innerText.trim();
          if (text) texts.push(text);
        }
        for (const host of root.querySelectorAll('*')) if (host.shadowRoot) walk(host.shadowRoot);
      };
      walk(document);
      return texts;
    });

  test("a wrong code shows the spec's message once; three wrong codes likewise", async ({ page }) => {
    await toPaymentStep(page);
    await submitEmail(page);
    await typeCode(page, '000000');
    await expect(page.locator('src-otp-input .error')).toHaveText(CODE_INVALID);
    expect(await errorsShown(page)).toEqual([CODE_INVALID]);
    await otpDigits(page).first().focus();
    await typeCode(page, '000000');
    await expect.poll(() => errorsShown(page)).toEqual([CODE_INVALID]);
    await typeCode(page, '000000');
    await expect(page.locator('src-otp-input .error')).toHaveText(RETRIES);
    expect(await errorsShown(page)).toEqual([RETRIES]);
  });

  test('an SDK that does not load: one message, Retry and pay by card, and an API log entry', async ({ page }) => {
    const config = defaultCheckoutConfiguration();
    config.srciEnv.scriptSrc = '/sandbox/srci/integration/2/no-such-lib.js';
    await seedLocalStorage(page, { merchantCheckoutConfiguration: JSON.stringify(config) });
    await toPaymentStep(page);
    await expect(failure(page).getByRole('alert')).toHaveText(tr('en-US', 'APP_DEFAULT_ERROR_MESSAGE'));
    expect(await errorsShown(page)).toEqual([tr('en-US', 'APP_DEFAULT_ERROR_MESSAGE')]);
    const logged = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem('api-logs') ?? '[]') as { logs: { name: string; failed?: boolean }[] }[])
        .flatMap((transaction) => transaction.logs)
        .map((log) => `${log.name}${log.failed ? ' (failed)' : ''}`),
    );
    expect(logged).toContain('loadScript (failed)');
    await expect(failure(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await failure(page).getByRole('button', { name: 'Pay by card instead' }).click();
    await expect(page.locator('input[name="paymentMethod"][value="card"]')).toBeChecked();
  });

  test('a failed payload fetch says so once and Retry fetches it', async ({ page }) => {
    await toCardList(page);
    let failures = 0;
    await page.route('**/api/getPayload', async (route) => {
      if (failures++ === 0) await route.fulfill({ status: 502, json: { statusCode: 502, message: 'Bad gateway' } });
      else await route.continue();
    });
    await cardOptions(page).filter({ hasText: '9726' }).click();
    await dcfFrame(page).locator('.actions button.primary').click();
    const message = tr('en-US', 'API_ERRORS.FETCH_PAYLOAD');
    await expect(failure(page).getByRole('alert')).toHaveText(message);
    expect(await errorsShown(page)).toEqual([message]);
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/checkout\/review$/);
  });
});

test.describe('item 10: waiting', () => {
  test('Click to Pay loading and a slow lookup show labelled progress; the card list stays behind the window', async ({
    page,
  }) => {
    await page.route('**/sandbox/srci/integration/2/lib.js*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.route('**/sandbox/api/lookup', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await toPaymentStep(page);
    await expect(page.locator('.c2p').getByRole('status')).toHaveText(tr('en-US', 'CLICK_TO_PAY.LOADING'));
    await expect(page.locator('.c2p .loader__label')).toBeVisible();
    await submitEmail(page);
    await expect(page.locator('.c2p').getByRole('status')).toHaveText(tr('en-US', 'POLISH.LOOKING_UP'));
    await typeCode(page, CODE);
    await expect(cardOptions(page)).toHaveCount(2);
    await cardOptions(page).filter({ hasText: '9726' }).click();
    await expect(dcfFrame(page).locator('.actions button.primary')).toBeVisible();
    // Behind the network's window the cards stay, with a word on where to go on.
    await expect(cardOptions(page)).toHaveCount(2);
    await expect(page.locator('.c2p .loader__label')).toHaveText(tr('en-US', 'POLISH.IN_NETWORK_WINDOW'));
  });
});
