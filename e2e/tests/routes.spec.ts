import type { Locator, Page } from '@playwright/test';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER, type CartItem, type Product } from '@c2p/domain';
import { SHOP_PAGE_PATHS } from '../route-paths.ts';
import {
  ERROR_TITLES,
  TEST_CARD_PAYMENT,
  TEST_SHIPPING,
  expect,
  test,
  visitEach,
  watchPageErrors,
} from '../fixtures.ts';

/** Spec section 2's routes (the /checkout index only redirects; it has its own test). */
const ROUTES = SHOP_PAGE_PATHS;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const activeTool = (page: Page) => page.evaluate(() => window.localStorage.getItem('activatedTool'));
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const marker = (page: Page) => page.evaluate(() => (window as { __marker?: number }).__marker);

/**
 * A visitor with nothing in storage: the shop's guards send the cart and checkout steps to where
 * what they need is entered (an empty cart to /cart/empty; a thank-you page without an order home).
 */
const EMPTY_VISITOR_LANDS_ON: Record<string, string> = {
  '/cart': '/cart/empty',
  '/checkout/shipping': '/cart/empty',
  '/checkout/payment': '/cart/empty',
  '/checkout/review': '/cart/empty',
  '/checkout/thank-you': '/home',
  // The configuration is for admins: a visitor signs in first.
  '/srci/config': '/sign-in',
};

/**
 * Puts one catalogue product in the cart and a shipping address (and, if asked, a card summary) in
 * the checkout state, as a shopper who filled the earlier steps has them, before any page loads.
 */
async function seedShopper(page: Page, { withPayment = false } = {}) {
  const answer = await page.request.get('/api/products', {
    headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
  });
  expect(answer.ok(), 'GET /api/products').toBe(true);
  const product = ((await answer.json()) as { data: Product[] }).data[0];
  if (!product) throw new Error('the catalogue is empty');
  const cart: CartItem[] = [{ ...product, uuid: product.id, count: 1 }];
  const shipping = TEST_SHIPPING;
  const payment = withPayment ? TEST_CARD_PAYMENT : undefined;
  await page.addInitScript(
    ({ cart, checkout }) => {
      if (!window.localStorage.getItem('cart')) window.localStorage.setItem('cart', cart);
      if (!window.sessionStorage.getItem('checkout')) window.sessionStorage.setItem('checkout', checkout);
    },
    {
      cart: JSON.stringify(cart),
      checkout: JSON.stringify({ state: { shipping, payment, intent: 'pay' }, version: 0 }),
    },
  );
}

async function expectDirectLoad(page: Page, errors: string[], path: string, landsOn = path) {
  await test.step(path, async () => {
    errors.length = 0;
    const response = await page.goto(path);
    expect.soft(response?.status(), `${path} status`).toBe(200);
    await expect.soft(page, `${path} lands on ${landsOn}`).toHaveURL((url) => url.pathname === landsOn);
    await expect.soft(h1(page), `${path} h1`).toBeVisible();
    await expect.soft(h1(page), `${path} h1 count`).toHaveCount(1);
    await expect.soft(h1(page), `${path} is not an error page`).not.toHaveText(ERROR_TITLES);
    await expect.soft(h1(page), `${path} h1 text`).not.toHaveText('');
    expect.soft(errors, `${path} page errors`).toEqual([]);
  });
}

// Three groups run in parallel; each route is a step of its own and is checked even when another fails.
const GROUPS = [ROUTES.slice(0, 7), ROUTES.slice(7, 14), ROUTES.slice(14)];

for (const [index, group] of GROUPS.entries()) {
  test(`direct loads answer 200 with one h1 and no error (group ${index + 1}: ${group[0]} …)`, async ({ page }) => {
    const errors = watchPageErrors(page);
    for (const path of group) await expectDirectLoad(page, errors, path, EMPTY_VISITOR_LANDS_ON[path]);
  });
}

