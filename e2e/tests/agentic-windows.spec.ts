// Issue 39, the network's side, in a real browser: the shopper enrols an agent, approves its
// purchase with their payment passkey (Chromium's virtual authenticator) and revokes it, in the
// network's windows opened by lib.js at the sandbox's harness page, in three locales. The agent
// and the merchant are played here, over HTTP, as the scripted agent and the shop would.
import { generateKeyPairSync } from 'node:crypto';
import type { Frame, Page } from '@playwright/test';
import {
  generateEd25519KeyPair,
  generateEs256KeyPair,
  publicJwkOf,
  signAgentRequest,
  signCheckoutJwt,
  type KeyPair,
} from '@c2p/agentic';
import { oauthAuthorization } from '../../apps/server/src/features/payments/network-signing.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import { expectNoSidewaysScroll, LAYOUT_WIDTHS } from '../layout-checks.ts';
import { enrolProfile, virtualAuthenticator } from '../passkey-steps.ts';
import { call, openHarness, outcome, startCheckout } from '../sandbox-harness.ts';

/**
 * Each onboarding's own DPA: a DPA's payload key belongs to the one client that registered it, and
 * a worker onboards again for each test it runs (the tests run in parallel).
 */
let dpaId = '';
type Locale = 'en_US' | 'fr_FR' | 'ar_EG';

/** What the windows say, per locale (the sandbox's own strings, src/dcf/agentic/agentic-i18n.ts). */
const WORDS: Record<Locale, { next: string; allow: string; approve: string; revoke: string; done: string }> = {
  en_US: {
    next: 'Next',
    allow: 'Allow',
    approve: 'Approve with my passkey',
    revoke: 'Revoke Shopping agent',
    done: 'Done',
  },
  fr_FR: {
    next: 'Suivant',
    allow: 'Autoriser',
    approve: 'Approuver avec ma clé d’accès',
    revoke: 'Révoquer Shopping agent',
    done: 'Terminé',
  },
  ar_EG: {
    next: 'التالي',
    allow: 'السماح',
    approve: 'الاعتماد بمفتاح المرور',
    revoke: 'إلغاء Shopping agent',
    done: 'تم',
  },
};

/** The agent, as the scripted agent is: its keys, registered at the network, each request signed. */
interface Agent {
  agentId: string;
  keyid: string;
  signing: KeyPair;
  send(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

async function registerAgent(baseURL: string): Promise<Agent> {
  const [signing, credential] = [await generateEd25519KeyPair(''), await generateEs256KeyPair('')];
  const registered = await fetch(`${baseURL}/sandbox/agents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Shopping agent',
      signingKey: publicJwkOf(signing.publicJwk),
      credentialKey: publicJwkOf(credential.publicJwk),
    }),
  });
  const { agentId, keyid } = (await registered.json()) as { agentId: string; keyid: string };
  const send: Agent['send'] = async (method, path, body) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const url = `${baseURL}${path}`;
    const headers = await signAgentRequest(
      { method, url, headers: {}, ...(text === undefined ? {} : { body: text }) },
      { keyid, privateJwk: signing.privateJwk },
      { tag: 'agent-payer-auth' },
    );
    const answer = await fetch(url, {
      method,
      headers: { ...headers, ...(text === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(text === undefined ? {} : { body: text }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  return { agentId, keyid, signing, send };
}

/** A merchant onboarded at the network with a payload key for dpaId: the payee the network can pay. */
async function onboardMerchant(baseURL: string): Promise<void> {
  const clientId = `e2e-agentic-${Date.now()}`;
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = (key: typeof signing.publicKey) => {
    const { kty, n, e } = key.export({ format: 'jwk' });
    return { kty, n, e };
  };
  const onboarded = await fetch(`${baseURL}/sandbox/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, publicJwk: jwk(signing.publicKey) }),
  });
  expect(onboarded.status).toBe(201);
  const body = JSON.stringify(jwk(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey));
  dpaId = `e2e-agentic-dpa-${process.pid}-${Date.now()}`;
  const url = `${baseURL}/sandbox/dpas/${dpaId}/key`;
  const authorization = oauthAuthorization({
    method: 'PUT',
    url,
    body,
    consumerKey: clientId,
    privateKey: signing.privateKey,
  });
  const stored = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization },
    body,
  });
  expect(stored.status).toBe(204);
}

