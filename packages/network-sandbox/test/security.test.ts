// Issue 10: the attacks that worked against the sandbox, tried again as a client would (HTTP calls
// through the SDK's internal API and the network API). Each test fails on the code before the fix.
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app.ts';
import { DEFAULT_PUBLIC_ORIGINS } from '../../../apps/server/src/app.ts';
import { sandboxCards, sandboxCheckouts, sandboxOtpChallenges, sandboxSdkSessions } from '../src/store/schema.ts';
import { sha256 } from '../src/server/keys.ts';
import { DPA_ID, encryptCardFor, INIT, payloadByTransaction, TestSdk } from './client.ts';
import { shopPerFile } from './server.ts';

const PUBLIC_BASE_URL = 'https://c2p.example.com';
const SHOP = 'https://shop.example';
const VICTIM = 'returning.user@example.com';
const expiryYear = String(new Date().getFullYear() + 2);

/** The server's own client, onboarded at its sandbox: the network APIs answer signed calls only. */
const { sandbox, shop } = shopPerFile('merchant-payload-key', {
  app: { publicOrigins: [PUBLIC_BASE_URL, ...DEFAULT_PUBLIC_ORIGINS] },
});

beforeAll(async () => {
  // The shop page's origin is not a localhost one: the DPA allows it (issue 11's per-DPA allow-list).
  const allowed = await shop().network({
    method: 'PUT',
    url: `/sandbox/dpas/${DPA_ID}/origins`,
    payload: { origins: [SHOP] },
  });
  expect(allowed.statusCode).toBe(204);
});

let addressCounter = 0;
/** An SDK on its own caller address, so that the per-address init limit of one test spares the others. */
function newSdk(origin?: string): TestSdk {
  const sdk = new TestSdk(sandbox.app);
  addressCounter += 1;
  sdk.remoteAddress = `198.51.100.${addressCounter}`;
  if (origin) sdk.origin = origin;
  return sdk;
}

/** A fresh session (init) that opens a checkout of a new card; `extra` names the consumer and options. */
async function openNewCardCheckout(extra: Record<string, unknown>, pan?: string) {
  const sdk = newSdk();
  await sdk.init();
  const opened = await sdk.call('POST', '/checkouts', {
    kind: 'NEW_CARD',
    encryptedCard: await newCard(pan),
    ...extra,
  });
  return { sdk, opened };
}

function newCard(pan = '5186001700008785', extra: Record<string, unknown> = {}) {
  return encryptCardFor(sandbox.app, {
    primaryAccountNumber: pan,
    panExpirationMonth: '09',
    panExpirationYear: expiryYear,
    cardSecurityCode: '123',
    ...extra,
  });
}

async function cardsOf(email: string): Promise<string[]> {
  const owner = newSdk();
  await owner.init();
  const cards = (await owner.signIn(email)).body.cards as { panLastFour: string }[];
  return cards.map((card) => card.panLastFour).sort();
}

