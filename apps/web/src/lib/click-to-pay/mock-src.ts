import { inLocaleDigits, MOCK_SRC_ENDPOINT, type Tool } from '@c2p/domain';
import type { MockSrcFile, MockSrcOutcome } from '@c2p/domain/mock-src';
import { callApi, routesOf } from '../api-client';
import { i18n } from '../i18n';
import { tourStatus } from '../tour-status';
import { selectedMockSrcFile } from './mock-src-selection';
import { SDK_METHODS, type CheckoutResponse } from './types';
import { PASSKEY_USER_EMAIL } from '../test-shopper';
import {
  confirmsWithPasskey,
  signsInWithPasskey,
  tourPasskey,
  tourPasskeyCeremony,
  type TourPasskey,
} from './mock-passkey';
import type { PasskeyPurpose } from './window-steps';
import { askInWindow, type WindowQuestion } from './mock-window';

/** The mock SRC file a mock tool runs on: the one chosen on the configuration screen, else the experience's own. */
export function mockSrcFileName(tool: Tool): string {
  const chosen = selectedMockSrcFile();
  if (chosen) return chosen;
  if (tool === 'mock-tool-cof') return 'card-on-file.json';
  if (tool === 'mock-tool-installments') return 'installments.json';
  const experience = tourStatus().activatedUseCase;
  if (experience === 4) return 'passkey.json';
  return experience === 1 ? 'new-user.json' : experience === 3 ? 'repeat-user-new-device.json' : 'returning-user.json';
}

/** A mock SRC call as the tour hears it: which method, with what (windows left out). */
export interface MockSrcCall {
  method: string;
  params: unknown;
}
export const MOCK_SRC_CALL_EVENT = 'mock-src:call';

const CHECKOUTS = new Set(['checkoutWithCard', 'checkoutWithNewCard', 'checkoutWithInstallments', 'checkout']);

/** The request as the network would receive it: JSON, the window left behind. */
function requestOf(params: unknown): unknown {
  if (params === undefined) return null;
  return JSON.parse(
    JSON.stringify(params, (key, value: unknown) => (key === 'windowRef' ? undefined : value)),
  ) as unknown;
}

/** What the merchant told the network at init that its window shows: its name and the order's amount. */
interface MerchantView {
  merchant?: string;
  amount?: WindowQuestion['amount'];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The order's amount a call (or, failing that, init) gave. */
function amountOf(params: unknown, init: MerchantView): WindowQuestion['amount'] {
  const amount = record(record(params).dpaTransactionOptions).transactionAmount as WindowQuestion['amount'];
  return amount?.transactionCurrencyCode ? amount : init.amount;
}

/** The card's last four, as a sentence writes them. */
const lastFourOf = (answer: CheckoutResponse) =>
  inLocaleDigits(answer.checkoutResponseData?.maskedCard?.panLastFour ?? '', i18n.language);

/** The DCF's confirmation of a checkout: the card, the merchant, the amount and what Continue does. */
function checkoutQuestion(
  method: string,
  params: unknown,
  answer: CheckoutResponse,
  init: MerchantView,
): WindowQuestion {
  const key =
    method === 'checkoutWithNewCard'
      ? 'TOUR.MOCK_WINDOW.NEW_CARD'
      : method === 'checkoutWithInstallments'
        ? 'TOUR.MOCK_WINDOW.INSTALLMENTS'
        : 'TOUR.MOCK_WINDOW.TEXT';
  return {
    heading: i18n.t('TOUR.MOCK_WINDOW.REVIEW'),
    card: answer.checkoutResponseData?.maskedCard,
    merchant: init.merchant,
    amount: amountOf(params, init),
    text: i18n.t(key, { lastFour: lastFourOf(answer) }),
    yes: i18n.t('TOUR.MOCK_WINDOW.CONTINUE'),
  };
}

/**
 * Asks in the window for the tour's passkey and runs its ceremony (issue 38 item 6): the device's,
 * made on the first pass where the browser can, else a virtual one, which the window explains. A
 * refused or failed ceremony asks again, saying so. False when the shopper cancels.
 */
async function passkeyInWindow(
  windowRef: Window,
  purpose: PasskeyPurpose,
  question: (kind: TourPasskey) => Omit<WindowQuestion, 'yes'>,
): Promise<boolean> {
  let error: string | undefined;
  for (;;) {
    const kind = await tourPasskey();
    const making = kind === 'device-to-make';
    const asked = making
      ? { heading: i18n.t('TOUR.MOCK_WINDOW.CREATE_TITLE'), text: i18n.t('TOUR.MOCK_WINDOW.CREATE_TEXT') }
      : question(kind);
    const yes = i18n.t(making ? 'TOUR.MOCK_WINDOW.CREATE' : 'TOUR.MOCK_WINDOW.USE_PASSKEY');
    if (!(await askInWindow(windowRef, { ...asked, yes, error }))) return false;
    try {
      await tourPasskeyCeremony(kind, purpose, PASSKEY_USER_EMAIL);
      return true;
    } catch {
      error = i18n.t('TOUR.MOCK_WINDOW.PASSKEY_FAILED');
    }
  }
}

/**
 * The mock SRC: an SDK with the network's surface whose every answer comes from a mock SRC file,
 * through the sandbox's mock endpoint (the SRC network entry's "mock endpoint"). Checkouts ask for
 * confirmation in the network's window, as the real DCF does.
 */
export class MockSrcSdk {
  private init: MerchantView = {};

