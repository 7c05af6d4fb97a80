import { defineConfig } from '@playwright/test';

/** Debian's chromium-headless-shell (scripts/ensure-chromium.mjs installs it). */
const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The specs whose flows write to the database: orders, shopper registration and sign-in, admin
 * sessions and language, the sandbox's codes, devices and checkouts. `npm run test:browser:db`
 * runs only these, for CI's PostgreSQL pass, and leaves out their axe scans and the repeats of a
 * flow in the other two locales, which store the same rows (the sandbox's windows and passkeys, the
 * payments' payers included); the other specs read the catalogue at
 * most, which the API tests cover on both databases.
 */
export const DATABASE_SPECS = [
  'shop',
  'click-to-pay',
  'sandbox',
  'admin-locale',
  'keyboard',
  'markup',
  'installments',
  'card-on-file',
  'network-windows',
  'payment-ownership',
  'passkeys',
  'passkeys-shop',
];
const DATABASE_SPECS_SKIP = /axe violations| in (fr-FR|ar-EG)\b/;

export default defineConfig({
  testDir: './tests',
  ...(process.env.E2E_DATABASE_SPECS_ONLY
    ? { testMatch: DATABASE_SPECS.map((name) => `**/${name}.spec.ts`), grepInvert: DATABASE_SPECS_SKIP }
    : {}),
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  // Three on two cores, which the suite keeps busy: 64 tests took 2:20 on three workers, 2:35 on
  // two and 2:27 on four.
  workers: 3,
  // One retry: a test that passes only on its second run is listed as flaky in the report, to be
  // fixed; a test that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  timeout: 30_000,
  // CI machines differ: the same suite used twice the CPU on one as on another, where 5 s waits for
  // a render failed now and then.
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_ARGS },
    // Recording a trace of every test (to keep the failures') cost a third of the suite's CPU: rerun a
    // failing test with `--trace on` to get one.
    trace: 'off',
  },
});