describe('item 1: a new card never signs the caller in as an existing consumer without the code', () => {
  it('item 1: a new-card checkout naming an existing consumer gives no idToken, cookie, cards or enrolment', async () => {
    const before = await cardsOf(VICTIM);
    const { sdk: attacker, opened } = await openNewCardCheckout({
      cardBrand: 'mastercard',
      consumer: { emailAddress: VICTIM },
      rememberMe: true,
      recognitionTokenRequested: true,
    });
    expect(opened.status).toBe(200);
    const id = String(opened.body.checkoutId);
    // The DCF is told to ask for the code sent to the consumer.
    const window = await attacker.openWindow({ kind: 'CHECKOUT', checkoutId: id });
    expect(window.view.checkout).toMatchObject({ validationRequired: true });
    const answered = await window.call('POST', '/window/action', { action: 'COMPLETE', rememberMe: true });
    expect(answered.status).toBe(401);
    expect(answered.body.reason).toBe('AUTH_INVALID');
    expect(answered.rememberMeCookie).toBeUndefined();
    expect(JSON.stringify(answered.body)).not.toMatch(/idToken|recognitionToken/);
    expect((await attacker.call('GET', `/checkouts/${id}/result`)).status).toBe(409);
    expect((await attacker.call('GET', '/cards')).body.cards).toEqual([]);
    // A wrong code does not open the door either.
    await window.call('POST', '/window/profile-code/initiate', {});
    const wrong = await window.call('POST', '/window/profile-code/complete', { value: '000000' });
    expect(wrong.body.reason).toBe('CODE_INVALID');
    expect((await window.call('POST', '/window/action', { action: 'COMPLETE' })).status).toBe(401);
    expect(await cardsOf(VICTIM)).toEqual(before);
  });

  it('item 1: the email of the last idLookup does not sign the caller in either', async () => {
    const attacker = newSdk();
    await attacker.init();
    expect((await attacker.call('POST', '/lookup', { email: VICTIM })).body.consumerPresent).toBe(true);
    const opened = await attacker.call('POST', '/checkouts', {
      kind: 'NEW_CARD',
      encryptedCard: await newCard('5186001700008876'),
    });
    const window = await attacker.openWindow({ kind: 'CHECKOUT', checkoutId: String(opened.body.checkoutId) });
    const answered = await window.call('POST', '/window/action', { action: 'COMPLETE' });
    expect(answered.status).toBe(401);
    expect((await attacker.call('GET', '/cards')).body.cards).toEqual([]);
  });

  it('item 1: without saving the card, the payment completes as a guest: no consumer, no tokens', async () => {
    const shopper = newSdk();
    await shopper.init();
    const { answered, result } = await shopper.checkout(
      {
        kind: 'NEW_CARD',
        encryptedCard: await newCard('5186001700009908'),
        consumer: { emailAddress: VICTIM },
        rememberMe: true,
        recognitionTokenRequested: true,
      },
      'COMPLETE',
      { enrol: false, rememberMe: true },
    );
    expect(answered!.status).toBe(200);
    expect(answered!.rememberMeCookie).toBeUndefined();
    expect(result!.body.checkoutActionCode).toBe('COMPLETE');
    expect(result!.body).not.toHaveProperty('idToken');
    expect(result!.body).not.toHaveProperty('recognitionToken');
    expect(result!.body.checkoutResponseData).not.toHaveProperty('maskedConsumer');
    expect((await shopper.call('GET', '/cards')).body.cards).toEqual([]);
    expect(await cardsOf(VICTIM)).not.toContain('9908');
  });

  it('item 1: the consumer types the code sent to them in the DCF, then the card joins their profile', async () => {
    const email = `item1.owner.${Date.now()}@example.com`;
    const first = newSdk();
    await first.init();
    const enrolled = await first.checkout({
      kind: 'NEW_CARD',
      encryptedCard: await newCard('5120350100064545'),
      consumer: { emailAddress: email },
    });
    expect(enrolled.result!.body.idToken).toEqual(expect.any(String));

    const { sdk: device, opened } = await openNewCardCheckout({
      consumer: { emailAddress: email },
      recognitionTokenRequested: true,
    });
    const id = String(opened.body.checkoutId);
    const window = await device.openWindow({ kind: 'CHECKOUT', checkoutId: id });
    const sent = await window.call('POST', '/window/profile-code/initiate', {});
    expect(sent.status).toBe(200);
    expect(sent.body.maskedValidationChannel).toMatch(/@example\.com$/);
    expect((await window.call('POST', '/window/profile-code/complete', { value: '123456' })).status).toBe(200);
    const answered = await window.call('POST', '/window/action', { action: 'COMPLETE' });
    expect(answered.status).toBe(200);
    const result = (await device.call('GET', `/checkouts/${id}/result`)).body;
    expect(decodeJwt(String(result.idToken)).email).toMatch(/@example\.com$/);
    expect(result.recognitionToken).toEqual(expect.any(String));
    expect(await cardsOf(email)).toEqual(['4545', '8785']);
  });
});

