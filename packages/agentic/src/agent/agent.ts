import { calculateJwkThumbprint } from 'jose';
import { base64url, isPlainObject } from '../encoding.ts';
import { generateEd25519KeyPair, generateEs256KeyPair, publicJwkOf, type KeyPair } from '../keys.ts';
import { decodeJws } from '../sd-jwt/jws.ts';
import { parseSdJwt, presentation } from '../sd-jwt/sd-jwt.ts';
import { sha256Base64url } from '../sha256.ts';
import { VCT } from '../vi/constants.ts';
import { issueCheckoutCredential, issuePaymentCredential } from '../vi/issue-l3.ts';
import { checkoutPresentation, paymentPresentation } from '../vi/presentations.ts';
import type { Party, PaymentInstrument } from '../vi/types.ts';
import type { AgentRecord } from './records.ts';
import { sendCall, type AgentCall } from './signed-call.ts';

export interface AgentOptions {
  /** Shown to the shopper in the network's windows and kept with the orders the agent places. */
  readonly name: string;
  /** The network's base URL, e.g. `https://shop.example/sandbox`. */
  readonly networkBase: string;
  /** The shop's base URL (its agent-facing checkout is under /api/agent). */
  readonly shopBase: string;
  /** The browser's fetch by default; tests pass one that calls the server in-process. */
  readonly fetch?: typeof fetch;
  /** Milliseconds since the epoch; the wall clock by default. */
  readonly now?: () => number;
}

/** What the merchant's checkout answered: the cart as the shop priced and signed it. */
export interface AgentCheckout {
  readonly checkoutId: string;
  readonly checkoutJwt: string;
  /** Minor units. */
  readonly total: number;
  readonly currency: string;
  readonly merchant: Party;
}

export type MandateRequest =
  | { readonly mode: 'IMMEDIATE' }
  | {
      readonly mode: 'AUTONOMOUS';
      /** The open mandate's limits as the network's mandate-request route takes them. */
      readonly constraints: unknown;
      /** ISO 8601. */
      readonly expiresAt: string;
      readonly promptSummary: string;
    };

/** The agent's memory, public parts only (its private keys never leave the closure). */
export interface AgentState {
  readonly name: string;
  readonly agentId?: string;
  /** The request-signing key's id in the network's agent key directory. */
  readonly keyid?: string;
  /** The credential key's `kid` (its JWK thumbprint), named by L3 headers and the L2 `cnf`. */
  readonly credentialKid?: string;
  readonly agenticTokenId?: string;
  readonly l1?: string;
  readonly checkout?: AgentCheckout;
  readonly mandate?: {
    readonly requestId: string;
    readonly mode: 'IMMEDIATE' | 'AUTONOMOUS';
    readonly status: string;
    readonly l2?: string;
  };
  /** Autonomous mode: the L3 pair issued for the current checkout, with the L2 views they bind to. */
  readonly l3?: {
    readonly l3a: string;
    readonly l3b: string;
    readonly networkView: string;
    readonly merchantView: string;
  };
  readonly payload?: { readonly encryptedPayload: string; readonly srcCorrelationId?: string };
  readonly order?: unknown;
}

export interface Agent {
  readonly state: AgentState;
  /** Makes the agent's two keys and registers their public halves at the network's agent registry. */
  register(): Promise<AgentRecord>;
  /** Takes what the enrolment window handed the page: the agentic token and the card credential (L1). */
  acceptEnrolment(result: { readonly agenticTokenId: string; readonly l1: string }): Promise<AgentRecord>;
  /** Asks the shop to price and sign a cart (a new checkout). */
  buildCart(items: readonly { readonly productId: number; readonly quantity: number }[]): Promise<AgentRecord>;
  /** Asks the network for the shopper's mandate: this checkout (immediate) or open limits (autonomous). */
  requestMandate(request: MandateRequest): Promise<AgentRecord>;
  /** Reads the mandate request; once approved, keeps the L2. */
  mandateStatus(): Promise<AgentRecord>;
  /**
   * Asks the network to release the payment credentials: with L1 and L2 (immediate), or with the
   * L3a it issues for the current checkout (autonomous, when it also issues the L3b for the shop).
   * `amount` (minor units) claims another amount than the checkout's, as a misbehaving agent would.
   */
  credentials(options?: { readonly amount?: number }): Promise<AgentRecord>;
  /** Presents the chain and the encrypted payload to the shop, which places the order. */
  completePurchase(shipping: unknown): Promise<AgentRecord>;
  /** A call of one's own, signed with the agent's key (the live tool; the refusal stories). */
  send(call: AgentCall): Promise<AgentRecord>;
}

