// The tour's stand-in for the network sandbox's Agent Pay (docs/decisions/029): the sandbox's routes,
// credentials and checks (027), made in this page with @c2p/agentic, so that the tour needs no
// authenticator: the shopper's approval is the tour's virtual passkey. Nothing leaves the page.
import {
  allowedMerchants,
  allowedPayees,
  amountRange,
  budget,
  decideSpend,
  generateEs256KeyPair,
  issueAutonomousMandate,
  issueCardCredential,
  issueImmediateMandate,
  lineItems,
  publicJwkOf,
  verifyMandate,
  verifyPaymentCredential,
  type AgenticErrorCode,
  type Check,
  type KeyPair,
  type Party,
  type PaymentAmount,
  type Spend,
  type SpendRule,
} from '@c2p/agentic';
import { calculateJwkThumbprint, CompactEncrypt, decodeJwt, importJWK, type JWK } from 'jose';
import { answer, jsonOf, refusal, signatureChecker, under, type Answer, type StandInRequest } from './stand-in-http';

/** The card the shopper lets the agent pay with, as the network holds it. */
export interface TourCard {
  readonly id: string;
  readonly brand: string;
  readonly lastFour: string;
}

/** A line of the cart the shopper approves, as the merchant's checkout JWT lists it (minor units). */
export interface CartLine {
  readonly title: string;
  readonly quantity: number;
  readonly unit_amount: number;
}

/** A mandate request as the network's window shows it to the shopper. */
export interface MandateView {
  readonly id: string;
  readonly mode: 'IMMEDIATE' | 'AUTONOMOUS';
  readonly status: 'PENDING' | 'APPROVED';
  /** Immediate: the exact cart, its total and merchant. */
  readonly cart?: { readonly merchant: Party; readonly lines: readonly CartLine[]; readonly total: PaymentAmount };
  /** Autonomous: the open mandate's limits. */
  readonly limits?: {
    readonly merchants: readonly Party[];
    readonly max: PaymentAmount;
    /** How many items in all; any product of the merchants' (the tour's mandate names none). */
    readonly quantity: number;
    readonly expiresAt: string;
    readonly summary: string;
  };
}

interface Mandate extends MandateView {
  readonly tokenId: string;
  readonly checkoutJwt?: string;
  readonly l2?: string;
  /** The mandate's identity in the credentials (its payment mandate's disclosure digest), once approved. */
  readonly digest?: string;
  readonly spends: Spend[];
}

interface Agent {
  readonly name: string;
  readonly signingKey: JWK;
  readonly credentialKey: JWK;
}

interface Token {
  readonly agentId: string;
  status: 'ACTIVE' | 'REVOKED';
  readonly l1: string;
  readonly shopperKey: KeyPair;
}

/** A check of the network's own records, beside the credentials' checks (as the sandbox lists them). */
type NetworkCheck = Omit<Check, 'layer'> & { layer: Check['layer'] | 'network' };

/** Verifiable Intent's longest immediate mandate, and the card credential's year. */
const IMMEDIATE_S = 15 * 60;
const L1_S = 365 * 24 * 3600;
const UNREADABLE: readonly AgenticErrorCode[] = ['CREDENTIAL_MALFORMED', 'DISCLOSURE_INVALID', 'WRONG_TYPE'];
const statusOf = (code: AgenticErrorCode) =>
  code === 'CREDENTIAL_REPLAYED' ? 409 : UNREADABLE.includes(code) ? 400 : 403;
const nowS = () => Math.floor(Date.now() / 1000);

/** A refused credential release, with the checks made up to the one that failed. */
class Refused extends Error {
  constructor(
    readonly code: AgenticErrorCode,
    readonly checks: readonly NetworkCheck[],
  ) {
    super(code);
  }
}

/** The checks of one credential release, in order; the first failure refuses it. */
class ReleaseChecks {
  readonly list: NetworkCheck[] = [];

  require(name: string, ok: boolean, code: AgenticErrorCode, compared?: NetworkCheck['compared']): asserts ok {
    const outcome = ok ? 'pass' : 'fail';
    this.list.push({ layer: 'network', name, outcome, ...(compared && { compared }), ...(!ok && { code }) });
    if (!ok) throw new Refused(code, this.list);
  }
}

/** What a verified chain asks the network to pay (the verifier's facts, immediate or autonomous). */
interface ChainFacts {
  mandateId: string;
  credentialId?: string;
  paymentAmount?: PaymentAmount;
  payee?: Party;
  spendRule?: SpendRule;
  payment?: { payment_amount?: PaymentAmount; payee?: Party };
}

