// @vitest-environment jsdom
// Issue 31: the steps the network's window takes for a payment passkey (its WebAuthn ceremony),
// which the page cannot see, reach the API log as calls of their own: masked, with what each was
// for in words, and for one that used no passkey, why.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@c2p/domain';
import { registerCallLog } from '../../lib/click-to-pay/call-log';
import { ClickToPayClient } from '../../lib/click-to-pay/client';
import { WINDOW_STEP_EVENT } from '../../lib/click-to-pay/window-steps';
import { initTestI18n } from '../account/test-utils';
import ApiLogPanel from './api-log-panel';
import { apiLog, type ApiLogEntry } from './log-store';
import { passkeyNotes } from './passkey-note';
import { tIn } from './test-utils';

const CHALLENGE = 'q3Xv1sK9mB2nR7tY4wZ8aC6dE0fG5hJ1';

/** What lib.js dispatches for each step the window reports (window-api.ts: type, windowId and the step). */
const step = (detail: Record<string, unknown>) =>
  window.dispatchEvent(
    new CustomEvent(WINDOW_STEP_EVENT, { detail: { type: WINDOW_STEP_EVENT, windowId: 'w-1', ...detail } }),
  );

/** authenticate() whose window signs in with a passkey, reporting each step as the sandbox's does. */
const sdk = {
  async authenticate() {
    step({ step: 'PASSKEY_OPTIONS', purpose: 'SIGN_IN', rpId: 'localhost', challenge: CHALLENGE, allowCredentials: 1 });
    step({
      step: 'PASSKEY_RESULT',
      purpose: 'SIGN_IN',
      credentialId: 'cred-1234567…',
      userVerified: true,
      signCount: 2,
    });
    step({ step: 'PASSKEY_VERIFICATION', purpose: 'SIGN_IN', verified: true });
    return { cards: [] };
  },
  async checkoutWithCard() {
    step({ step: 'PASSKEY_UNAVAILABLE', purpose: 'CONFIRM', reason: 'DPA_NAME_MISSING' });
    step({ step: 'NOT_A_STEP', purpose: 'CONFIRM' });
    return { checkoutActionCode: 'COMPLETE' };
  },
};

const logs = () => apiLog.transactions().at(-1)!.logs;

beforeAll(initTestI18n);
beforeEach(() => {
  localStorage.clear();
  registerCallLog(apiLog);
  apiLog.clear();
});
afterEach(() => {
  cleanup();
  apiLog.clear();
});

describe('the passkey steps of the network’s window in the API log', () => {
  it('are logged while a call with a window runs, each on its own, masked, before the call they belong to', async () => {
    const client = new ClickToPayClient(sdk, apiLog.start('offline-sandbox'));
    await client.call('authenticate', { windowRef: window, accountReference: {} });
    expect(logs().map((log) => [log.name, log.source])).toEqual([
      ['PASSKEY_OPTIONS', 'window'],
      ['PASSKEY_RESULT', 'window'],
      ['PASSKEY_VERIFICATION', 'window'],
      ['authenticate', 'sdk'],
    ]);
    const [options] = logs();
    expect(options!.request).toEqual({ purpose: 'SIGN_IN' });
    expect(options!.response).toMatchObject({ rpId: 'localhost', challenge: `${CHALLENGE.slice(0, 12)}…` });
    expect(JSON.stringify(logs())).not.toContain(CHALLENGE);
    expect(options!.masked).toEqual([{ path: 'response.challenge', kind: 'token', length: CHALLENGE.length }]);
  });

  it('are not logged outside a call, nor when the step is not one the log knows', async () => {
    const client = new ClickToPayClient(sdk, apiLog.start('offline-sandbox'));
    step({ step: 'PASSKEY_OPTIONS', purpose: 'SIGN_IN' });
    await client.call('checkoutWithCard', { srcDigitalCardId: 'card-1', windowRef: window });
    expect(logs().map((log) => log.name)).toEqual(['PASSKEY_UNAVAILABLE', 'checkoutWithCard']);
  });

  it('show what each step was for, and why no passkey was used, in the panel', async () => {
    const client = new ClickToPayClient(sdk, apiLog.start('offline-sandbox'));
    await client.call('authenticate', { windowRef: window, accountReference: {} });
    await client.call('checkoutWithCard', { srcDigitalCardId: 'card-1', windowRef: window });
    render(
      <MemoryRouter>
        <ApiLogPanel onClose={() => undefined} />
      </MemoryRouter>,
    );
    const entries = screen.getAllByTestId('api-log-entry');
    const options = entries.find((entry) => entry.querySelector('.api-log__name')?.textContent === 'PASSKEY_OPTIONS')!;
    expect(within(options).getByText('Network window')).toBeTruthy();
    expect(within(options).getByTestId('api-log-passkey').textContent).toBe('Purpose: signing in (authenticate)');
    const unavailable = entries.find(
      (entry) => entry.querySelector('.api-log__name')?.textContent === 'PASSKEY_UNAVAILABLE',
    )!;
    expect(
      within(unavailable)
        .getAllByTestId('api-log-passkey')
        .map((note) => note.textContent),
    ).toEqual([
      'Purpose: confirming the payment (authenticated payment)',
      'Why no passkey: the merchant gave no dpaName at init, and without it the network uses no passkey',
    ]);
    // Not code to copy: a step of the window, not a call of the page.
    expect(within(options).queryByText('As JavaScript')).toBeNull();
  });
});

describe('the passkey notes in each locale', () => {
  const entry = (name: string, purpose: string, response: Record<string, unknown> = {}): ApiLogEntry => ({
    name,
    request: { purpose },
    response,
    source: 'window',
    logTime: new Date().toISOString(),
  });

  for (const locale of LOCALE_CODES) {
    it(`${locale} words every purpose and every reason the sandbox gives`, () => {
      const t = tIn(locale);
      const notes = [
        ...['SIGN_IN', 'CREATE', 'CONFIRM'].flatMap((purpose) => passkeyNotes(t, entry('PASSKEY_OPTIONS', purpose))!),
        ...['DPA_NAME_MISSING', 'NO_PASSKEY', 'NO_PROFILE', 'NOT_SUPPORTED'].flatMap((reason) =>
          passkeyNotes(t, entry('PASSKEY_UNAVAILABLE', 'SIGN_IN', { reason }))!,
        ),
      ];
      for (const note of notes)
        expect(note).not.toMatch(/API_LOG|SIGN_IN|CREATE|CONFIRM|DPA_NAME|NO_PASS|NO_PROF|NOT_SUP/);
      expect(new Set(notes).size).toBe(3 + 4);
    });
  }

  it('quotes a reason it has no words for, and says nothing for other calls', () => {
    const t = tIn('en-US');
    expect(passkeyNotes(t, entry('PASSKEY_UNAVAILABLE', 'SIGN_IN', { reason: 'RP_MISMATCH' }))).toEqual([
      'Purpose: signing in (authenticate)',
      'Why no passkey: the network said “RP_MISMATCH”',
    ]);
    expect(passkeyNotes(t, entry('authenticate', 'SIGN_IN'))).toBeUndefined();
  });
});