/** The harness in `locale`, its SDK initialised for dpaId (a page of the sandbox's own origin). */
async function harness(page: Page, locale: Locale): Promise<Frame> {
  const dcf = await openHarness(page, dpaId, { locale });
  const init = await call(page, 'init', {
    srcDpaId: dpaId,
    dpaData: { dpaName: 'Agentic Shop' },
    dpaTransactionOptions: { dpaLocale: locale },
    cardBrands: ['mastercard', 'visa'],
  });
  expect(init.error).toBeUndefined();
  return dcf;
}

/** A profile of the test's own with a passkey on this page's virtual authenticator. */
async function shopperWithPasskey(page: Page): Promise<string> {
  await virtualAuthenticator(page);
  const dcf = await harness(page, 'en_US');
  const email = await enrolProfile(page, dcf);
  await startCheckout(
    page,
    'authenticate',
    { accountReference: { consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: email } } },
    'iframe',
  );
  await dcf.locator('#otp').fill('123456');
  await dcf.getByRole('button', { name: 'Verify' }).click();
  await dcf.getByRole('button', { name: 'Create a passkey' }).click();
  expect(((await outcome(page)).ok?.cards as unknown[]).length).toBe(1);
  return email;
}

/** The email, then the passkey, which the window runs at once: how the window proves the shopper. */
async function prove(dcf: Frame, words: (typeof WORDS)[Locale], email: string) {
  await dcf.locator('#email').fill(email);
  await dcf.getByRole('button', { name: words.next }).click();
}

/** The window's document at each layout width (the harness's iframe made that wide): nothing scrolls sideways. */
async function expectLayout(page: Page, dcf: Frame, where: string) {
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width: Math.max(width, 480), height: 900 });
    await page.evaluate((w) => document.getElementById('dcf-frame')!.setAttribute('width', String(w)), width);
    await expectNoSidewaysScroll(dcf, `${where} at ${width} px`);
  }
  await page.evaluate(() => document.getElementById('dcf-frame')!.setAttribute('width', '480'));
}

/** The agent enrolled in the window (proved by the passkey, the first card, the consent): its token and L1. */
async function enrol(page: Page, dcf: Frame, locale: Locale, agent: Agent, email: string) {
  await startCheckout(page, 'enrolAgent', { agentId: agent.agentId }, 'iframe');
  await prove(dcf, WORDS[locale], email);
  await dcf.locator('#consent').check();
  await dcf.getByRole('button', { name: WORDS[locale].allow }).click();
  return (await outcome(page)).ok as unknown as { agenticTokenId: string; l1: string };
}

