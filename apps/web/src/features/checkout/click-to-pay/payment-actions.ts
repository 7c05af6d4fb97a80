import type { Dispatch, RefObject } from 'react';
import type {
  ClickToPayPayment,
  CommonSettings,
  MerchantCheckoutConfiguration,
  PaymentAuthentication,
  Shipping,
  TransactionAmount,
} from '@c2p/domain';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../components/ui/toast';
import type { ClickToPayClient } from '../../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../../lib/click-to-pay/errors';
import { mockAuthentication } from '../../../lib/click-to-pay/mock-passkey';
import {
  isSdkError,
  type CheckoutResponse,
  type InitiateValidationResponse,
  type MaskedCard,
} from '../../../lib/click-to-pay/types';
import type { PaymentExtension } from '../../installments';
import { authenticateParams } from '../../configuration';
import type { EnteredCard } from '../card-form';
import type { NetworkWindow } from './dcf-window';
import { fetchPayloadWithRetry } from './failure-notice';
import { stepBeforeCheckout, type Flow, type FlowEvent, type Step } from './flow';
import type { Consent } from './kit-steps';
import {
  checkoutTransactionOptions,
  consumerFromShipping,
  encryptCardRequest,
  payloadRequest,
} from './network-requests';

/** What the payment's actions work with: the SDK, the flow, and the checkout's data. */
export interface PaymentContext {
  /** Set once the SDK is ready (every step that calls it shows only then). */
  client: ClickToPayClient | undefined;
  flow: Flow;
  dispatch: Dispatch<FlowEvent>;
  openWindow(): NetworkWindow;
  config: MerchantCheckoutConfiguration;
  settings: CommonSettings;
  transactionAmount: TransactionAmount;
  consent: RefObject<Consent>;
  shipping: Shipping | undefined;
  /** The email typed for the lookup (the shipping contact's until changed). */
  email: string;
  onPaid(payment: ClickToPayPayment): void;
  onMockPaid?(card: MaskedCard, authentication?: PaymentAuthentication): void;
}

export type CheckoutMethod = 'checkoutWithCard' | 'checkoutWithNewCard' | 'checkoutWithInstallments';

const failed = (context: PaymentContext, method: string, error: unknown) =>
  context.dispatch({ type: 'call-failed', message: sdkErrorMessage(method, error) });

/** What the payment does with a checkout's answer: fetch the payload, or show the step it asks for. */
async function settle(context: PaymentContext, result: CheckoutResponse | undefined, back: Step): Promise<void> {
  const { client, dispatch } = context;
  switch (result?.checkoutActionCode) {
    case 'COMPLETE': {
      const mockCard = client?.source === 'mock' ? result.checkoutResponseData?.maskedCard : undefined;
      if (mockCard && context.onMockPaid) return context.onMockPaid(mockCard, mockAuthentication(result));
      const request = payloadRequest(result, context.config.srciEnv.dpaId, context.transactionAmount);
      if (!request) break;
      return fetchPayloadWithRetry(request, context.onPaid, dispatch, i18n.t('API_ERRORS.FETCH_PAYLOAD'));
    }
    case 'CANCEL':
    case 'CHANGE_CARD':
      return dispatch({ type: 'window-closed', back });
    case 'ADD_CARD':
      return dispatch({ type: 'add-card' });
    case 'SWITCH_CONSUMER':
      await client?.call('signOut').catch(() => undefined);
      return dispatch({ type: 'signed-out' });
    default:
      break;
  }
  void notify('error', { key: 'SRCI_ERRORS.CHECKOUT.DEFAULT_ERROR' });
  dispatch({ type: 'window-closed', back });
}

/**
 * One checkout in the network's window, opened here unless the caller already did in the
 * shopper's click (`dcf`). The step stays behind the window (no collapse to a spinner); 'paying'
 * follows COMPLETE, and any other end returns to `back`.
 */
export async function checkout(
  context: PaymentContext,
  method: CheckoutMethod,
  params: Record<string, unknown>,
  dcf: NetworkWindow = context.openWindow(),
  back: Step = stepBeforeCheckout(context.flow),
): Promise<void> {
  const { client, dispatch, transactionAmount, settings } = context;
  if (!client) return dcf.close();
  dispatch({ type: 'call-started' });
  try {
    const result = await client.call<CheckoutResponse>(method, {
      ...params,
      windowRef: dcf.windowRef,
      dpaTransactionOptions: checkoutTransactionOptions(transactionAmount, settings),
    });
    dcf.close();
    await settle(context, result, back);
  } catch (error) {
    dcf.close();
    failed(context, method, error);
    dispatch({ type: 'window-closed', back });
  } finally {
    dispatch({ type: 'call-ended' });
  }
}

