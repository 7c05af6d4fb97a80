// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@c2p/domain';
import { registerCallLog } from '../../lib/click-to-pay/call-log';
import { ClickToPayClient, logServerCall } from '../../lib/click-to-pay/client';
import { initTestI18n } from '../account/test-utils';
import ApiLogPanel from './api-log-panel';
import { apiLogHtml } from './download';
import { apiLog } from './log-store';
import type { MaskNote } from '../../lib/masking';
import { ENCRYPT_CARD_NOTES, HTML_LABELS } from './test-fixtures';

const PAN = '5186001700008785';
const CVC = '987';
const OTP = '246813';
const ID_TOKEN = `eyJhbGciOiJSUzI1NiJ9.${'eyJzdWIiOiJjb25zdW1lciJ9'.repeat(8)}.c2lnbmF0dXJl`;
const ENCRYPTED_CARD = `eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.${'a2V5'.repeat(40)}.aXY.${'Y2lwaGVy'.repeat(30)}.dGFn`;

/** The log's own ids and times, whose digits may read as the code by chance (they did in one CI run). */
const IDS_AND_TIMES = /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/gi;

/** What must never be kept or shown, and how each would be found. */
function leaks(text: string): string[] {
  const found: string[] = [];
  if (text.replace(/[\s-]/g, '').includes(PAN)) found.push('card number');
  if (new RegExp(`(^|\\D)${CVC}(\\D|$)`).test(text.replace(IDS_AND_TIMES, ''))) found.push('security code');
  if (text.includes(OTP)) found.push('one-time code');
  if (text.includes(ID_TOKEN.slice(0, 40))) found.push('idToken');
  if (text.includes(ENCRYPTED_CARD.slice(0, 40))) found.push('encrypted card');
  return found;
}

/** An encryptCard call logged without masking (by hand, or by an older release). */
const unmaskedEncryptCard = (response: unknown, logTime: string) => ({
  name: 'encryptCard',
  request: { primaryAccountNumber: PAN, cardSecurityCode: CVC },
  response,
  logTime,
});

const stored = () => localStorage.getItem(STORAGE_KEYS.apiLogs) ?? '';

const htmlOptions = {
  lang: 'en-US',
  dir: 'ltr' as const,
  title: 'API log',
  labels: HTML_LABELS,
  describeMask: (note: MaskNote) => `${note.kind} ${note.bin ?? ''} ${note.lastFour ?? ''}`,
};

/** A new user's checkout through the logged SDK wrapper, as the payment step makes it. */
async function newUserCheckout() {
  const transaction = apiLog.start('offline-sandbox');
  const sdk = {
    validate: vi.fn(async () => ({ idToken: ID_TOKEN })),
    encryptCard: vi.fn(async () => ({ encryptedCard: ENCRYPTED_CARD, cardBrand: 'mastercard' })),
    checkoutWithNewCard: vi.fn(async () => ({ checkoutActionCode: 'COMPLETE', idToken: ID_TOKEN })),
  };
  const client = new ClickToPayClient(sdk, transaction);
  await client.call('validate', { value: OTP });
  await client.call('encryptCard', {
    primaryAccountNumber: PAN,
    panExpirationMonth: '12',
    panExpirationYear: '2030',
    cardSecurityCode: CVC,
    cardholderFullName: 'Ada Lovelace',
  });
  await client.call('checkoutWithNewCard', { encryptedCard: ENCRYPTED_CARD, cardBrand: 'mastercard' });
  // A server answer that echoed a card number in its message.
  logServerCall('getPayload', { body: { srcDpaId: 'dpa' } }, { message: `card ${PAN} refused` }, true);
  // The SDK gets the card as given: masking is for the log only.
  expect(sdk.encryptCard).toHaveBeenCalledWith(expect.objectContaining({ primaryAccountNumber: PAN }));
}

function renderPanel() {
  return render(
    <MemoryRouter>
      <ApiLogPanel onClose={() => {}} />
    </MemoryRouter>,
  );
}

