// Screenshot tests (issue 18 item 13): every page of the product in the three locales at 1366 px,
// and the narrow layout at 768 px, compared with the reviewed images in visual.spec.ts-snapshots/.
// A block that moves fails; anti-aliasing noise does not (maxDiffPixelRatio). Update the images
// with `--update-snapshots` after a deliberate change and review them (e2e/README.md).
import type { Locator, Page } from '@playwright/test';
import type { Order } from '@c2p/domain';
import {
  expect,
  placeTestOrder,
  seedLocalStorage,
  seedShopper,
  signInAsAdmin,
  test,
  useLocaleCookie,
  type LocaleCode,
} from '../fixtures.ts';
import { TOUR_AT_THE_END } from '../guided-tour-steps.ts';

const LOCALES: LocaleCode[] = ['en-US', 'fr-FR', 'ar-EG'];
const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 768, height: 768 };

interface VisualPage {
  /** The image's name: `{name}-{locale}[-narrow]`. */
  name: string;
  path: string;
  /** Storage the page needs before it loads (the checkout's state, a placed order). */
  prepare?: (page: Page) => Promise<void>;
  /** Parts that change from run to run (times, order numbers, the server's port). */
  mask?: (page: Page) => Locator[];
  /** Pages that are not translated (the network sandbox) are taken once, in en-US. */
  englishOnly?: boolean;
  /** Waits for the network to go quiet before the picture (pages that call the SDK). */
  waitForNetwork?: boolean;
  /** What shows last, loaded after the page's own code (the tour's header and hint). */
  shownLast?: (page: Page) => Locator;
  /** Taken in a window under 360 px (the not-supported screen) rather than at 1366 px. */
  viewport?: { width: number; height: number };
}

/** A placed order with a fixed number and time, so the thank-you page is the same on every run. */
async function fixedOrder(page: Page): Promise<Order> {
  const order = await placeTestOrder(page);
  return { ...order, orderNumber: 'C2P-VISUAL01', createdAt: '2026-01-15T10:30:00.000Z' };
}

/** The shopper pages, the demos, the sandbox, the error and not-supported screens. */
const PAGES: VisualPage[] = [
  { name: 'home', path: '/home' },
  { name: 'products', path: '/products' },
  { name: 'product', path: '/products/1' },
  { name: 'cart', path: '/cart', prepare: (page) => seedShopper(page) },
  { name: 'checkout-shipping', path: '/checkout/shipping', prepare: (page) => seedShopper(page) },
  {
    name: 'checkout-payment',
    path: '/checkout/payment',
    prepare: (page) => seedShopper(page),
    waitForNetwork: true,
    // The API log counts the SDK's calls, which may still be coming in.
    mask: (page) => [page.locator('.api-log-button__badge')],
  },
  { name: 'checkout-review', path: '/checkout/review', prepare: (page) => seedShopper(page, { payment: true }) },
  {
    name: 'thank-you',
    path: '/checkout/thank-you',
    prepare: async (page) => seedShopper(page, { payment: true, order: await fixedOrder(page) }),
    mask: (page) => [page.getByTestId('order-number')],
  },
  {
    // A guided tour at its end: the tour header, the hint and End demo (fixed at the bottom when narrow).
    name: 'tour-thank-you',
    path: '/checkout/thank-you',
    prepare: async (page) => {
      await seedLocalStorage(page, { activatedTool: 'mock-tool', tourStatus: TOUR_AT_THE_END });
      await seedShopper(page, { payment: true, order: await fixedOrder(page) });
    },
    mask: (page) => [page.getByTestId('order-number')],
    shownLast: (page) => page.getByTestId('tour-hint'),
  },
  { name: 'sign-in', path: '/sign-in' },
  {
    name: 'sandbox',
    path: '/sandbox',
    englishOnly: true,
    // The SDK's address names the server's port, another on every run.
    mask: (page) => [page.locator('main > p code').first()],
  },
  { name: 'card-on-file', path: '/card-on-file' },
  { name: 'installments', path: '/demo/guided-tour/installments' },
  { name: 'components', path: '/components' },
  { name: 'component-card-input', path: '/components/card-input' },
  { name: 'guided-tour', path: '/demo/guided-tour' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'not-supported', path: '/home', viewport: { width: 359, height: 768 } },
];

/** The configuration screen, as the admin sees it. */
const CONFIGURATION: VisualPage = { name: 'configuration', path: '/srci/config' };

/** The build's version and release time show in every footer. */
const alwaysMasked = (page: Page) => [
  page.getByTestId('app-version'),
  page.getByTestId('release-date'),
  page.locator('.footer__meta > span').filter({ hasText: /©|\d{4}/ }),
];

async function settle(page: Page, entry: VisualPage): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true })).toHaveCount(1);
  // The payment step loads the network's SDK and asks it about the shopper: let it finish.
  if (entry.waitForNetwork) await page.waitForLoadState('networkidle');
  if (entry.shownLast) await expect(entry.shownLast(page)).toBeVisible();
  // Every image of the viewport has arrived, and the page's fonts.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shoot(page: Page, entry: VisualPage, image: string): Promise<void> {
  await page.goto(entry.path);
  await settle(page, entry);
  await expect(page).toHaveScreenshot(image, {
    animations: 'disabled',
    caret: 'hide',
    fullPage: false,
    mask: [...alwaysMasked(page), ...(entry.mask?.(page) ?? [])],
    // 0.1 %: about 1,000 pixels of anti-aliasing; a moved button or hint (thousands of pixels) fails.
    maxDiffPixelRatio: 0.001,
  });
}

async function open(page: Page, baseURL: string | undefined, entry: VisualPage, locale: LocaleCode, wide: boolean) {
  await useLocaleCookie(page, baseURL, locale);
  await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
  await page.setViewportSize(entry.viewport ?? (wide ? WIDE : NARROW));
  await entry.prepare?.(page);
}

test.use({ timezoneId: 'UTC' });

test.describe('screenshots', () => {
  for (const entry of PAGES) {
    for (const locale of entry.englishOnly ? (['en-US'] as const) : LOCALES) {
      test(`${entry.name} in ${locale}`, async ({ page, baseURL }) => {
        await open(page, baseURL, entry, locale, true);
        await shoot(page, entry, `${entry.name}-${locale}.png`);
      });
    }
    if (entry.viewport) continue;
    test(`${entry.name} in the narrow layout (768 px)`, async ({ page, baseURL }) => {
      await open(page, baseURL, entry, 'en-US', false);
      await shoot(page, entry, `${entry.name}-en-US-narrow.png`);
    });
  }
});

test.describe('screenshots: the configuration screen', () => {
  // Sign-in is rate limited: one admin sign-in for the three locales.
  test('configuration in the three locales (admin)', async ({ page, baseURL }) => {
    await seedLocalStorage(page, { 'msdt-cookie-accepted': 'true' });
    await page.setViewportSize(WIDE);
    await signInAsAdmin(page);
    for (const locale of LOCALES) {
      await useLocaleCookie(page, baseURL, locale);
      await shoot(page, CONFIGURATION, `${CONFIGURATION.name}-${locale}.png`);
    }
  });
});