  constructor(
    private readonly file: MockSrcFile,
    private readonly endpoint = MOCK_SRC_ENDPOINT,
  ) {
    for (const method of SDK_METHODS) {
      (this as unknown as Record<string, (params?: unknown) => Promise<unknown>>)[method] = (params?: unknown) =>
        this.answer(method, params);
    }
  }

  private async answer(method: string, params: unknown): Promise<unknown> {
    const request = requestOf(params);
    if (method === 'init') {
      const dpaData = record(record(params).dpaData);
      const name = dpaData.dpaPresentationName ?? dpaData.dpaName;
      this.init = { merchant: typeof name === 'string' ? name : undefined, amount: amountOf(params, {}) };
    }
    window.dispatchEvent(new CustomEvent<MockSrcCall>(MOCK_SRC_CALL_EVENT, { detail: { method, params: request } }));
    const response = await fetch(this.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ file: this.file, method, params: request }),
    });
    const outcome = (await response.json().catch(() => ({}))) as MockSrcOutcome & { reason?: string; message?: string };
    if (!response.ok)
      throw { reason: outcome.reason ?? 'SERVER_ERROR', message: outcome.message ?? response.statusText };
    if (outcome.outcome === 'reject') throw outcome.error;
    const value = outcome.value;
    const windowRef = (params as { windowRef?: Window } | undefined)?.windowRef;
    if (method === 'authenticate' && windowRef && signsInWithPasskey(value)) {
      const used = await passkeyInWindow(windowRef, 'SIGN_IN', (kind) => ({
        heading: i18n.t('TOUR.MOCK_WINDOW.PASSKEY_TITLE'),
        text: i18n.t(kind === 'virtual' ? 'TOUR.MOCK_WINDOW.PASSKEY_TEXT_VIRTUAL' : 'TOUR.MOCK_WINDOW.PASSKEY_TEXT'),
      }));
      if (!used) throw { reason: 'CANCEL', message: 'The consumer closed the window' };
    }
    if (CHECKOUTS.has(method) && windowRef && (value as CheckoutResponse | null)?.checkoutActionCode === 'COMPLETE') {
      const answer = value as CheckoutResponse;
      const question = checkoutQuestion(method, params, answer, this.init);
      const confirmed = confirmsWithPasskey(params, answer)
        ? await passkeyInWindow(windowRef, 'CONFIRM', (kind) => ({
            ...question,
            text: i18n.t(
              kind === 'virtual' ? 'TOUR.MOCK_WINDOW.PASSKEY_CONFIRM_VIRTUAL' : 'TOUR.MOCK_WINDOW.PASSKEY_CONFIRM',
              {
                lastFour: lastFourOf(answer),
              },
            ),
          }))
        : await askInWindow(windowRef, question);
      if (!confirmed) return { checkoutActionCode: 'CANCEL' };
    }
    return value;
  }
}

/** The mock SRC for a tool, on the file it runs on (read from our server). */
export async function loadMockSrc(tool: Tool): Promise<MockSrcSdk> {
  const name = mockSrcFileName(tool);
  const { content } = await callApi(routesOf('mockSrcApi').one, {
    path: `/api/mock-src-files/${encodeURIComponent(name)}`,
  }).catch(() => {
    // Refused as the network's SDK refuses, for the payment step's message and the API log.
    throw { reason: 'SERVER_ERROR', message: `Failed to fetch mock file ${name}` };
  });
  return new MockSrcSdk(content as MockSrcFile);
}
