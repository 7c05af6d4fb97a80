import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLuhnValid } from '@c2p/domain';
import { maskLogEntry, type MaskNote } from './masking';
import { ENCRYPT_CARD_NOTES } from '../features/api-log/test-fixtures';

const TEST_PAN = '5186001700008785';
const JWS =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6InBheWxvYWQtdmVyaWZpY2F0aW9uIn0.eyJzcmNDb3JyZWxhdGlvbklkIjoiYWJjIn0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const JWE =
  'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a2V5LWtleS1rZXk.aXYtaXYtaXY.Y2lwaGVydGV4dC1jaXBoZXJ0ZXh0.dGFnLXRhZw';

const mask = (name: string, request: unknown, response: unknown = null) => maskLogEntry({ name, request, response });

/** Every contiguous 12 to 19 digit stretch of `text` that passes Luhn (a card number could be any of them). */
function luhnRuns(text: string): string[] {
  const found: string[] = [];
  for (const run of text.match(/\d{12,}/g) ?? []) {
    for (let start = 0; start < run.length; start++) {
      for (let length = 12; length <= 19 && start + length <= run.length; length++) {
        const digits = run.slice(start, start + length);
        if (isLuhnValid(digits)) found.push(digits);
      }
    }
  }
  return found;
}

describe('item 9: the API log masker', () => {
  it('keeps what an integrator needs of encryptCard (brand, BIN, last four, lengths) and says what it masked', () => {
    const { request, masked } = mask('encryptCard', {
      primaryAccountNumber: TEST_PAN,
      panExpirationMonth: '12',
      panExpirationYear: '2030',
      cardSecurityCode: '123',
      cardholderFullName: 'Ada Lovelace',
    });
    expect(request).toEqual({
      primaryAccountNumber: '518600••••••8785',
      panExpirationMonth: '12',
      panExpirationYear: '2030',
      cardSecurityCode: '•••',
      cardholderFullName: 'Ada Lovelace',
    });
    expect(masked).toEqual<MaskNote[]>(ENCRYPT_CARD_NOTES);
  });

  it('masks card numbers and security codes by field name, however written and wherever nested', () => {
    const { request, masked } = mask('checkoutWithNewCard', {
      card: { cardNumber: '4111 1111 1111 1111', cvc: 4321, CVV: '999' },
      cards: [{ pan: '5186-0017-0000-8785' }, { PAN: 'not digits' }],
      accountNumber: 371449635398431,
    });
    expect(request).toEqual({
      card: { cardNumber: '411111••••••1111', cvc: '••••', CVV: '•••' },
      cards: [{ pan: '518600••••••8785' }, { PAN: '••••••••••' }],
      accountNumber: '371449•••••8431',
    });
    expect(masked.map((note) => note.path)).toEqual([
      'request.card.cardNumber',
      'request.card.cvc',
      'request.card.CVV',
      'request.cards[0].pan',
      'request.cards[1].PAN',
      'request.accountNumber',
    ]);
    expect(masked.find((note) => note.path === 'request.accountNumber')).toMatchObject({ brand: 'amex', length: 15 });
  });

  it("masks the one-time code of validate, and only validate's value", () => {
    expect(mask('validate', { value: '123456' })).toEqual({
      request: { value: '••••••' },
      response: null,
      masked: [{ path: 'request.value', kind: 'otp', length: 6 }],
    });
    expect(mask('idLookup', { value: 'kept' }).request).toEqual({ value: 'kept' });
  });

  it('shortens idTokens, recognition tokens, the checkout JWS and the encrypted card to 12 characters and a note', () => {
    const { request, response, masked } = mask(
      'checkoutWithNewCard',
      { encryptedCard: JWE, recognitionToken: JWS },
      { checkoutResponse: JWS, idToken: JWS, unnamed: [JWS], dcfActionCode: 'COMPLETE' },
    );
    expect(request).toEqual({ encryptedCard: `${JWE.slice(0, 12)}…`, recognitionToken: `${JWS.slice(0, 12)}…` });
    expect(response).toEqual({
      checkoutResponse: `${JWS.slice(0, 12)}…`,
      idToken: `${JWS.slice(0, 12)}…`,
      unnamed: [`${JWS.slice(0, 12)}…`],
      dcfActionCode: 'COMPLETE',
    });
    expect(masked).toEqual([
      { path: 'request.encryptedCard', kind: 'token', length: JWE.length },
      { path: 'request.recognitionToken', kind: 'token', length: JWS.length },
      { path: 'response.checkoutResponse', kind: 'token', length: JWS.length },
      { path: 'response.idToken', kind: 'token', length: JWS.length },
      { path: 'response.unnamed[0]', kind: 'token', length: JWS.length },
    ]);
  });

  it('finds a card number in free text and in a number, keeping BIN and last four', () => {
    const { request, masked } = mask('getPayload', {
      note: `card ${TEST_PAN}, thanks`,
      spaced: 'pay with 5186 0017 0000 8785 now',
      amount: 386.09,
      orderNumber: 'C2P-000123',
      asNumber: 5186001700008785,
    });
    expect(request).toEqual({
      note: 'card 518600••••••8785, thanks',
      spaced: 'pay with 518600••••••8785 now',
      amount: 386.09,
      orderNumber: 'C2P-000123',
      asNumber: '518600••••••8785',
    });
    expect(masked.map((note) => [note.path, note.kind])).toEqual([
      ['request.note', 'pan'],
      ['request.spaced', 'pan'],
      ['request.asNumber', 'pan'],
    ]);
  });

  it('hides every digit of a longer run that holds a card number, and of a key that is one', () => {
    const { request, masked } = mask('x', { id: `99${TEST_PAN}99`, [TEST_PAN]: 'value' });
    expect(request).toEqual({ id: '•'.repeat(20), '518600••••••8785': 'value' });
    expect(masked.map((note) => note.kind)).toEqual(['pan', 'pan']);
  });

  it('leaves what is not sensitive as it is, and a second pass changes nothing', () => {
    const entry = {
      srcDpaId: 'dpa-1',
      srcCorrelationId: '0f0e9a1c-3c1e-4f9a-8d3f-4a3c1d2e5f60',
      transactionAmount: { transactionAmount: 386.09, transactionCurrencyCode: 'USD' },
      maskedCard: { panBin: '518600', panLastFour: '8785' },
      time: '2026-11-23T10:00:00.000Z',
      empty: null,
      flag: true,
    };
    expect(mask('init', entry)).toEqual({ request: entry, response: null, masked: [] });

    const once = mask(
      'encryptCard',
      { primaryAccountNumber: TEST_PAN, cardSecurityCode: '123' },
      { encryptedCard: JWE },
    );
    const twice = mask('encryptCard', once.request, once.response);
    expect(twice).toEqual({ request: once.request, response: once.response, masked: [] });
  });

  it('never lets a card number through, wherever it is embedded (property)', () => {
    // Card numbers of 12 to 19 digits with a valid check digit.
    const pan = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 18 }).map((digits) => {
      const body = digits.join('');
      const check = [...'0123456789'].find((d) => isLuhnValid(body + d))!;
      return body + check;
    });
    const separated = (digits: string) =>
      fc.constantFrom('', ' ', '-').map((sep) => (sep ? digits.replace(/(\d{4})(?=\d)/g, `$1${sep}`) : digits));
    const text = fc.string({ maxLength: 12 });
    const where = fc.constantFrom('value', 'key', 'nested', 'array');

    fc.assert(
      fc.property(
        pan.chain((p) => fc.tuple(fc.constant(p), separated(p))),
        text,
        text,
        where,
        fc.constantFrom('request', 'response'),
        ([digits, written], before, after, place, part) => {
          const embedded = `${before}${written}${after}`;
          const value =
            place === 'value'
              ? { field: embedded }
              : place === 'key'
                ? { [embedded]: 1 }
                : place === 'nested'
                  ? { a: { b: [{ c: embedded }] } }
                  : [embedded];
          const result = mask('anyCall', part === 'request' ? value : null, part === 'response' ? value : null);
          const out = JSON.stringify([result.request, result.response]);
          expect(out.replace(/[ -]/g, '')).not.toContain(digits);
          expect(luhnRuns(out)).toEqual([]);
          expect(result.masked.some((note) => note.kind === 'pan')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('an AI agent’s calls (issue 39) in the API log', () => {
  const SD_JWT = `${JWS}~WyJzYWx0IiwiZW1haWwiLCJhZGFAZXhhbXBsZS5jb20iXQ~`;
  const SIGNATURE = 'sig1=:c2lnbmF0dXJlLW9mLXRoZS1hZ2VudHMtcmVxdWVzdC1lZDI1NTE5LWJ5dGVzLWJ5dGVzLWJ5dGVz:';

  it('hides the request signature whole, and cuts credentials, the token id and key material to their first characters', () => {
    const { request, masked } = mask('POST /sandbox/agent-pay/credentials', {
      headers: { 'signature-input': 'sig1=("@authority");keyid="k1";tag="agent-payer-auth"', signature: SIGNATURE },
      body: { agenticTokenId: 'b6a1c3d0-90f1-4f7e-9d55-3a7d7c2d1e11', l1: SD_JWT, l2: SD_JWT, l3a: SD_JWT },
    });
    const shown = JSON.stringify(request);
    expect(shown).not.toContain('c2lnbmF0dXJl');
    expect((request as { headers: Record<string, string> }).headers.signature).toMatch(/^•+$/);
    expect((request as { headers: Record<string, string> }).headers['signature-input']).toContain('agent-payer-auth');
    expect(shown).not.toContain(JWS);
    expect((request as { body: Record<string, string> }).body).toEqual({
      agenticTokenId: 'b6a1c3d0-90f…',
      l1: `${JWS.slice(0, 12)}…`,
      l2: `${JWS.slice(0, 12)}…`,
      l3a: `${JWS.slice(0, 12)}…`,
    });
    expect(masked.map((note) => [note.path, note.kind])).toEqual([
      ['request.headers.signature', 'signature'],
      ['request.body.agenticTokenId', 'token'],
      ['request.body.l1', 'token'],
      ['request.body.l2', 'token'],
      ['request.body.l3a', 'token'],
    ]);
  });

  it('cuts an SD-JWT wherever it appears, and a JWK’s key material', () => {
    const x = 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU';
    const { response, masked } = mask('register', null, {
      anywhere: SD_JWT,
      credentialKey: { kty: 'EC', crv: 'P-256', x, y: x, kid: 'kid-1' },
    });
    expect(response).toEqual({
      anywhere: `${JWS.slice(0, 12)}…`,
      credentialKey: { kty: 'EC', crv: 'P-256', x: `${x.slice(0, 12)}…`, y: `${x.slice(0, 12)}…`, kid: 'kid-1' },
    });
    expect(masked.filter((note) => note.kind === 'key')).toHaveLength(2);
    // Masking twice changes nothing and notes nothing more.
    expect(mask('register', null, response)).toEqual({ request: null, response, masked: [] });
  });
});