beforeAll(initTestI18n);
beforeEach(() => {
  registerCallLog(apiLog);
  localStorage.clear();
  apiLog.clear();
});
afterEach(() => {
  cleanup();
  apiLog.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('item 9: the API log keeps no card number, security code, code or token', () => {
  it("stores a new user's checkout masked, and still says brand, BIN, last four and what was masked", async () => {
    await newUserCheckout();
    expect(leaks(stored())).toEqual([]);
    const [encrypt] = apiLog
      .transactions()
      .at(-1)!
      .logs.filter((log) => log.name === 'encryptCard');
    expect(encrypt!.request).toMatchObject({ primaryAccountNumber: '518600••••••8785', cardSecurityCode: '•••' });
    expect(encrypt!.response).toMatchObject({
      cardBrand: 'mastercard',
      encryptedCard: `${ENCRYPTED_CARD.slice(0, 12)}…`,
    });
    expect(encrypt!.masked).toEqual([
      ...ENCRYPT_CARD_NOTES,
      { path: 'response.encryptedCard', kind: 'token', length: ENCRYPTED_CARD.length },
    ]);
  });

  it('downloads the log with nothing to leak, and with the masked notes', async () => {
    await newUserCheckout();
    const html = apiLogHtml(apiLog.transactions(), htmlOptions);
    expect(leaks(html)).toEqual([]);
    expect(html).toContain('request.primaryAccountNumber');
    expect(html).toContain('pan 518600 8785');
  });

  it('masks a download made from entries that were never masked', () => {
    const html = apiLogHtml(
      [
        {
          id: 't',
          time: '2026-11-23T10:00:00.000Z',
          env: 'sandbox',
          logs: [unmaskedEncryptCard({ idToken: ID_TOKEN }, '2026-11-23T10:00:01.000Z')],
        },
      ],
      htmlOptions,
    );
    expect(leaks(html)).toEqual([]);
  });

  it('shows the panel masked, with a translated note per masked field', async () => {
    await newUserCheckout();
    renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'API log' });
    expect(leaks(dialog.textContent ?? '')).toEqual([]);
    const encrypt = within(dialog)
      .getAllByTestId('api-log-entry')
      .find((entry) => entry.querySelector('.api-log__name')?.textContent === 'encryptCard')!;
    fireEvent.click(encrypt.querySelector('summary')!);
    const notes = within(encrypt).getByRole('list', { name: 'Masked' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'request.primaryAccountNumber Card number masked: Mastercard, BIN 518600, last four 8785, length 16',
      'request.cardSecurityCode Security code masked: length 3',
      `response.encryptedCard Shortened to its first 12 characters: length ${ENCRYPTED_CARD.length}`,
    ]);
  });

  it('masks what an older release left in storage, in storage too, before showing it', () => {
    localStorage.setItem(
      STORAGE_KEYS.apiLogs,
      JSON.stringify([
        {
          id: 'old',
          time: '2026-11-01T10:00:00.000Z',
          env: 'sandbox',
          logs: [
            unmaskedEncryptCard({ encryptedCard: ENCRYPTED_CARD }, '2026-11-01T10:00:01.000Z'),
            {
              name: 'validate',
              request: { value: OTP },
              response: { idToken: ID_TOKEN },
              logTime: '2026-11-01T10:00:02.000Z',
            },
          ],
        },
      ]),
    );
    // Another tab wrote it: the store reads storage afresh.
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.apiLogs }));
    renderPanel();
    expect(leaks(screen.getByRole('dialog').textContent ?? '')).toEqual([]);
    expect(leaks(stored())).toEqual([]);
    expect(apiLog.transactions()[0]!.logs[1]!.masked).toEqual([
      { path: 'request.value', kind: 'otp', length: 6 },
      { path: 'response.idToken', kind: 'token', length: ID_TOKEN.length },
    ]);
  });
});