describe('item 3: the DCF answers and is framed only by the origin that opened the checkout', () => {
  it('item 3: a checkout is bound to the origin that initialised the SDK, whatever the body or URL says', async () => {
    const sdk = newSdk(SHOP);
    await sdk.init();
    const cards = (await sdk.signIn()).body.cards as { srcDigitalCardId: string }[];
    const opened = await sdk.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: cards[0]!.srcDigitalCardId,
      merchantOrigin: 'https://evil.example',
    });
    expect(opened.status).toBe(200);
    const asked = await sdk.call('POST', '/windows', { kind: 'CHECKOUT', checkoutId: opened.body.checkoutId });
    const page = await sandbox.app.inject({
      url: `/sandbox/dcf?window=${String(asked.body.windowId)}&origin=https://evil.example`,
    });
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${SHOP};`);
    expect(page.headers['content-security-policy']).not.toContain('frame-ancestors *');
  });

  it('item 3: the code-entry window answers the session’s origin only, and may be framed by it alone', async () => {
    const sdk = newSdk(SHOP);
    await sdk.init();
    await sdk.call('POST', '/lookup', { email: VICTIM });
    const sent = await sdk.call('POST', '/validation/initiate', {});
    expect(sent.body).not.toHaveProperty('challengeId');
    const asked = await sdk.call('POST', '/windows', { kind: 'CODE', requestRecognitionToken: true });
    const page = await sandbox.app.inject({ url: `/sandbox/dcf?window=${String(asked.body.windowId)}` });
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${SHOP};`);
    const window = await sdk.openWindow({ kind: 'CODE', requestRecognitionToken: true });
    expect(window.view).toMatchObject({ kind: 'CODE', merchantOrigin: SHOP });
    // Without a window the page cannot be framed at all.
    const bare = await sandbox.app.inject({ url: '/sandbox/dcf?mode=otp&origin=https://evil.example' });
    expect(bare.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('item 3: without an Origin header (not a browser) the session has no page, and no window acts for it', async () => {
    const sdk = newSdk();
    sdk.origin = undefined;
    await sdk.init();
    await sdk.call('POST', '/lookup', { email: VICTIM });
    await sdk.call('POST', '/validation/initiate', {});
    const asked = await sdk.call('POST', '/windows', { kind: 'CODE' });
    expect([asked.status, asked.body.reason]).toEqual([403, 'AUTH_ERROR']);
  });
});