test.describe('the agentic windows: enrol an agent, approve its purchase with the passkey, revoke it', () => {
  test.beforeAll(async ({ baseURL }) => {
    await onboardMerchant(baseURL!);
  });

  for (const locale of ['en_US', 'fr_FR', 'ar_EG'] as const) {
    test(`in ${locale}, axe-clean, nothing sideways at 360, 400 and 1280 px`, async ({ page, baseURL }) => {
      const words = WORDS[locale];
      const email = await shopperWithPasskey(page);
      const agent = await registerAgent(baseURL!);
      const dcf = await harness(page, locale);

      await startCheckout(page, 'enrolAgent', { agentId: agent.agentId }, 'iframe');
      await expect(dcf.locator('.note')).toBeVisible();
      expect(await dcf.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar_EG' ? 'rtl' : 'ltr');
      await prove(dcf, words, email);
      await expect(dcf.getByRole('button', { name: words.allow })).toBeFocused();
      await expectNoAxeViolations(page);
      await expectLayout(page, dcf, `the enrolment window in ${locale}`);
      await dcf.locator('#consent').check();
      await dcf.getByRole('button', { name: words.allow }).click();
      const enrolled = (await outcome(page)).ok as unknown as { agenticTokenId: string; l1: string };
      expect(enrolled.l1).toMatch(/^ey[^~]+~[^~]+~$/);

      const now = Math.floor(Date.now() / 1000);
      const merchant = { id: dpaId, name: 'Agentic Shop', website: new URL(baseURL!).origin };
      const checkoutJwt = await signCheckoutJwt(
        {
          checkoutId: `e2e-${now}`,
          merchant,
          lines: [{ id: 'sku-kettle', title: 'Kettle', quantity: 2, unitAmount: 2450 }],
          total: { currency: 'USD', amount: 4900 },
          iat: now,
          exp: now + 1800,
        },
        await generateEs256KeyPair('e2e-shop-checkout'),
      );
      const asked = await agent.send('POST', '/sandbox/agent-pay/mandate-requests', {
        agenticTokenId: enrolled.agenticTokenId,
        mode: 'IMMEDIATE',
        checkoutJwt,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      await startCheckout(page, 'approveMandate', { mandateRequestId: asked.body.mandateRequestId }, 'iframe');
      await expect(dcf.getByRole('button', { name: words.approve })).toBeFocused();
      await expect(dcf.getByText('Agentic Shop')).toBeVisible();
      await expect(dcf.locator('.lines li')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await expectLayout(page, dcf, `the approval window in ${locale}`);
      await dcf.getByRole('button', { name: words.approve }).click();
      const approved = (await outcome(page)).ok as unknown as { status: string; l2: string };
      expect(approved.status).toBe('APPROVED');

      await startCheckout(page, 'manageAgents', {}, 'iframe');
      await prove(dcf, words, email);
      await dcf.getByRole('button', { name: words.revoke }).click();
      await expect(dcf.getByRole('button', { name: words.revoke })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await dcf.getByRole('button', { name: words.done }).click();
      expect((await outcome(page)).ok).toEqual({ revoked: [enrolled.agenticTokenId] });

      const refused = await agent.send('POST', '/sandbox/agent-pay/credentials', {
        agenticTokenId: enrolled.agenticTokenId,
        l1: enrolled.l1,
        l2: approved.l2,
      });
      expect([refused.status, refused.body.reason]).toEqual([403, 'TOKEN_REVOKED']);
    });
  }

  test('an open mandate’s limits, right to left in ar_EG, axe-clean', async ({ page, baseURL }) => {
    const email = await shopperWithPasskey(page);
    const agent = await registerAgent(baseURL!);
    const dcf = await harness(page, 'ar_EG');
    const { agenticTokenId } = await enrol(page, dcf, 'ar_EG', agent, email);
    const merchant = { id: dpaId, name: 'Agentic Shop', website: new URL(baseURL!).origin };
    const asked = await agent.send('POST', '/sandbox/agent-pay/mandate-requests', {
      agenticTokenId,
      mode: 'AUTONOMOUS',
      constraints: [
        { type: 'mandate.checkout.allowed_merchants', allowed: [merchant] },
        {
          type: 'mandate.checkout.line_items',
          items: [{ id: 'line-1', acceptable_items: [{ id: 'sku-kettle', title: 'Kettle' }], quantity: 1 }],
        },
        { type: 'mandate.payment.amount_range', currency: 'USD', max: 15000 },
        { type: 'mandate.payment.budget', currency: 'USD', max: 15000 },
      ],
      expiresAt: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
      prompt_summary: 'Up to $150 at this shop until Friday',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await startCheckout(page, 'approveMandate', { mandateRequestId: asked.body.mandateRequestId }, 'iframe');
    await expect(dcf.getByRole('heading', { level: 1 })).toHaveText('اعتمد حدود وكيلك');
    await expect(dcf.getByText('Up to $150 at this shop until Friday')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectLayout(page, dcf, 'the open mandate’s window in ar_EG');
    await dcf.getByRole('button', { name: WORDS.ar_EG.approve }).click();
    expect((await outcome(page)).ok).toMatchObject({ status: 'APPROVED', l2: expect.stringMatching(/~$/) });
  });
});