export interface NetworkOptions {
  /** The sandbox's base URL as the agent addresses it (`…/sandbox`): the L1 issuer and the L2 audience. */
  readonly base: string;
  readonly shopper: { readonly id: string; readonly email: string };
  readonly card: TourCard;
  /** The payee's payload key (its DPA's), which the released payment is encrypted to. */
  readonly payeeKey: (payee: Party) => JWK | undefined;
}

export class NetworkStandIn {
  readonly #agents = new Map<string, Agent>();
  readonly #keyids = new Map<string, string>();
  readonly #tokens = new Map<string, Token>();
  readonly #mandates = new Map<string, Mandate>();
  readonly #signedBy = signatureChecker((keyid) => this.agentKey(keyid));

  private constructor(
    private readonly options: NetworkOptions,
    private readonly issuer: KeyPair,
  ) {}

  static async create(options: NetworkOptions): Promise<NetworkStandIn> {
    return new NetworkStandIn(options, await generateEs256KeyPair('tour-issuer'));
  }

  get base(): string {
    return this.options.base;
  }

  /** The agent key directory: the shop reads it to check the agent's signatures. */
  agentKey(keyid: string): JWK | undefined {
    return this.#agents.get(this.#keyids.get(keyid) ?? '')?.signingKey;
  }

  /** The directory's entry for a key: the agent's id and name. */
  agentOf(keyid: string): { agentId: string; name: string } | undefined {
    const agentId = this.#keyids.get(keyid);
    const agent = this.#agents.get(agentId ?? '');
    return agent && { agentId: agentId!, name: agent.name };
  }

  /** The L1 issuer's public key for its `kid`. */
  readonly issuerKey = (kid: string): JWK | undefined =>
    kid === this.issuer.kid ? publicJwkOf(this.issuer.publicJwk) : undefined;

  mandate(id: string): MandateView | undefined {
    return this.#mandates.get(id);
  }

  tokenStatus(tokenId: string): Token['status'] | undefined {
    return this.#tokens.get(tokenId)?.status;
  }

  /** The manage window's Revoke. */
  revoke(tokenId: string): void {
    const token = this.#tokens.get(tokenId);
    if (token) token.status = 'REVOKED';
  }

  async handle(request: StandInRequest): Promise<Answer | undefined> {
    const path = under(request.url, new URL(this.base).pathname);
    if (!path) return undefined;
    if (request.method === 'POST' && path.join('/') === 'agents') return this.#register(request);
    if (path[0] !== 'agent-pay') return undefined;
    const signed = await this.#signedBy(request, ['agent-payer-auth']);
    if (!signed.ok) return signed.answer;
    const agentId = this.#keyids.get(signed.keyid)!;
    const [, route, id] = path;
    const body = jsonOf(request);
    if (route === 'mandate-requests' && request.method === 'POST' && !id) return this.#mandateRequest(agentId, body);
    if (route === 'mandate-requests' && request.method === 'GET' && id) return this.#mandateStatus(agentId, id);
    if (route === 'credentials' && request.method === 'POST') return this.#credentials(agentId, body);
    return undefined;
  }

  /** The enrolment window's consent: L1 and the agentic token for this agent, shopper and card. */
  async enrol(agentId: string): Promise<{ agenticTokenId: string; l1: string }> {
    const { shopper, card, base } = this.options;
    const id = crypto.randomUUID();
    const shopperKey = await generateEs256KeyPair(`shopper-key-${id}`);
    const iat = nowS();
    const l1 = await issueCardCredential(
      {
        iss: base,
        sub: shopper.id,
        iat,
        exp: iat + L1_S,
        userPublicJwk: publicJwkOf(shopperKey.publicJwk),
        panLastFour: card.lastFour,
        scheme: card.brand,
        cardId: card.id,
        email: shopper.email,
      },
      this.issuer,
    );
    this.#tokens.set(id, { agentId, status: 'ACTIVE', l1: l1.serialized, shopperKey });
    return { agenticTokenId: id, l1: l1.serialized };
  }