describe('item 4: bounded storage', () => {
  const storedSize = async (sdk: TestSdk) => {
    const rows = await sandbox.server.database.db
      .select({ size: sql<number>`pg_column_size(${sandboxSdkSessions.init})`, init: sandboxSdkSessions.init })
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, sha256(sdk.session!)));
    return rows[0]!;
  };

  it('item 4: init keeps only the fields the network uses, and refuses oversized ones', async () => {
    const sdk = newSdk();
    const answer = await sdk.init({
      padding: 'x'.repeat(60_000),
      dpaData: { dpaName: 'Test Shop', junk: 'y'.repeat(3000) },
    });
    expect(answer.status).toBe(200);
    const stored = await storedSize(sdk);
    expect(stored.size).toBeLessThan(2048);
    expect(JSON.stringify(stored.init)).not.toMatch(/padding|junk/);
    for (const [field, override] of [
      ['dpaData.dpaName', { dpaData: { dpaName: 'n'.repeat(5000) } }],
      [
        'dpaTransactionOptions',
        { dpaTransactionOptions: { ...INIT.dpaTransactionOptions, extra: 'z'.repeat(20_000) } },
      ],
    ] as const) {
      const refused = await newSdk().init(override);
      expect(refused.status, field).toBe(400);
      expect(refused.body.reason).toBe('INVALID_PARAMETER');
      expect(refused.body.message).toContain(field);
    }
  });

  it('item 4: anonymous init is limited per caller address', async () => {
    const flooder = newSdk();
    const answers: number[] = [];
    for (let i = 0; i < 121; i += 1) answers.push((await flooder.init()).status);
    expect(answers.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await flooder.init();
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('RATE_LIMIT_EXCEEDED');
    expect((await newSdk().init()).status).toBe(200);
  });

  it('item 4: sessions, their checkouts and codes, and unused guest cards expire and are deleted', async () => {
    const db = sandbox.server.database.db;
    const sdk = newSdk();
    await sdk.init();
    const [session] = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, sha256(sdk.session!)));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeLessThanOrEqual(2 * 3600_000 + 1000);
    await sdk.call('POST', '/lookup', { email: VICTIM });
    await sdk.call('POST', '/validation/initiate', {});
    await sdk.call('POST', '/validation/initiate', {});
    const codes = await db
      .select()
      .from(sandboxOtpChallenges)
      .where(eq(sandboxOtpChallenges.sessionTokenHash, session!.tokenHash));
    expect(codes).toHaveLength(1);
    const guest = await sdk.checkout(
      { kind: 'NEW_CARD', encryptedCard: await newCard('5186001700008876') },
      'COMPLETE',
      { enrol: false },
    );
    const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, guest.id!));
    // A session with a checkout lives a day, long enough for the payload and the confirmation.
    const [extended] = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, session!.tokenHash));
    expect(extended!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    // Two days later (the rows are aged, as the clock would), a new instance's first init sweeps.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await db
      .update(sandboxSdkSessions)
      .set({ createdAt: twoDaysAgo, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxSdkSessions.tokenHash, session!.tokenHash));
    await db
      .update(sandboxCards)
      .set({ createdAt: twoDaysAgo })
      .where(eq(sandboxCards.srcDigitalCardId, checkout!.srcDigitalCardId!));
    expect((await sdk.call('GET', '/cards')).body.reason).toBe('INVALID_REQUEST');
    const later = await buildApp({ database: sandbox.server.database });
    try {
      const fresh = new TestSdk(later);
      fresh.remoteAddress = '198.51.100.250';
      expect((await fresh.init()).status).toBe(200);
    } finally {
      await later.close();
    }
    const left = async (table: typeof sandboxSdkSessions | typeof sandboxOtpChallenges) =>
      (
        await db
          .select()
          .from(table)
          .where(
            eq(
              table === sandboxSdkSessions ? sandboxSdkSessions.tokenHash : sandboxOtpChallenges.sessionTokenHash,
              session!.tokenHash,
            ),
          )
      ).length;
    expect(await left(sandboxSdkSessions)).toBe(0);
    expect(await left(sandboxOtpChallenges)).toBe(0);
    expect(await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, guest.id!))).toEqual([]);
    expect(
      await db.select().from(sandboxCards).where(eq(sandboxCards.srcDigitalCardId, checkout!.srcDigitalCardId!)),
    ).toEqual([]);
  });
});

