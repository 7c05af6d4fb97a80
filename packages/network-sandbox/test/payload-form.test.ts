// Issue 29 item 1: Click to Pay is a tokenized checkout. Whatever card the shopper picks, the
// payload carries its network token and a cryptogram; the card number comes only when the
// merchant's paymentOptions ask for it. And the /sandbox page that lists the test data says so,
// in the visitor's language.
import { compactDecrypt, type CryptoKey } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_SRC_CLIENT_ID, LOCALE_CODES } from '@c2p/domain';
import { SANDBOX_PAGE_STRINGS } from '../src/server/pages-strings.ts';
import { INIT, payloadByTransaction, TestSdk } from './client.ts';
import { shopPerFile } from './server.ts';

const { sandbox, shop } = shopPerFile('payload-form-key');

/** The returning user checks out with a card under these paymentOptions; the payload the shop fetches. */
async function payloadOf(panLastFour: string, paymentOptions: unknown[]) {
  const sdk = new TestSdk(sandbox.app);
  await sdk.init({ dpaTransactionOptions: { ...INIT.dpaTransactionOptions, paymentOptions } });
  const card = ((await sdk.signIn()).body.cards as Record<string, unknown>[]).find(
    (c) => c.panLastFour === panLastFour,
  )!;
  const { result } = await sdk.checkout({ kind: 'CARD', srcDigitalCardId: card.srcDigitalCardId });
  const body = result!.body as { checkoutResponseData: { srcCorrelationId: string }; headers: Record<string, string> };
  const fetched = await shop().network(
    payloadByTransaction(
      body.headers,
      { correlationId: body.checkoutResponseData.srcCorrelationId },
      { 'x-openapi-clientid': DEMO_SRC_CLIENT_ID },
    ),
  );
  expect(fetched.statusCode).toBe(200);
  const { plaintext } = await compactDecrypt(String(fetched.json().encryptedPayload), shop().payloadKey as CryptoKey);
  return {
    payload: JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, Record<string, string> | undefined>,
    maskedCard: fetched.json().maskedCard as Record<string, string>,
  };
}

const SHORT_FORM = { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' };

describe('the payload of a Click to Pay checkout', () => {
  it('carries the network token and a cryptogram for the preferred card (9726), not its number', async () => {
    const { payload, maskedCard } = await payloadOf('9726', [SHORT_FORM]);
    expect(payload).not.toHaveProperty('card');
    expect(payload.token!.paymentToken).toMatch(/^\d{16}$/);
    expect(payload.token!.paymentToken).not.toBe('5186001700009726');
    expect(payload.token!.paymentToken!.slice(-4)).toBe(maskedCard.tokenLastFour);
    expect(payload.dynamicData).toMatchObject({ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' });
    expect(payload.dynamicData!.dynamicDataValue).toMatch(/^[A-Za-z0-9+/=]{28}$/);
    expect(JSON.stringify(payload)).not.toContain('5186001700009726');
  });

  it('carries a token whatever card is picked, and the long-form cryptogram when that is asked', async () => {
    const { payload } = await payloadOf('4537', [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_LONG_FORM' }]);
    expect(payload).not.toHaveProperty('card');
    expect(payload.token!.paymentToken).toMatch(/^\d{16}$/);
    expect(payload.dynamicData!.dynamicDataType).toBe('CARD_APPLICATION_CRYPTOGRAM_LONG_FORM');
  });

  it('carries the card number, without a cryptogram, when paymentOptions ask for dynamicDataType NONE', async () => {
    const { payload } = await payloadOf('4537', [{ dynamicDataType: 'NONE' }]);
    expect(payload).not.toHaveProperty('token');
    expect(payload).not.toHaveProperty('dynamicData');
    expect(payload.card).toMatchObject({ primaryAccountNumber: '5120350100064537', panExpirationMonth: '12' });
  });

  it('carries the card number and the cryptogram when paymentOptions set dpaPanRequested', async () => {
    const { payload } = await payloadOf('9726', [{ ...SHORT_FORM, dpaPanRequested: true }]);
    expect(payload).not.toHaveProperty('token');
    expect(payload.card!.primaryAccountNumber).toBe('5186001700009726');
    expect(payload.dynamicData!.dynamicDataType).toBe('CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM');
  });

  it('carries the card number and a dynamic security code for DYNAMIC_CARD_SECURITY_CODE', async () => {
    const { payload } = await payloadOf('9726', [{ dynamicDataType: 'DYNAMIC_CARD_SECURITY_CODE' }]);
    expect(payload).not.toHaveProperty('token');
    expect(payload.card!.primaryAccountNumber).toBe('5186001700009726');
    expect(payload.dynamicData).toMatchObject({ dynamicDataType: 'DYNAMIC_CARD_SECURITY_CODE' });
    expect(payload.dynamicData!.dynamicDataValue).toMatch(/^\d{3}$/);
  });
});

describe('the /sandbox test-data page', () => {
  const page = async (query = '', headers: Record<string, string> = {}) => {
    const response = await sandbox.app.inject({ url: `/sandbox${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('says a payload carries the token and a cryptogram unless the card number is asked for, with no per-card payload', async () => {
    const html = await page();
    expect(html).toContain(SANDBOX_PAGE_STRINGS['en-US'].payloadRows.default);
    expect(html).toContain('dpaPanRequested: true');
    expect(html).not.toMatch(/\b(PAN|TOKEN) payload\b/);
    expect(html).not.toMatch(/>\s*(PAN|TOKEN)\s*</);
  });

  it('follows ?locale=, else the demo’s locale cookie, else the browser’s language', async () => {
    expect(await page('?locale=fr-FR')).toContain('<html lang="fr-FR" dir="ltr">');
    expect(await page('', { cookie: 'other=1; locale=ar-EG' })).toContain('<html lang="ar-EG" dir="rtl">');
    expect(await page('', { 'accept-language': 'fr-CA,fr;q=0.9' })).toContain('<html lang="fr-FR"');
    expect(await page('?locale=xx-XX')).toContain('<html lang="en-US"');
    for (const locale of LOCALE_CODES) {
      const html = await page(`?locale=${locale}`);
      const strings = SANDBOX_PAGE_STRINGS[locale];
      expect(html).toContain(`<title>${strings.title.replace(/'/g, '&#39;')}</title>`);
      expect(html).toContain(strings.payloadTitle);
    }
  });

  it('weighs the browser’s languages by q, not by their order, and takes none of weight 0', async () => {
    expect(await page('', { 'accept-language': 'fr;q=0.1, en' })).toContain('<html lang="en-US"');
    expect(await page('', { 'accept-language': 'en;q=0.5, ar-EG;q=0.9, fr-CA' })).toContain('<html lang="fr-FR"');
    expect(await page('', { 'accept-language': 'fr;q=0, ar' })).toContain('<html lang="ar-EG" dir="rtl">');
  });

  it('takes a locale cookie that is not percent-encoded properly for none', async () => {
    expect(await page('', { cookie: 'locale=%E0', 'accept-language': 'fr' })).toContain('<html lang="fr-FR"');
  });

  it('has every string translated: no French or Arabic text left as in English', () => {
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(leaves);
    const english = leaves(SANDBOX_PAGE_STRINGS['en-US']);
    for (const locale of ['fr-FR', 'ar-EG'] as const) {
      const same = leaves(SANDBOX_PAGE_STRINGS[locale]).filter(
        (text, index) => text === english[index] && /\p{L}{3}/u.test(text) && text !== 'paymentOptions',
      );
      expect(same, locale).toEqual([]);
    }
  });
});
