// The sandbox's Click to Pay SDK (lib.js): `window.MastercardCheckoutServices` and its alias
// `window.Click2Pay`, with the network SDK's methods, request and response shapes (reference
// section 3). It keeps no state of its own beyond the session token: everything lives on the
// sandbox server, reached through the internal API under /sandbox/api.
import { cardBrandOf } from '@c2p/domain/card-brand';
import { encryptJwe } from './jwe.ts';
import {
  callSandbox,
  fail,
  isObject,
  isWindow,
  openWindow,
  WINDOW_STEP,
  type Json,
  type WindowRequest,
} from './sandbox-client.ts';

export type { SdkError } from './sandbox-client.ts';

const script = document.currentScript as HTMLScriptElement | null;
const scriptUrl = new URL(script?.src ?? `${location.origin}/sandbox/srci/integration/2/lib.js`, location.href);
const SANDBOX_ORIGIN = scriptUrl.origin;
const QUERY_DPA_ID = scriptUrl.searchParams.get('srcDpaId') ?? scriptUrl.searchParams.get('dpaId') ?? undefined;
const QUERY_LOCALE = scriptUrl.searchParams.get('locale') ?? undefined;

let cachedKey: Promise<JsonWebKey & { kid?: string }> | undefined;

async function cardEncryptionKey(): Promise<JsonWebKey & { kid?: string }> {
  cachedKey ??= fetch(`${SANDBOX_ORIGIN}/sandbox/keys`).then(async (response) => {
    const jwks = (await response.json()) as { keys: (JsonWebKey & { kid?: string })[] };
    const key = jwks.keys.find((k) => k.kid?.includes('fpan-encryption'));
    if (!key) throw fail('SERVER_ERROR', 'The sandbox publishes no card-encryption key');
    return key;
  });
  return cachedKey.catch((error: unknown) => {
    cachedKey = undefined;
    throw isObject(error) && 'reason' in error ? error : fail('UNABLE_TO_CONNECT', 'Could not load the sandbox keys');
  });
}

let hostedCheckout = false;

/** The hosted checkout script (hosted-checkout.js) is this SDK with the network's own card and plan window. */
export function enableHostedCheckout(): void {
  hostedCheckout = true;
}

export class MastercardCheckoutServices {
  #session: string | undefined;
  #initializing = false;
  #debug: boolean;

  constructor(options: { debug?: boolean } = {}) {
    this.#debug = options.debug === true;
  }

