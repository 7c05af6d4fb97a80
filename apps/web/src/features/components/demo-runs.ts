import {
  defaultCheckoutConfiguration,
  STORAGE_KEYS,
  type MerchantStoreConfiguration,
  type ClickToPayPayment,
} from '@c2p/domain';
import { paymentsApi, type ApiRoute, type BodyOf, type SuccessOf } from '@c2p/domain/api';
import { ApiError, callApi } from '../../lib/api-client';
import { clickToPaySession, logServerCall } from '../../lib/click-to-pay/client';
import { checkoutConfiguration } from '../../lib/click-to-pay/settings';
import { listenToWindowSteps } from '../../lib/click-to-pay/window-steps';
import { session } from '../../lib/storage';
import type { ComponentEntry } from './catalogue';

/** One call the live demo made, shown on the page as it happens. */
export interface DemoCall {
  name: string;
  request: unknown;
  response?: unknown;
  failed?: boolean;
  pending?: boolean;
}

export interface DemoContext {
  record(call: DemoCall): number;
  update(index: number, call: Partial<DemoCall>): void;
  /** The DCF window, opened in the click that ran the demo (a later popup would be blocked). */
  openWindow(): Window | null;
}

interface CheckoutResult {
  checkoutActionCode?: string;
  checkoutResponseData?: { srcCorrelationId?: string };
  headers?: Record<string, string>;
}

/** What the last payload of these pages answered, kept in memory only: post-confirmation continues from it. */
const memory: { payment?: ClickToPayPayment } = {};

/** The ids of the last checkout of these pages, which fetch-payload sends back to the network. */
interface CheckoutIds {
  srcCorrelationId: string;
  merchantTransactionId: string;
  flowId: string;
}

/**
 * The fetch-payload page continues from a checkout page: the checkout's ids are kept for the tab
 * (session storage), so that a reload of the page still has them. Ids only, no card data.
 */
function keepCheckoutIds(result: CheckoutResult | undefined): void {
  const ids: CheckoutIds = {
    srcCorrelationId: result?.checkoutResponseData?.srcCorrelationId ?? '',
    merchantTransactionId: result?.headers?.['merchant-transaction-id'] ?? '',
    flowId: result?.headers?.['x-src-cx-flow-id'] ?? '',
  };
  session.set(STORAGE_KEYS.componentCheckout, JSON.stringify(ids));
}

