// Issue 11: a merchant page on another origin, served by its own plain server (examples/merchant-page),
// loads the sandbox SDK from the product's server and pays end to end; its backend decrypts the payload.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test, watchPageErrors } from '../fixtures.ts';

const EXAMPLE = fileURLToPath(new URL('../../examples/merchant-page/server.mjs', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the example's backend; `network` is where it (and the page) reach the sandbox. */
async function startMerchant(network: string, pageHost: 'localhost' | '127.0.0.1') {
  const port = await freePort();
  const pageOrigin = `http://${pageHost}:${port}`;
  const child: ChildProcess = spawn(process.execPath, [EXAMPLE], {
    env: {
      ...process.env,
      SANDBOX_URL: network,
      PORT: String(port),
      PAGE_ORIGIN: pageOrigin,
      DPA_ID: `example-${randomUUID()}`,
      CLIENT_ID: `example-client-${randomUUID()}`,
      SIGNING_KEY_FILE: join(tmpdir(), `example-signing-${randomUUID()}.pem`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`merchant server did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('merchant page at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`merchant server exited with ${code}:\n${output}`)));
  });
  return {
    pageOrigin,
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill()),
      ),
  };
}

type Merchant = Awaited<ReturnType<typeof startMerchant>>;

/** Runs `use` with the example merchant's server (its page on `pageHost`, the SDK from `network`), stopped after. */
async function withMerchant(
  network: string,
  pageHost: 'localhost' | '127.0.0.1',
  use: (merchant: Merchant) => Promise<void>,
) {
  const merchant = await startMerchant(network, pageHost);
  try {
    await use(merchant);
  } finally {
    await merchant.stop();
  }
}

function sandboxPort(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('E2E_BASE_URL is not set');
  return new URL(baseURL).port;
}

/**
 * The returning user signs in with the code on the example's page (its own form, not the shop's
 * Click to Pay step), ticking its Remember me first if asked (the SRC-level page has one).
 */
async function signInWithCode(page: Page, { rememberMe = false } = {}) {
  await page.getByLabel('Email').fill('returning.user@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').first()).toContainText('We sent a code to');
  await page.getByLabel('One-time code').fill('123456');
  if (rememberMe) await page.getByLabel('Remember me on this browser').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Your cards' })).toBeVisible();
}

async function payInDcf(page: Page, start: () => Promise<void>) {
  await start();
  const dcf = page.frameLocator('#dcf');
  await dcf.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.locator('#receipt')).toContainText(
    /Paid with the card ending \d{4} \((card number|network token), ECI 0[26]\)/,
  );
}

test.describe('a merchant page on another origin', () => {
  test('item 1: cross-site (page on localhost, network on 127.0.0.1): returning, recognised by token, new user', async ({
    page,
    browser,
    baseURL,
  }) => {
    await withMerchant(`http://127.0.0.1:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      const errors = watchPageErrors(page);
      await page.goto(`${merchant.pageOrigin}/`);
      await expect(page.getByLabel('Email')).toBeVisible();
      await signInWithCode(page);
      await payInDcf(page, () => page.getByRole('button', { name: 'Pay with this card' }).click());

      // Recognised again: by the recognition token the page kept (and the network's cookie, where it reaches).
      await page.reload();
      await expect(page.getByText('Welcome back')).toBeVisible();
      await payInDcf(page, () => page.getByRole('button', { name: 'Pay with this card' }).click());
      expect(errors).toEqual([]);

      const fresh = await browser.newContext();
      const newUser = await fresh.newPage();
      await newUser.goto(`${merchant.pageOrigin}/`);
      await newUser.getByLabel('Email').fill(`new.${randomUUID()}@example.com`);
      await newUser.getByRole('button', { name: 'Continue' }).click();
      await newUser.getByLabel('Card number').fill('5186001700008785');
      await newUser.getByLabel('Expiry month').fill('12');
      await newUser.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
      await newUser.getByLabel('Security code').fill('123');
      await payInDcf(newUser, () => newUser.getByRole('button', { name: 'Pay with this new card' }).click());
      await fresh.close();
    });
  });

  test('item 1: same site, other port (page on localhost:M, network on localhost:S): the remember-me cookie recognises the browser', async ({
    page,
    context,
    baseURL,
  }) => {
    await withMerchant(`http://localhost:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      await page.goto(`${merchant.pageOrigin}/`);
      await signInWithCode(page);
      await payInDcf(page, () => page.getByRole('button', { name: 'Pay with this card' }).click());
      const device = (await context.cookies()).find((cookie) => cookie.name === 'c2p_sandbox_device');
      // SameSite=None; Secure (http://localhost counts as secure), so it may also travel to other sites.
      expect(device).toMatchObject({
        domain: 'localhost',
        path: '/sandbox',
        sameSite: 'None',
        secure: true,
        httpOnly: true,
      });
      // Forget the merchant's session (and with it the recognition token): only the network's cookie is left.
      await context.clearCookies({ name: 'sid' });
      await page.reload();
      await expect(page.getByText('Welcome back')).toBeVisible();
    });
  });

  test('item 1: a page on an origin the DPA does not allow is told why', async ({ page, baseURL }) => {
    await withMerchant(`http://127.0.0.1:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      // The backend registered http://localhost:<port>; the same page reached as 127.0.0.1 is another origin.
      await page.goto(merchant.pageOrigin.replace('localhost', '127.0.0.1'));
      await expect(page.locator('#status')).toContainText(
        `AUTH_ERROR: The origin ${merchant.pageOrigin.replace('localhost', '127.0.0.1')} is not allowed`,
      );
    });
  });

  test('item 2: SRCSDK_MASTERCARD loads on another site and runs its identity flow there', async ({
    page,
    baseURL,
  }) => {
    await withMerchant(`http://127.0.0.1:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      await page.goto(`${merchant.pageOrigin}/`);
      const answers = await page.evaluate(
        async (network) => {
          await new Promise((resolve, reject) => {
            const script = document.createElement('script');
            script.src = `${network}/sandbox/sdk/srcsdk.mastercard.js`;
            script.onload = resolve;
            script.onerror = reject;
            document.head.append(script);
          });
          type Src = Record<string, (p?: unknown) => Promise<Record<string, unknown>>>;
          const src = (window as unknown as { SRCSDK_MASTERCARD: Src }).SRCSDK_MASTERCARD;
          await src.init!({
            srcInitiatorId: 'e2e',
            srciDpaId: 'e2e-srcsdk-dpa',
            srciTransactionId: crypto.randomUUID(),
            dpaTransactionOptions: { dpaLocale: 'en_US' },
          });
          const recognized = await src.isRecognized!();
          const lookup = await src.identityLookup!({
            consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'returning.user@example.com' },
          });
          await src.initiateIdentityValidation!();
          const { idToken } = await src.completeIdentityValidation!({ validationData: '123456' });
          const profile = await src.getSrcProfile!({ idTokens: [idToken] });
          return {
            recognized,
            lookup,
            cards: (profile.profiles as { maskedCards: unknown[] }[])[0]!.maskedCards.length,
          };
        },
        `http://127.0.0.1:${sandboxPort(baseURL)}`,
      );
      expect(answers).toEqual({ recognized: { recognized: false }, lookup: { consumerPresent: true }, cards: 2 });
    });
  });

  test('issue 30: an SRC-level checkout from another site, the SDK named 127.0.0.1 (the sandbox’s public name is localhost), paid by the session’s srcCorrelationId', async ({
    page,
    baseURL,
  }) => {
    await withMerchant(`http://127.0.0.1:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      const errors = watchPageErrors(page);
      await page.goto(`${merchant.pageOrigin}/src`);
      await signInWithCode(page);
      // The backend fetched the payload with getSrcProfile's srcCorrelationId and the card id.
      await payInDcf(page, () => page.getByRole('button', { name: 'Pay with this card' }).click());
      expect(errors).toEqual([]);
    });
  });

  test('issue 30: a REMEMBER_ME consent passed through the SRC-level checkout makes the next visit recognised', async ({
    page,
    baseURL,
  }) => {
    await withMerchant(`http://localhost:${sandboxPort(baseURL)}`, 'localhost', async (merchant) => {
      await page.goto(`${merchant.pageOrigin}/src`);
      await signInWithCode(page, { rememberMe: true });
      // The page asked the shopper: the network's window does not ask again.
      const dcf = page.frameLocator('#dcf');
      await page.getByRole('button', { name: 'Pay with this card' }).click();
      await expect(dcf.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
      await expect(dcf.getByLabel('Remember me on this browser')).toHaveCount(0);
      await dcf.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.locator('#receipt')).toContainText('Paid with the card ending');
      await page.reload();
      await expect(page.getByText('Welcome back')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay with this card' })).toBeVisible();
    });
  });
});