  async #call<T>(method: 'GET' | 'POST', path: string, body?: unknown, needsSession = true): Promise<T> {
    if (needsSession && !this.#session) {
      throw fail(
        'INVALID_REQUEST',
        this.#initializing ? 'init has not resolved yet: wait for it' : 'Call init before any other method',
      );
    }
    const data = await callSandbox(SANDBOX_ORIGIN, this.#session, { method, path, body }, (status, answer) => {
      if (this.#debug) console.debug('[c2p sandbox]', method, path, status, answer);
    });
    return data as T;
  }

  async init(params: Json = {}): Promise<{ availableCardBrands: string[]; availableServices: string[] }> {
    if (!isObject(params)) throw fail('INVALID_PARAMETER', 'init takes an object');
    const options = isObject(params.dpaTransactionOptions) ? { ...params.dpaTransactionOptions } : undefined;
    if (options && !options.dpaLocale && (params.dpaLocale || QUERY_LOCALE)) {
      options.dpaLocale = params.dpaLocale ?? QUERY_LOCALE;
    }
    const body = { ...params, srcDpaId: params.srcDpaId ?? QUERY_DPA_ID, dpaTransactionOptions: options };
    this.#initializing = true;
    this.#session = undefined;
    try {
      const answer = await this.#call<{
        sessionToken: string;
        availableCardBrands: string[];
        availableServices: string[];
      }>('POST', '/init', body, false);
      this.#session = answer.sessionToken;
      return { availableCardBrands: answer.availableCardBrands, availableServices: answer.availableServices };
    } finally {
      this.#initializing = false;
    }
  }

  async getCards(): Promise<Json[]> {
    return (await this.#call<{ cards: Json[] }>('GET', '/cards')).cards;
  }

  async idLookup(params: Json = {}): Promise<{ consumerPresent: boolean }> {
    return this.#call('POST', '/lookup', params);
  }

  async initiateValidation(params: Json = {}): Promise<Json> {
    return this.#call('POST', '/validation/initiate', params ?? {});
  }

  async validate(params: Json | string = {}): Promise<Json[]> {
    const body = typeof params === 'string' ? { value: params } : params;
    return (await this.#call<{ cards: Json[] }>('POST', '/validation/complete', body)).cards;
  }

  /** The combined flow: look the consumer up, then take the code in the windowRef (DCF OTP screen). */
  async authenticate(params: Json = {}): Promise<Json> {
    const identity = isObject(params.accountReference) ? params.accountReference.consumerIdentity : undefined;
    if (!isObject(identity) || typeof identity.identityValue !== 'string') {
      throw fail('INVALID_PARAMETER', 'accountReference.consumerIdentity.identityValue is required');
    }
    if (!isWindow(params.windowRef)) throw fail('INVALID_PARAMETER', 'windowRef must be a window (popup or iframe)');
    // A phone identity is the whole international number ("12025550143", "+1 202-555-0143"): the
    // sandbox finds the country code itself, as the network does.
    const lookup =
      identity.identityType === 'MOBILE_PHONE_NUMBER' || identity.identityType === 'SMS'
        ? { mobileNumber: { phoneNumber: identity.identityValue } }
        : { email: identity.identityValue };
    const { consumerPresent } = await this.idLookup(lookup);
    if (!consumerPresent) return { cards: [], authenticationStatus: 'NOT_FOUND' };
    // The network's window chooses: the payment passkey where this profile has one here, else the code.
    const answer = await this.#openWindow(
      params.windowRef,
      { kind: 'CODE', requestRecognitionToken: params.requestRecognitionToken === true },
      async () => ({ status: 'CANCEL', reason: 'CANCEL', message: 'The consumer closed the window' }),
    );
    if (answer.status !== 'AUTHENTICATED')
      throw fail(String(answer.reason ?? 'CANCEL'), String(answer.message ?? 'The consumer did not finish'));
    return {
      authenticationStatus: 'AUTHENTICATED',
      // Ours: which way the consumer proved it (the network's answer says it only in its assurance data).
      authenticationMethod: answer.method === 'PASSKEY' ? 'PASSKEY' : 'OTP',
      cards: await this.getCards(),
      ...(typeof answer.recognitionToken === 'string' ? { recognitionToken: answer.recognitionToken } : {}),
    };
  }

  async encryptCard(card: Json = {}): Promise<{ encryptedCard: string; cardBrand: string }> {
    if (!this.#session) throw fail('INVALID_REQUEST', 'Call init before any other method');
    const pan = String(card.primaryAccountNumber ?? '').replace(/\D/g, '');
    const missing = ['primaryAccountNumber', 'panExpirationMonth', 'panExpirationYear', 'cardSecurityCode'].filter(
      (field) => card[field] === undefined || card[field] === '',
    );
    if (missing.length > 0) throw fail('INVALID_PARAMETER', `Missing: ${missing.join(', ')}`);
    if (pan.length < 12 || pan.length > 19) throw fail('CARD_INVALID', 'The card number is not valid');
    const key = await cardEncryptionKey();
    const encryptedCard = await encryptJwe(JSON.stringify({ ...card, primaryAccountNumber: pan }), key);
    return { encryptedCard, cardBrand: brandOf(pan) };
  }

  async checkoutWithCard(params: Json = {}): Promise<Json> {
    if (typeof params.srcDigitalCardId !== 'string') throw fail('CARDID_MISSING', 'srcDigitalCardId is required');
    return this.#checkout('CARD', params);
  }

  async checkoutWithNewCard(params: Json = {}): Promise<Json> {
    if (typeof params.encryptedCard !== 'string')
      throw fail('CARD_MISSING', 'encryptedCard is required (from encryptCard)');
    return this.#checkout('NEW_CARD', params);
  }

  async isInstallmentsEligible(params: Json = {}): Promise<{ eligible: boolean; plans: Json[] }> {
    return this.#call('POST', '/installments/eligibility', params);
  }

  /**
   * Installment checkout: checkoutWithCard plus `installmentPlan: { planId }` from isInstallmentsEligible.
   * Loaded as the hosted checkout script, without a card: the network's own window shows the card
   * choice and the plans (issue 14, ours).
   */
  async checkoutWithInstallments(params: Json = {}): Promise<Json> {
    if (typeof params.srcDigitalCardId !== 'string') {
      if (hostedCheckout) return this.#hostedInstallments(params);
      throw fail('CARDID_MISSING', 'srcDigitalCardId is required');
    }
    return this.#checkout('INSTALLMENTS', params);
  }

  async #hostedInstallments(params: Json): Promise<Json> {
    if (!this.#session) throw fail('INVALID_REQUEST', 'Call init before any other method');
    const { windowRef, dpaTransactionOptions } = params;
    if (!isWindow(windowRef)) throw fail('INVALID_PARAMETER', 'windowRef must be a window (popup or iframe)');
    const request: WindowRequest = {
      kind: 'HOSTED',
      ...(isObject(dpaTransactionOptions) ? { dpaTransactionOptions } : {}),
    };
    const answer = await this.#openWindow(windowRef, request, async () => ({ checkoutActionCode: 'CANCEL' }));
    if (answer.checkoutActionCode === 'COMPLETE' && typeof answer.checkoutId === 'string') {
      return this.#call<Json>('GET', `/checkouts/${encodeURIComponent(answer.checkoutId)}/result`);
    }
    return { checkoutActionCode: answer.checkoutActionCode === 'ERROR' ? 'ERROR' : 'CANCEL' };
  }

  // ---- the agentic checkout (ours: the network's Agent Pay SDK is not public; issue 39) ----------

  /**
   * The network's window where the shopper lets the agent (registered at POST /sandbox/agents) pay
   * with one of their cards: their proof, the card, their consent. Resolves with what the agent
   * keeps: the agentic token's id and the card credential (L1).
   */
  async enrolAgent(params: Json = {}): Promise<{ agenticTokenId: string; l1: string; maskedCard: Json }> {
    if (typeof params.agentId !== 'string') throw fail('INVALID_PARAMETER', 'agentId is required');
    const answer = await this.#agenticWindow(params.windowRef, { kind: 'AGENT_ENROL', agentId: params.agentId });
    if (answer.status !== 'ENROLLED') throw windowEnded(answer);
    return {
      agenticTokenId: String(answer.agenticTokenId),
      l1: String(answer.l1),
      maskedCard: answer.maskedCard as Json,
    };
  }

  /** The network's window where the shopper approves the agent's mandate request with their passkey, or declines it. */
  async approveMandate(params: Json = {}): Promise<{ status: 'APPROVED' | 'DECLINED'; l2?: string }> {
    if (typeof params.mandateRequestId !== 'string') throw fail('INVALID_PARAMETER', 'mandateRequestId is required');
    const request = { kind: 'MANDATE' as const, mandateRequestId: params.mandateRequestId };
    const answer = await this.#agenticWindow(params.windowRef, request);
    if (answer.status === 'APPROVED') return { status: 'APPROVED', l2: String(answer.l2) };
    if (answer.status === 'DECLINED') return { status: 'DECLINED' };
    throw windowEnded(answer);
  }

  /** The network's window where the shopper sees their agents and revokes them; resolves with the tokens revoked. */
  async manageAgents(params: Json = {}): Promise<{ revoked: string[] }> {
    const revoked: string[] = [];
    const onStep = (event: Event) => {
      const detail = (event as CustomEvent<Json>).detail;
      if (detail.step === 'AGENT_REVOKED' && typeof detail.agenticTokenId === 'string')
        revoked.push(detail.agenticTokenId);
    };
    window.addEventListener(WINDOW_STEP, onStep);
    try {
      const answer = await this.#agenticWindow(params.windowRef, { kind: 'AGENT_MANAGE' });
      if (answer.status === 'FAILED') throw windowEnded(answer);
      return { revoked };
    } finally {
      window.removeEventListener(WINDOW_STEP, onStep);
    }
  }

  #agenticWindow(windowRef: unknown, request: WindowRequest): Promise<Json> {
    if (!this.#session) throw fail('INVALID_REQUEST', 'Call init before any other method');
    if (!isWindow(windowRef)) throw fail('INVALID_PARAMETER', 'windowRef must be a window (popup or iframe)');
    return this.#openWindow(windowRef, request, async () => ({
      status: 'CANCEL',
      message: 'The consumer closed the window',
    }));
  }

  async signOut(params: Json = {}): Promise<{ recognized: boolean }> {
    return this.#call('POST', '/sign-out', params ?? {});
  }

  async #checkout(kind: 'CARD' | 'NEW_CARD' | 'INSTALLMENTS', params: Json): Promise<Json> {
    if (!this.#session) throw fail('INVALID_REQUEST', 'Call init before any other method');
    const { windowRef, ...rest } = params;
    if (!isWindow(windowRef)) throw fail('INVALID_PARAMETER', 'windowRef must be a window (popup or iframe)');
    const { checkoutId } = await this.#call<{ checkoutId: string }>('POST', '/checkouts', { ...rest, kind });
    const path = `/checkouts/${encodeURIComponent(checkoutId)}`;
    await this.#openWindow(windowRef, { kind: 'CHECKOUT', checkoutId }, async () => {
      // Closed before an answer: the page may cancel its own checkout, nothing more.
      await this.#call('POST', `${path}/action`, { action: 'CANCEL' }).catch(() => undefined);
      return { checkoutActionCode: 'CANCEL' };
    });
    return this.#call<Json>('GET', `${path}/result`);
  }

  /** Opens the network's window for this session, on the sandbox's origin (whose messages alone count). */
  #openWindow(windowRef: Window, request: WindowRequest, onClosed: () => Promise<Json>): Promise<Json> {
    return openWindow(SANDBOX_ORIGIN, this.#session!, windowRef, request, QUERY_LOCALE ?? 'en_US', onClosed);
  }
}

/** The SDK's error for an agentic window that ended without its answer (cancelled, closed, failed). */
const windowEnded = (answer: Json) =>
  fail(String(answer.reason ?? answer.status ?? 'CANCEL'), String(answer.message ?? 'The consumer did not finish'));

function brandOf(pan: string): string {
  return cardBrandOf(pan);
}

declare global {
  interface Window {
    MastercardCheckoutServices: typeof MastercardCheckoutServices;
    Click2Pay: typeof MastercardCheckoutServices;
  }
}

window.MastercardCheckoutServices = MastercardCheckoutServices;
window.Click2Pay = MastercardCheckoutServices;