test('with a filled cart and checkout, the cart and checkout steps load directly', async ({ page }) => {
  await seedShopper(page, { withPayment: true });
  const errors = watchPageErrors(page);
  for (const path of ['/cart', '/checkout/shipping', '/checkout/payment', '/checkout/review']) {
    await expectDirectLoad(page, errors, path);
  }
  // With items in the cart, the empty-cart page sends the shopper to the cart.
  await expectDirectLoad(page, errors, '/cart/empty', '/cart');
});

test('reloading a deep link keeps the page', async ({ page }) => {
  await seedShopper(page);
  await page.goto('/checkout/payment');
  await expect(h1(page)).toHaveText('Payment');
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(h1(page)).toHaveText('Payment');
});

test('/checkout redirects to /checkout/shipping', async ({ page }) => {
  await seedShopper(page);
  const response = await page.goto('/checkout');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await expect(h1(page)).toHaveText('Shipping');
});

/** A page of the walk: its path and its h1. */
interface Visit {
  path: string;
  title: string;
}

/**
 * From `from`, a link to `to`; Back returns to `from`, Forward to `to`, each with its own h1. Back to
 * a page that is always loaded afresh (`reloadsOnBack`) shows it, then reloads it: the test waits
 * for that load before it goes Forward.
 */
async function expectBackAndForward(page: Page, from: Visit, link: Locator, to: Visit, { reloadsOnBack = false } = {}) {
  const at = async ({ path, title }: Visit) => {
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(h1(page)).toHaveText(title);
  };
  await page.goto(from.path);
  await expect(h1(page)).toHaveText(from.title);
  await link.click();
  await at(to);
  const reloaded = reloadsOnBack ? page.waitForEvent('load') : undefined;
  await page.goBack();
  await reloaded;
  await at(from);
  await page.goForward();
  await at(to);
}

const PRODUCTS = { path: '/products', title: 'All products' };

test('Back and Forward move between visited pages', async ({ page }) => {
  const cookiePolicy = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true });
  await expectBackAndForward(page, PRODUCTS, cookiePolicy, { path: '/cookie', title: 'Cookie policy' });
});

test('Back and Forward also work across a full page load to /home', async ({ page }) => {
  const home = { path: '/home', title: 'Experience Click to Pay' };
  await expectBackAndForward(page, home, page.getByRole('link', { name: 'Shop now' }), PRODUCTS, {
    reloadsOnBack: true,
  });
});

test('every navigation starts at the top of the page', async ({ page }) => {
  // A short window makes every page long enough to scroll.
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/cookie');
  await expect(h1(page)).toHaveText('Cookie policy');

  const footer = page.getByRole('contentinfo');
  const steps = [
    { link: 'Guided tour', title: 'Click to Pay guided tour' },
    { link: 'Cookie policy', title: 'Cookie policy' },
  ];
  for (const { link, title } of steps) {
    const target = footer.getByRole('link', { name: link, exact: true });
    await target.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await target.click();
    await expect(h1(page)).toHaveText(title);
    await expect.poll(() => scrollY(page)).toBe(0);
  }
});

test('moving to /home is a full page load; moving away from it is not', async ({ page }) => {
  await page.goto('/products');
  await expect(h1(page)).toHaveText('All products');
  await page.evaluate(() => ((window as { __marker?: number }).__marker = 1));

  await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Click to Pay Demo, home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(h1(page)).toHaveText('Experience Click to Pay');
  expect(await marker(page)).toBeUndefined();

  await page.evaluate(() => ((window as { __marker?: number }).__marker = 1));
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(h1(page)).toHaveText('All products');
  expect(await marker(page)).toBe(1);
});

test('pages set the active tool', async ({ page }) => {
  const pages = [
    ['/demo/guided-tour/installments', 'mock-tool-installments'],
    ['/agentic-checkout', 'live-tool'],
    ['/card-on-file', 'live-tool-cof'],
    ['/home', 'live-tool'],
  ] as const;
  await visitEach(page, pages, async (tool) => {
    await expect(h1(page)).toBeVisible();
    await expect.poll(() => activeTool(page)).toBe(tool);
  });
});