/** The one-time code to the shopper's email or phone (or the other channel they asked for). */
export async function sendCode(context: PaymentContext, requestedValidationChannelId?: string): Promise<void> {
  if (!context.client) return;
  try {
    const validation = await context.client.call<InitiateValidationResponse>(
      'initiateValidation',
      requestedValidationChannelId ? { requestedValidationChannelId } : undefined,
    );
    if (validation) context.dispatch({ type: 'code-sent', validation });
  } catch (error) {
    failed(context, 'initiateValidation', error);
  }
}

/** The configuration's authentication module: the network's own code screen (authenticate). */
async function authenticate(context: PaymentContext, client: ClickToPayClient, address: string): Promise<void> {
  const dcf = context.openWindow();
  try {
    const answer = await client.call<{ cards?: MaskedCard[] }>(
      'authenticate',
      authenticateParams(address, dcf.windowRef, context.settings),
    );
    context.dispatch({ type: 'identified', cards: answer?.cards ?? [] });
  } catch (error) {
    failed(context, 'authenticate', error);
  } finally {
    dcf.close();
  }
}

/** Is the email known at the network? Then a code goes to it; else a new card is entered. */
async function idLookup(context: PaymentContext, client: ClickToPayClient, address: string): Promise<void> {
  try {
    const found = await client.call<{ consumerPresent: boolean }>('idLookup', { email: address });
    if (found?.consumerPresent) await sendCode(context);
    else context.dispatch({ type: 'unknown-consumer' });
  } catch (error) {
    failed(context, 'idLookup', error);
  }
}

/** The email step's lookup of a checked address. */
export async function lookUp(context: PaymentContext, address: string): Promise<void> {
  const { client, dispatch } = context;
  if (!client || context.flow.busy) return;
  dispatch({ type: 'call-started' });
  try {
    await (context.settings.consumerAuthenticationModule ? authenticate : idLookup)(context, client, address);
  } finally {
    dispatch({ type: 'call-ended' });
  }
}

/** The code the shopper typed; a wrong one shows on the code fields themselves, counted. */
export async function validate(context: PaymentContext, value: string, rememberMe: boolean): Promise<void> {
  const { client, dispatch } = context;
  if (!client || context.flow.step.name !== 'otp') return;
  dispatch({ type: 'code-entered' });
  context.consent.current = { ...context.consent.current, rememberMe };
  try {
    dispatch({ type: 'identified', cards: (await client.call<MaskedCard[]>('validate', { value, rememberMe })) ?? [] });
  } catch (error) {
    const reason = isSdkError(error) ? error.reason : 'UNKNOWN_ERROR';
    dispatch({ type: 'code-refused', message: sdkErrorMessage('validate', error), reason });
  }
}

export async function signOut(context: PaymentContext): Promise<void> {
  if (!context.client) return;
  await context.client.call('signOut').catch((error: unknown) => failed(context, 'signOut', error));
  context.dispatch({ type: 'signed-out' });
}

/** A card of the list: paid in the network's window, or handed to the variant's own step. */
export function payWithCard(context: PaymentContext, srcDigitalCardId: string, extension?: PaymentExtension): void {
  if (context.flow.busy) return;
  if (extension) return context.dispatch({ type: 'card-chosen', srcDigitalCardId });
  void checkout(context, 'checkoutWithCard', {
    srcDigitalCardId,
    // Asked once: on the code step (or by the consent), never again in the network's window.
    rememberMe: context.consent.current.rememberMe,
  });
}

/**
 * A card typed into the form: encrypted by the SDK, then paid (and enrolled) in the network's
 * window. The popup must open inside the click (a later one is blocked): the encryption happens
 * while it shows its loader, and the checkout then runs in the same window.
 */
export function payWithNewCard(
  context: PaymentContext,
  card: EnteredCard,
  onEncrypted?: (encryptedCard: string) => void,
): void {
  const { client, dispatch, consent, settings } = context;
  if (!client || context.flow.busy) return;
  const dcf = context.openWindow();
  dispatch({ type: 'call-started' });
  void (async () => {
    try {
      const encrypted = await client.call<{ encryptedCard: string; cardBrand: string }>(
        'encryptCard',
        encryptCardRequest(card, context.shipping),
      );
      if (!encrypted) throw new Error('encryptCard answered nothing');
      onEncrypted?.(encrypted.encryptedCard);
      const { encryptedCard, cardBrand } = encrypted;
      await checkout(
        context,
        'checkoutWithNewCard',
        {
          encryptedCard,
          cardBrand,
          consumer: consumerFromShipping(context.shipping, context.email),
          ...(settings.requestedRecognitionToken ? { recognitionTokenRequested: true } : {}),
          ...(consent.current.given
            ? { complianceSettings: context.config.complianceSettings, rememberMe: consent.current.rememberMe }
            : {}),
        },
        dcf,
      );
    } catch (error) {
      dcf.close();
      failed(context, 'encryptCard', error);
      dispatch({ type: 'call-ended' });
    }
  })();
}