function lastCheckoutIds(): Partial<CheckoutIds> {
  try {
    const stored: unknown = JSON.parse(session.get(STORAGE_KEYS.componentCheckout) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const text = (key: keyof CheckoutIds) => {
      const value = (stored as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : '';
    };
    return {
      srcCorrelationId: text('srcCorrelationId'),
      merchantTransactionId: text('merchantTransactionId'),
      flowId: text('flowId'),
    };
  } catch {
    return {};
  }
}

const amount = () => checkoutConfiguration().dpaTransactionOptions.transactionAmount;

/** The inputs a page's demo starts from, taken from the test data of the merchant store configuration. */
export function defaultInput(
  entry: ComponentEntry,
  store: MerchantStoreConfiguration,
  order?: { orderNumber: string; paymentId?: string },
) {
  const card = store.testDataCardDetails;
  const [month, year] = card.expiryDate.split('/');
  const encryptInput = {
    primaryAccountNumber: card.cardNumber,
    panExpirationMonth: month,
    panExpirationYear: year ? `20${year}` : '',
    cardSecurityCode: card.securityCode,
  };
  const email = store.testDataContactDetails[0]?.emailId ?? '';
  switch (entry.slug) {
    case 'email-lookup':
    case 'otp-input':
      return { email };
    case 'authenticate':
      return { email, requestRecognitionToken: true };
    case 'card-encryption':
    case 'card-input':
      return encryptInput;
    case 'checkout-with-new-card':
      return { ...encryptInput, emailAddress: 'new.user@example.com' };
    case 'checkout-with-card':
      return { srcDigitalCardId: '' };
    case 'fetch-payload': {
      const last = lastCheckoutIds();
      return {
        srcDpaId: checkoutConfiguration().srciEnv.dpaId || defaultCheckoutConfiguration().srciEnv.dpaId,
        srcCorrelationId: last.srcCorrelationId ?? '',
        merchantTransactionId: last.merchantTransactionId ?? '',
        flowId: last.flowId ?? '',
        transactionAmount: amount(),
      };
    }
    case 'post-confirmation':
      return { orderNumber: order?.orderNumber ?? '', paymentId: order?.paymentId ?? memory.payment?.paymentId ?? '' };
    default:
      return {};
  }
}

async function sdkCall<T>(ctx: DemoContext, method: string, params?: unknown): Promise<T | undefined> {
  const index = ctx.record({ name: method, request: params ?? null, pending: true });
  try {
    const client = await clickToPaySession().ready;
    const answer = await client.call<T>(method, params);
    ctx.update(index, { response: answer ?? null, pending: false });
    return answer;
  } catch (error) {
    ctx.update(index, { response: describe(error), failed: true, pending: false });
    throw error;
  }
}

async function serverCall<R extends ApiRoute>(
  ctx: DemoContext,
  name: string,
  route: R,
  body: BodyOf<R>,
): Promise<SuccessOf<R>> {
  const path = route.url;
  const index = ctx.record({ name, request: { method: 'POST', path, body }, pending: true });
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const answer = await callApi(route, { body });
    logServerCall(name, { method: 'POST', path, body }, answer, false, { httpStatus: 200, durationMs: took() });
    ctx.update(index, { response: answer, pending: false });
    return answer;
  } catch (error) {
    const response = error instanceof ApiError ? { status: error.status, ...error.body } : describe(error);
    logServerCall(name, { method: 'POST', path, body }, response, true, {
      httpStatus: error instanceof ApiError ? error.status : undefined,
      durationMs: took(),
    });
    ctx.update(index, { response, failed: true, pending: false });
    throw error;
  }
}

function describe(error: unknown): unknown {
  if (error && typeof error === 'object' && 'reason' in error) return error;
  return { message: error instanceof Error ? error.message : String(error) };
}

type Input = Record<string, unknown>;

/**
 * A checkout in the network's window, opened in the click that ran the demo and closed whatever the
 * answer. `prepare` makes the calls before it and answers the checkout's own request (none: no checkout).
 * Its ids are kept for the fetch-payload page.
 */
async function checkoutInWindow(
  ctx: DemoContext,
  method: 'checkoutWithCard' | 'checkoutWithNewCard',
  prepare: () => Promise<Input | undefined>,
): Promise<CheckoutResult | undefined> {
  const dcf = ctx.openWindow();
  try {
    const request = await prepare();
    if (!request) return undefined;
    const result = await sdkCall<CheckoutResult>(ctx, method, {
      ...request,
      windowRef: dcf,
      dpaTransactionOptions: { transactionAmount: amount() },
    });
    keepCheckoutIds(result);
    return result;
  } finally {
    dcf?.close();
  }
}

/**
 * authenticate() in the network's window, opened in the click that ran the demo: the payment
 * passkey where this browser has one for the email's profile, else the code. Each step the window
 * reports (the passkey's WebAuthn ceremony) shows as a call of its own.
 */
async function authenticateInWindow(ctx: DemoContext, input: Input): Promise<unknown> {
  const windowRef = ctx.openWindow();
  const stopSteps = listenToWindowSteps((step) => ctx.record({ ...step, pending: false }));
  try {
    return await sdkCall(ctx, 'authenticate', {
      windowRef,
      accountReference: {
        consumerIdentity: { identityProvider: 'SRC', identityType: 'EMAIL_ADDRESS', identityValue: input.email },
      },
      ...(input.requestRecognitionToken === true ? { requestRecognitionToken: true } : {}),
    });
  } finally {
    stopSteps();
    windowRef?.close();
  }
}

/** Runs a page's demo with the visitor's input; answers what the page's element should show. */
export async function runDemo(entry: ComponentEntry, input: Input, ctx: DemoContext): Promise<unknown> {
  switch (entry.slug) {
    case 'email-lookup':
      return sdkCall(ctx, 'idLookup', { email: input.email });
    case 'otp-input': {
      const lookup = await sdkCall<{ consumerPresent?: boolean }>(ctx, 'idLookup', { email: input.email });
      if (!lookup?.consumerPresent) return undefined;
      return sdkCall(ctx, 'initiateValidation');
    }
    case 'validate':
      return sdkCall(ctx, 'validate', { value: input.value });
    case 'authenticate':
      return authenticateInWindow(ctx, input);
    case 'get-cards':
    case 'card-list':
    case 'single-card':
      return sdkCall(ctx, 'getCards');
    case 'card-encryption':
      return sdkCall(ctx, 'encryptCard', input);
    case 'checkout-with-card':
      return checkoutInWindow(ctx, 'checkoutWithCard', async () => {
        const cards = (await sdkCall<{ srcDigitalCardId: string }[]>(ctx, 'getCards')) ?? [];
        const srcDigitalCardId = input.srcDigitalCardId || cards[0]?.srcDigitalCardId;
        return srcDigitalCardId ? { srcDigitalCardId } : undefined;
      });
    case 'checkout-with-new-card':
      return checkoutInWindow(ctx, 'checkoutWithNewCard', async () => {
        const { emailAddress, ...card } = input;
        const encrypted = await sdkCall<{ encryptedCard: string; cardBrand: string }>(ctx, 'encryptCard', card);
        if (!encrypted) return undefined;
        return { encryptedCard: encrypted.encryptedCard, cardBrand: encrypted.cardBrand, consumer: { emailAddress } };
      });
    case 'fetch-payload': {
      const answer = await serverCall(ctx, 'getPayload', paymentsApi.getPayload, {
        ...(input as Omit<BodyOf<typeof paymentsApi.getPayload>, 'transactionAmount'>),
        transactionAmount: amount(),
      });
      memory.payment = answer.data;
      return answer;
    }
    case 'post-confirmation':
      return serverCall(
        ctx,
        'confirmation',
        paymentsApi.confirmation,
        input as BodyOf<typeof paymentsApi.confirmation>,
      );
    default:
      return undefined;
  }
}