describe('item 5: caller input gets a 4xx, and no checkout is half-written', () => {
  it('item 5: a NUL byte in the encrypted card’s name or billing address is refused with CARD_INVALID', async () => {
    const sdk = newSdk();
    await sdk.init();
    for (const [field, extra] of [
      ['cardholderFullName', { cardholderFullName: 'Eve\u0000' }],
      ['billingAddress.line1', { billingAddress: { line1: '1 Main St\u0000', zip: '10001', countryCode: 'US' } }],
    ] as const) {
      const answer = await sdk.call('POST', '/checkouts', {
        kind: 'NEW_CARD',
        encryptedCard: await newCard('5186001700008785', extra),
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.reason).toBe('CARD_INVALID');
      expect(answer.body.message).toContain(field);
    }
  });

  it('item 5: an absurd dpaDynamicDataTtlMinutes is refused at init, at checkout and by the network API', async () => {
    const options = {
      ...INIT.dpaTransactionOptions,
      paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', dpaDynamicDataTtlMinutes: 1e300 }],
    };
    const refused = await newSdk().init({ dpaTransactionOptions: options });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ reason: 'INVALID_PARAMETER' });
    expect(refused.body.message).toContain('dpaDynamicDataTtlMinutes');

    const sdk = newSdk();
    const card = await sdk.returningCard('4537');
    const atCheckout = await sdk.call('POST', '/checkouts', {
      kind: 'CARD',
      srcDigitalCardId: card.srcDigitalCardId,
      dpaTransactionOptions: options,
    });
    expect(atCheckout.status).toBe(400);
    expect(atCheckout.body.message).toContain('dpaDynamicDataTtlMinutes');

    const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: card.srcDigitalCardId });
    const headers = result!.body.headers as Record<string, string>;
    const payload = await shop().network(
      payloadByTransaction(headers, {
        dpaTransactionOptions: { paymentOptions: [{ dpaDynamicDataTtlMinutes: 1e300 }] },
      }),
    );
    expect(payload.statusCode).toBe(400);
    expect(payload.json()).toMatchObject({
      reason: 'INVALID_ARGUMENT',
      errordetail: [{ source: 'dpaTransactionOptions.paymentOptions.dpaDynamicDataTtlMinutes' }],
    });
  });

  it('item 5: a 3,000-character email on enrolment is refused when the checkout opens', async () => {
    const { opened: answer } = await openNewCardCheckout({
      consumer: { emailAddress: `${'a'.repeat(3000)}@example.com` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('INVALID_PARAMETER');
    expect(answer.body.message).toContain('consumer.emailAddress');
  });

  it('item 5: when completing fails, the checkout stays open: no half-written COMPLETE, /result answers', async () => {
    const { sdk, opened } = await openNewCardCheckout({ consumer: { emailAddress: 'locked.user@example.com' } });
    const id = String(opened.body.checkoutId);
    const window = await sdk.openWindow({ kind: 'CHECKOUT', checkoutId: id });
    const failed = await window.call('POST', '/window/action', { action: 'COMPLETE' });
    expect(failed.status).toBe(403);
    expect(failed.body.reason).toBe('ACCT_INACCESSIBLE');
    expect((await sdk.call('GET', `/checkouts/${id}/result`)).status).toBe(409);
    expect((await window.call('POST', '/window/action', { action: 'ERROR' })).status).toBe(200);
    expect((await sdk.call('GET', `/checkouts/${id}/result`)).body).toEqual({ checkoutActionCode: 'ERROR' });
  });
});

describe('item 7: recognition tokens are bound to their DPA', () => {
  it('item 7: a recognition token issued for one DPA does not recognise the consumer at another', async () => {
    const sdk = newSdk();
    await sdk.init();
    const token = String((await sdk.signIn(VICTIM, { requestRecognitionToken: true })).body.recognitionToken);
    expect(decodeJwt(token)).toMatchObject({ srcDpaId: DPA_ID });
    const other = newSdk();
    await other.init({ srcDpaId: 'another-merchant-dpa', recognitionToken: token });
    expect((await other.call('GET', '/cards')).body.cards).toEqual([]);
    const same = newSdk();
    await same.init({ recognitionToken: token });
    expect(((await same.call('GET', '/cards')).body.cards as unknown[]).length).toBeGreaterThanOrEqual(3);
  });
});

describe('item 8: absolute URLs come from the configured public base URL', () => {
  it('item 8: the cards’ DCF uri and the /sandbox page never name another Host (421 for one)', async () => {
    const sdk = newSdk();
    await sdk.init();
    const cards = (await sdk.signIn()).body.cards as { srcDigitalCardId: string; dcf: { uri: string } }[];
    expect(cards[0]!.dcf.uri).toBe(`${PUBLIC_BASE_URL}/sandbox/dcf`);
    const elsewhere = await sandbox.app.inject({
      url: '/sandbox/api/cards',
      headers: { host: 'evil.example', 'x-sandbox-session': sdk.session!, 'x-forwarded-host': 'evil.example' },
      remoteAddress: sdk.remoteAddress!,
    });
    expect(elsewhere.statusCode).toBe(421);
    const page = await sandbox.app.inject({ url: '/sandbox', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(421);
    expect(page.body).not.toContain('evil.example');
    expect(page.json().message).toContain(PUBLIC_BASE_URL);
  });
});