  /** The approval window's (virtual) passkey said yes: the network signs the L2 with the shopper's key it holds. */
  async approve(id: string): Promise<void> {
    const mandate = this.#mandates.get(id);
    const token = mandate && this.#tokens.get(mandate.tokenId);
    if (!mandate || !token || mandate.status !== 'PENDING') throw new Error(`No pending mandate ${id}`);
    const iat = nowS();
    const envelope = { iss: this.base, aud: this.base, nonce: id, iat, l1: token.l1 };
    const signer = { kid: token.shopperKey.kid, privateJwk: token.shopperKey.privateJwk };
    const l2 = mandate.cart
      ? await issueImmediateMandate(
          {
            ...envelope,
            exp: iat + IMMEDIATE_S,
            checkoutJwt: mandate.checkoutJwt!,
            paymentInstrument: this.#instrument(),
            payee: mandate.cart.merchant,
            amount: mandate.cart.total,
          },
          signer,
        )
      : await issueAutonomousMandate(this.#openMandate(envelope, mandate, token), signer);
    const read = await verifyMandate({ l1: token.l1, l2: l2.serialized }, this.#chainOptions());
    if (!read.facts) throw new Error(`The mandate the network signed does not verify: ${read.error?.code}`);
    this.#mandates.set(id, { ...mandate, status: 'APPROVED', l2: l2.serialized, digest: read.facts.mandateId });
  }

  /** What the network expects of the chains it verifies: its own L1 issuer, itself as the L2 audience, the card. */
  #chainOptions() {
    return { issuerKey: this.issuerKey, l2Audience: this.base, paymentInstrumentId: this.options.card.id };
  }

  #instrument() {
    const { card } = this.options;
    return { type: `${card.brand}.srcDigitalCard`, id: card.id, description: `**** ${card.lastFour}` };
  }