/** L3 lifetime (credential-format allows an hour). */
const L3_LIFETIME_S = 300;

export function createAgent(options: AgentOptions): Agent {
  return new ScriptedAgent(options);
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`The agent has no ${what} yet`);
  return value;
};

class ScriptedAgent implements Agent {
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #network: string;
  readonly #shop: string;
  #state: AgentState;
  #signing: KeyPair | undefined;
  #credential: KeyPair | undefined;

  constructor(options: AgentOptions) {
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    this.#network = options.networkBase.replace(/\/+$/, '');
    this.#shop = options.shopBase.replace(/\/+$/, '');
    this.#state = { name: options.name };
  }

  get state(): AgentState {
    return this.#state;
  }

  #update(changes: Partial<AgentState>): void {
    this.#state = { ...this.#state, ...changes };
  }

  #call(call: AgentCall) {
    const { keyid } = this.#state;
    const signer = this.#signing && keyid ? { keyid, privateJwk: this.#signing.privateJwk } : undefined;
    return sendCall(call, signer, this.#fetch, this.#now);
  }

  async send(call: AgentCall): Promise<AgentRecord> {
    return (await this.#call(call)).record;
  }

  async register(): Promise<AgentRecord> {
    const [signing, credential] = await Promise.all([generateEd25519KeyPair(''), generateEs256KeyPair('')]);
    const credentialKid = await calculateJwkThumbprint(publicJwkOf(credential.publicJwk));
    this.#signing = signing;
    this.#credential = { ...credential, kid: credentialKid };
    const { record, body } = await this.#call({
      step: 'register',
      lane: 'network',
      purpose: 'REGISTER_AGENT',
      method: 'POST',
      url: `${this.#network}/agents`,
      body: {
        name: this.#state.name,
        signingKey: publicJwkOf(signing.publicJwk),
        credentialKey: { ...publicJwkOf(credential.publicJwk), kid: credentialKid },
      },
    });
    if (record.ok && isPlainObject(body)) {
      this.#update({ agentId: String(body.agentId), keyid: String(body.keyid), credentialKid });
    }
    return record;
  }

  async acceptEnrolment(result: { agenticTokenId: string; l1: string }): Promise<AgentRecord> {
    await parseSdJwt(result.l1);
    this.#update({ agenticTokenId: result.agenticTokenId, l1: result.l1 });
    return {
      step: 'enrolment',
      lane: 'agent',
      purpose: 'TAKE_ENROLMENT',
      at: this.#now(),
      ok: true,
      response: { agenticTokenId: result.agenticTokenId, l1: result.l1 },
    };
  }

  async buildCart(items: readonly { productId: number; quantity: number }[]): Promise<AgentRecord> {
    const { record, body } = await this.#call({
      step: 'buildCart',
      lane: 'merchant',
      purpose: 'CREATE_CHECKOUT',
      method: 'POST',
      url: `${this.#shop}/api/agent/checkouts`,
      body: { items },
      tag: 'agent-browser-auth',
    });
    if (record.ok && isPlainObject(body) && isPlainObject(body.data)) {
      const { checkoutId, checkoutJwt, total, currency, merchant } = body.data;
      const checkout = { checkoutId, checkoutJwt, total, currency, merchant } as AgentCheckout;
      this.#update({ checkout, l3: undefined, payload: undefined, order: undefined });
    }
    return record;
  }

  async requestMandate(request: MandateRequest): Promise<AgentRecord> {
    const agenticTokenId = need(this.#state.agenticTokenId, 'agentic token (enrol first)');
    const immediate = request.mode === 'IMMEDIATE';
    const checkout = immediate ? need(this.#state.checkout, 'checkout (build a cart first)') : undefined;
    const body =
      request.mode === 'IMMEDIATE'
        ? { agenticTokenId, mode: request.mode, checkoutJwt: checkout!.checkoutJwt, merchant: checkout!.merchant }
        : {
            agenticTokenId,
            mode: request.mode,
            constraints: request.constraints,
            expiresAt: request.expiresAt,
            prompt_summary: request.promptSummary,
          };
    const { record, body: answer } = await this.#call({
      step: 'requestMandate',
      lane: 'network',
      purpose: immediate ? 'REQUEST_IMMEDIATE_MANDATE' : 'REQUEST_AUTONOMOUS_MANDATE',
      method: 'POST',
      url: `${this.#network}/agent-pay/mandate-requests`,
      body,
      tag: 'agent-payer-auth',
    });
    if (record.ok && isPlainObject(answer)) {
      this.#update({ mandate: { requestId: String(answer.mandateRequestId), mode: request.mode, status: 'PENDING' } });
    }
    return record;
  }

  async mandateStatus(): Promise<AgentRecord> {
    const mandate = need(this.#state.mandate, 'mandate request');
    const { record, body } = await this.#call({
      step: 'mandateStatus',
      lane: 'network',
      purpose: 'READ_MANDATE',
      method: 'GET',
      url: `${this.#network}/agent-pay/mandate-requests/${encodeURIComponent(mandate.requestId)}`,
      tag: 'agent-payer-auth',
    });
    if (record.ok && isPlainObject(body)) {
      const l2 = typeof body.l2 === 'string' ? body.l2 : mandate.l2;
      this.#update({ mandate: { ...mandate, status: String(body.status), ...(l2 === undefined ? {} : { l2 }) } });
    }
    return record;
  }

  async credentials(choices: { amount?: number } = {}): Promise<AgentRecord> {
    const mandate = need(this.#state.mandate, 'mandate');
    const l2 = need(mandate.l2, 'approved mandate (L2)');
    const l1 = need(this.#state.l1, 'card credential (L1)');
    const agenticTokenId = need(this.#state.agenticTokenId, 'agentic token');
    const autonomous = mandate.mode === 'AUTONOMOUS';
    let body: Record<string, unknown> = { agenticTokenId, l1, l2 };
    if (autonomous) {
      const l3 = await this.#issueL3Pair(l1, l2, need(this.#state.checkout, 'checkout'), choices.amount);
      this.#update({ l3 });
      body = { agenticTokenId, l1, l2: l3.networkView, l3a: l3.l3a };
    }
    const { record, body: answer } = await this.#call({
      step: 'credentials',
      lane: 'network',
      purpose: autonomous ? 'RELEASE_CREDENTIALS_AUTONOMOUS' : 'RELEASE_CREDENTIALS',
      method: 'POST',
      url: `${this.#network}/agent-pay/credentials`,
      body,
      tag: 'agent-payer-auth',
    });
    if (record.ok && isPlainObject(answer) && typeof answer.encryptedPayload === 'string') {
      const { encryptedPayload, srcCorrelationId } = answer;
      const correlation = typeof srcCorrelationId === 'string' ? { srcCorrelationId } : {};
      this.#update({ payload: { encryptedPayload, ...correlation } });
    }
    return record;
  }

  /** L3a for the network and L3b for the shop, for one checkout, each with the L2 view its recipient gets. */
  async #issueL3Pair(l1: string, l2: string, checkout: AgentCheckout, amount?: number) {
    const key = need(this.#credential, 'credential key (register first)');
    const iat = Math.floor(this.#now() / 1000);
    const times = { iat, exp: iat + L3_LIFETIME_S };
    const { merchant, checkoutJwt } = checkout;
    const networkView = await orWithoutMerchant(paymentPresentation(l2, merchant), () => paymentView(l2));
    const l3a = await issuePaymentCredential(
      {
        ...times,
        // The network that issued L1 is the one the payment credential is for.
        aud: String((await parseSdJwt(l1)).payload.iss),
        nonce: randomNonce(),
        l2Presentation: networkView,
        transactionId: await sha256Base64url(checkoutJwt),
        payee: merchant,
        paymentAmount: { currency: checkout.currency, amount: amount ?? checkout.total },
        paymentInstrument: await paymentInstrumentOf(l2),
        selectedMerchant: merchant,
      },
      key,
    );
    const itemIds = await disclosedItemsOf(l2, checkoutJwt);
    const merchantView = await orWithoutMerchant(checkoutPresentation(l2, { itemIds, merchant }), () =>
      checkoutPresentation(l2, { itemIds }),
    );
    const l3b = await issueCheckoutCredential(
      { ...times, aud: merchant.website, nonce: randomNonce(), l2Presentation: merchantView, checkoutJwt },
      key,
    );
    return { l3a: l3a.serialized, l3b: l3b.serialized, networkView, merchantView };
  }

  async completePurchase(shipping: unknown): Promise<AgentRecord> {
    const checkout = need(this.#state.checkout, 'checkout');
    const mandate = need(this.#state.mandate, 'mandate');
    const payload = need(this.#state.payload, 'payment credentials');
    const autonomous = mandate.mode === 'AUTONOMOUS';
    const l3 = autonomous ? need(this.#state.l3, 'L3 pair') : undefined;
    const chain = l3 ? { l2: l3.merchantView, l3b: l3.l3b } : { l2: need(mandate.l2, 'L2') };
    const { record, body } = await this.#call({
      step: 'completePurchase',
      lane: 'merchant',
      purpose: autonomous ? 'COMPLETE_CHECKOUT_AUTONOMOUS' : 'COMPLETE_CHECKOUT',
      method: 'POST',
      url: `${this.#shop}/api/agent/checkouts/${encodeURIComponent(checkout.checkoutId)}/complete`,
      body: {
        l1: need(this.#state.l1, 'L1'),
        ...chain,
        encryptedPayload: payload.encryptedPayload,
        srcCorrelationId: payload.srcCorrelationId,
        shipping,
      },
      tag: 'agent-payer-auth',
    });
    if (record.ok && isPlainObject(body)) this.#update({ order: body.data });
    return record;
  }
}

/**
 * A merchant the mandate does not name cannot be disclosed: the agent presents the mandate without
 * one, as a misdirected agent would, and the network or the merchant refuses it (MERCHANT_NOT_ALLOWED).
 */
async function orWithoutMerchant(view: Promise<string>, without: () => Promise<string>): Promise<string> {
  try {
    return await view;
  } catch {
    return without();
  }
}

/** The open payment mandate alone, disclosing no merchant. */
async function paymentView(l2: string): Promise<string> {
  const { jws, disclosures } = await parseSdJwt(l2);
  const payment = disclosures.filter((d) => isPlainObject(d.value) && d.value.vct === VCT.paymentOpen);
  return presentation(
    jws,
    payment.map((d) => d.encoded),
  );
}

function randomNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The card the open payment mandate names: the one the L3a must pay with. */
async function paymentInstrumentOf(l2: string): Promise<PaymentInstrument> {
  const { disclosures } = await parseSdJwt(l2);
  const payment = disclosures.find((d) => isPlainObject(d.value) && d.value.vct === VCT.paymentOpen);
  const instrument = isPlainObject(payment?.value) ? payment.value.payment_instrument : undefined;
  if (!isPlainObject(instrument)) throw new Error('The mandate names no payment instrument');
  return instrument as unknown as PaymentInstrument;
}

/** The checkout's products the mandate discloses as acceptable: the only ones the agent can show the shop. */
async function disclosedItemsOf(l2: string, checkoutJwt: string): Promise<string[]> {
  const { disclosures } = await parseSdJwt(l2);
  const acceptable = new Set(
    disclosures.flatMap((d) => (isPlainObject(d.value) && 'title' in d.value ? [String(d.value.id)] : [])),
  );
  const lines = decodeJws(checkoutJwt).payload.line_items;
  const ids = Array.isArray(lines) ? lines.map((line) => String((line as { id?: unknown }).id)) : [];
  return ids.filter((id) => acceptable.has(id));
}