  /** The open mandate's input: its merchants, and the limits the shopper approved; the payees are its merchants. */
  #openMandate(envelope: { iat: number } & Record<string, unknown>, mandate: Mandate, token: Token) {
    const { merchants, max, quantity, expiresAt, summary } = mandate.limits!;
    const agent = this.#agents.get(token.agentId)!;
    const limit = { currency: max.currency, max: max.amount };
    return {
      ...(envelope as { iss: string; aud: string; nonce: string; iat: number; l1: string }),
      exp: Math.floor(Date.parse(expiresAt) / 1000),
      agent: { jwk: agent.credentialKey, kid: String(agent.credentialKey.kid) },
      merchants,
      acceptableItems: [],
      checkout: {
        constraints: [allowedMerchants(merchants), lineItems([{ id: 'line-1', acceptableItems: [], quantity }])],
        promptSummary: summary,
      },
      payment: {
        paymentInstrument: this.#instrument(),
        constraints: [allowedPayees(merchants), amountRange(limit), budget(limit)],
        riskData: { approval: 'passkey', virtual: true },
      },
    };
  }

  async #register(request: StandInRequest): Promise<Answer> {
    const { name, signingKey, credentialKey } = jsonOf(request) as Partial<Agent>;
    if (typeof name !== 'string' || !signingKey || !credentialKey) {
      return answer(400, { reason: 'INVALID_ARGUMENT', message: 'name, signingKey and credentialKey are required' });
    }
    const keyid = await calculateJwkThumbprint(signingKey);
    const agentId = crypto.randomUUID();
    this.#agents.set(agentId, { name, signingKey, credentialKey });
    this.#keyids.set(keyid, agentId);
    return answer(201, { agentId, keyid, credentialKid: credentialKey.kid });
  }

  #mandateRequest(agentId: string, body: Record<string, unknown>): Answer {
    const token = this.#tokens.get(String(body.agenticTokenId));
    if (token?.agentId !== agentId) return refusal(403, 'TOKEN_MISMATCH');
    if (token.status === 'REVOKED') return refusal(403, 'TOKEN_REVOKED');
    const id = crypto.randomUUID();
    const tokenId = String(body.agenticTokenId);
    if (body.mode === 'IMMEDIATE') {
      const checkoutJwt = String(body.checkoutJwt);
      const {
        merchant,
        line_items: lines,
        total,
      } = decodeJwt(checkoutJwt) as {
        merchant: Party;
        line_items: CartLine[];
        total: PaymentAmount;
      };
      const cart = { merchant, lines, total };
      this.#mandates.set(id, { id, tokenId, mode: 'IMMEDIATE', status: 'PENDING', checkoutJwt, cart, spends: [] });
    } else {
      const constraints = (Array.isArray(body.constraints) ? body.constraints : []) as {
        type: string;
        allowed?: Party[];
        currency?: string;
        max?: number;
        items?: { quantity?: number }[];
      }[];
      const find = (type: string) => constraints.find((c) => c.type === type);
      const range = find('mandate.payment.amount_range');
      const merchants = find('mandate.checkout.allowed_merchants')?.allowed ?? [];
      const quantity = find('mandate.checkout.line_items')?.items?.[0]?.quantity;
      // The sandbox's fail-closed rule (027): merchants, items and an amount range.
      if (!range?.currency || range.max === undefined || merchants.length === 0 || !quantity) {
        return refusal(400, 'MANDATE_INVALID');
      }
      const limits = {
        merchants,
        max: { currency: range.currency, amount: range.max },
        quantity,
        expiresAt: String(body.expiresAt),
        summary: String(body.prompt_summary ?? ''),
      };
      this.#mandates.set(id, { id, tokenId, mode: 'AUTONOMOUS', status: 'PENDING', limits, spends: [] });
    }
    return answer(201, { mandateRequestId: id, mode: body.mode, status: 'PENDING' });
  }

  #mandateStatus(agentId: string, id: string): Answer {
    const mandate = this.#mandates.get(id);
    if (!mandate || this.#tokens.get(mandate.tokenId)?.agentId !== agentId) {
      return answer(404, { status: 404, reason: 'NOT_FOUND', message: 'No mandate request of this agent has this id' });
    }
    const { mode, status, l2 } = mandate;
    return answer(200, { mandateRequestId: id, mode, status, ...(l2 && { l2 }) });
  }

  async #credentials(agentId: string, body: Record<string, unknown>): Promise<Answer> {
    try {
      const { amount, checks, payee } = await this.#release(agentId, body);
      const key = this.options.payeeKey(payee);
      if (!key) return refusal(403, 'MERCHANT_NOT_ALLOWED', { checks });
      const encryptedPayload = await this.#payloadFor(key, amount);
      return answer(200, { encryptedPayload, srcCorrelationId: crypto.randomUUID(), amount, checks });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return refusal(statusOf(error.code), error.code, { checks: error.checks });
    }
  }

  /** Credential release (027): the token, the chain, the mandate the shopper approved here, the spend. */
  async #release(agentId: string, body: Record<string, unknown>) {
    const checks: ReleaseChecks = new ReleaseChecks();
    const token = this.#tokens.get(String(body.agenticTokenId));
    checks.require('token', token?.agentId === agentId, 'TOKEN_MISMATCH');
    checks.require('token', token.status === 'ACTIVE', 'TOKEN_REVOKED', {
      relation: 'equals',
      expected: 'ACTIVE',
      actual: token.status,
    });
    const { l1, l2, l3a } = body as { l1: string; l2: string; l3a?: string };
    checks.require('token_l1', l1 === token.l1, 'TOKEN_MISMATCH');
    const chain = this.#chainOptions();
    const report =
      l3a === undefined
        ? await verifyMandate({ l1, l2 }, chain)
        : await verifyPaymentCredential({ l1, l2, l3a }, { ...chain, audience: this.base });
    checks.list.push(...report.checks);
    if (!report.facts) throw new Refused(report.error!.code, checks.list);
    const facts = report.facts as ChainFacts;
    const mandate = [...this.#mandates.values()].find((m) => m.digest === facts.mandateId);
    checks.require('mandate', mandate?.status === 'APPROVED', 'MANDATE_INVALID');
    const tokenId = String(body.agenticTokenId);
    checks.require('mandate_token', mandate.tokenId === tokenId, 'TOKEN_MISMATCH', {
      relation: 'equals',
      expected: tokenId,
      actual: mandate.tokenId,
    });
    const amount = facts.paymentAmount ?? facts.payment!.payment_amount!;
    // An immediate mandate is its own credential, spent once, for its own amount.
    const rule = facts.spendRule ?? { maxPurchases: 1, currency: amount.currency, perPurchaseMax: amount.amount };
    const attempt = { credentialId: facts.credentialId ?? facts.mandateId, ...amount };
    const decision = decideSpend(rule, mandate.spends, attempt);
    const spent = { relation: 'at_most' as const, expected: decision.remaining, actual: amount.amount };
    checks.require('spend', decision.accepted, decision.accepted ? 'MANDATE_INVALID' : decision.code, spent);
    mandate.spends.push(attempt);
    return { amount, checks: checks.list, payee: facts.payee ?? facts.payment!.payee! };
  }

  /** The payment as a Click to Pay payload (a network token and a cryptogram), encrypted to the payee's key. */
  async #payloadFor(key: JWK, amount: PaymentAmount): Promise<string> {
    const { lastFour } = this.options.card;
    const cryptogram = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(21))));
    const payload = {
      token: { paymentToken: `520473${String(Date.now()).slice(-6)}${lastFour}`, tokenExpirationMonth: '12' },
      dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', dynamicDataValue: cryptogram },
      transactionAmount: {
        transactionAmount: (amount.amount / 100).toFixed(2),
        transactionCurrencyCode: amount.currency,
      },
    };
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', ...(key.kid && { kid: key.kid }) })
      .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  }
}
