// The tour's stand-in for the shop's agent-facing checkout (docs/decisions/028 and 029): it prices
// and signs the agent's cart, and before it places an order it checks what the shop checks: the
// agent's signature against the network's key directory, the credential chain, that the credentials
// bind this checkout, and the payment payload's amount. In this page, with @c2p/agentic; no order
// reaches the shop's database.
import {
  generateEs256KeyPair,
  parseSdJwt,
  publicJwkOf,
  readCheckoutJwt,
  sameParty,
  sha256Base64url,
  signCheckoutJwt,
  TYP,
  verifyCheckoutCredential,
  verifyMandate,
  type KeyPair,
  type MerchantIdentity,
  type Party,
  type PaymentAmount,
  type VerificationReport,
} from '@c2p/agentic';
import { toCents, type AgentCheck, type AgentEvidenceLayer, type AgentOrder, type Product } from '@c2p/domain';
import { compactDecrypt, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { NetworkStandIn } from './network-stand-in';
import {
  answer,
  jsonOf,
  signatureChecker,
  under,
  type Answer,
  type SignedBy,
  type StandInRequest,
} from './stand-in-http';

/** An order the stand-in shop placed for the agent: what the thank-you shows, with the evidence. */
export interface TourOrder {
  readonly orderNumber: string;
  readonly lines: readonly { readonly title: string; readonly quantity: number; readonly unitAmount: number }[];
  readonly total: PaymentAmount;
  readonly agent: AgentOrder;
}

interface Checkout {
  readonly id: string;
  readonly jwt: string;
  readonly keyid: string;
  readonly lines: TourOrder['lines'];
  readonly total: PaymentAmount;
  completed?: boolean;
}

/** How long the shop's checkout JWT lasts (the shop's 30 minutes). */
const CHECKOUT_S = 30 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

export interface ShopOptions {
  readonly merchant: Party;
  readonly products: readonly Product[];
  readonly network: NetworkStandIn;
}

export class ShopStandIn {
  readonly #checkouts = new Map<string, Checkout>();
  readonly #signedBy = signatureChecker((keyid) => this.options.network.agentKey(keyid));

  private constructor(
    private readonly options: ShopOptions,
    private readonly checkoutKey: KeyPair,
    private readonly payloadKey: { publicJwk: JWK; privateKey: CryptoKey },
  ) {}

  /** The shop as its verifier knows itself: the checkouts it signed are read back with its key. */
  get #identity(): MerchantIdentity {
    return {
      party: this.options.merchant,
      readCheckout: (jwt) => readCheckoutJwt(jwt, publicJwkOf(this.checkoutKey.publicJwk), nowS()),
    };
  }

  static async create(options: ShopOptions): Promise<ShopStandIn> {
    const checkoutKey = await generateEs256KeyPair('tour-shop-checkout');
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256');
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'tour-shop-payload' };
    return new ShopStandIn(options, checkoutKey, { publicJwk, privateKey });
  }

  /** The shop's DPA payload key, which the network encrypts the agent's payment to. */
  payeeKey(payee: Party): JWK | undefined {
    return sameParty(payee, this.options.merchant) ? this.payloadKey.publicJwk : undefined;
  }

  async handle(request: StandInRequest): Promise<Answer | undefined> {
    const path = under(request.url, '/api/agent/checkouts');
    if (!path || request.method !== 'POST') return undefined;
    const signed = await this.#signedBy(
      request,
      path.length === 0 ? ['agent-browser-auth', 'agent-payer-auth'] : ['agent-payer-auth'],
    );
    if (!signed.ok) return signed.answer;
    if (path.length === 0) return this.#createCheckout(signed.keyid, jsonOf(request));
    if (path.length === 2 && path[1] === 'complete') return this.#complete(signed, path[0]!, jsonOf(request));
    return undefined;
  }

  async #createCheckout(keyid: string, body: Record<string, unknown>): Promise<Answer> {
    const items = (Array.isArray(body.items) ? body.items : []) as { productId?: unknown; quantity?: unknown }[];
    const lines = items.map(({ productId, quantity }) => {
      const product = this.options.products.find((p) => p.id === productId);
      return product && Number.isInteger(quantity) && (quantity as number) > 0
        ? {
            id: String(product.id),
            title: product.name,
            quantity: quantity as number,
            unitAmount: toCents(product.price),
          }
        : undefined;
    });
    if (lines.length === 0 || lines.includes(undefined)) {
      return answer(400, {
        statusCode: 400,
        reason: 'INVALID_ARGUMENT',
        field: 'items',
        message: 'items: known products, each with a quantity of at least 1',
      });
    }
    const priced = lines as NonNullable<(typeof lines)[number]>[];
    const total = { currency: 'USD', amount: priced.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0) };
    const id = crypto.randomUUID();
    const iat = nowS();
    const { merchant } = this.options;
    const jwt = await signCheckoutJwt(
      { checkoutId: id, merchant, lines: priced, total, iat, exp: iat + CHECKOUT_S },
      this.checkoutKey,
    );
    this.#checkouts.set(id, { id, jwt, keyid, lines: priced, total });
    return answer(201, {
      data: { checkoutId: id, checkoutJwt: jwt, total: total.amount, currency: total.currency, merchant },
    });
  }

  /** Completion (028): the request, the chain, this checkout, the payload and its amount; then the order, once. */
  async #complete(signed: Extract<SignedBy, { ok: true }>, id: string, body: Record<string, unknown>): Promise<Answer> {
    const checkout = this.#checkouts.get(id);
    if (!checkout || checkout.keyid !== signed.keyid) {
      return answer(404, {
        statusCode: 404,
        reason: 'NOT_FOUND',
        field: 'id',
        message: 'No checkout of this agent has this id',
      });
    }
    if (checkout.completed) return refused(409, 'CREDENTIAL_REPLAYED', []);
    const { l1, l2, l3b, encryptedPayload } = body as Record<string, string | undefined>;
    const { agentId, name } = this.options.network.agentOf(signed.keyid)!;
    const checks: AgentCheck[] = requestChecks(signed, name);
    const chain = await this.#checkChain({ l1: l1 ?? '', l2: l2 ?? '', l3b }, checkout);
    checks.push(...chain.checks);
    const failed = checks.find((c) => c.outcome === 'fail');
    if (failed) return refused(422, failed.code!, checks);
    checks.push(...(await this.#payloadChecks(encryptedPayload ?? '', checkout.total)));
    const unpaid = checks.find((c) => c.outcome === 'fail');
    if (unpaid) return refused(422, unpaid.code!, checks);
    checkout.completed = true;
    const agent: AgentOrder = {
      initiatedBy: 'AGENT',
      program: 'AGENT_PAY',
      agent: { agentId, name, keyid: signed.keyid },
      mode: chain.mode,
      checkoutId: checkout.id,
      checks,
      layers: chain.layers,
    };
    const orderNumber = `T${String(Date.now()).slice(-8)}`;
    const order: TourOrder = { orderNumber, lines: checkout.lines, total: checkout.total, agent };
    return answer(201, { data: order });
  }

  /** The merchant's check of the chain (L1 and an immediate L2, or L1, an open L2 and L3b), then that it binds this checkout. */
  async #checkChain(input: { l1: string; l2: string; l3b?: string }, checkout: Checkout) {
    const immediate = await parseSdJwt(input.l2).then(
      (l2) => l2.header.typ === TYP.l2Immediate,
      () => true,
    );
    const issuerKey = this.options.network.issuerKey;
    const report: VerificationReport<unknown> = immediate
      ? await verifyMandate(input, { issuerKey, merchant: this.#identity })
      : await verifyCheckoutCredential(
          { l1: input.l1, l2: input.l2, l3b: input.l3b ?? '' },
          { issuerKey, audience: this.options.merchant.website, merchant: this.#identity },
        );
    const checks = report.checks.map((check) => ({ ...check, layer: check.layer as AgentCheck['layer'] }));
    const mode = immediate ? ('immediate' as const) : ('autonomous' as const);
    const layers = evidenceLayers(report);
    if (!report.valid) return { mode, checks, layers };
    const facts = report.facts as { checkout?: { checkout_hash?: unknown }; checkoutHash?: unknown };
    const bound = immediate ? facts.checkout?.checkout_hash : facts.checkoutHash;
    const own = await sha256Base64url(checkout.jwt);
    checks.push({
      layer: immediate ? 'L2' : 'L3b',
      name: 'this_checkout',
      outcome: own === bound ? 'pass' : 'fail',
      compared: { relation: 'equals', expected: own, actual: bound },
      ...(own === bound ? {} : { code: 'CHECKOUT_HASH_MISMATCH' as const }),
    });
    return { mode, checks, layers };
  }

  /** The payment the network released: decrypted with the shop's payload key, for the checkout's total. */
  async #payloadChecks(jwe: string, total: PaymentAmount): Promise<AgentCheck[]> {
    let amount: { transactionAmount?: string; transactionCurrencyCode?: string } | undefined;
    try {
      const { plaintext } = await compactDecrypt(jwe, this.payloadKey.privateKey);
      amount = (JSON.parse(new TextDecoder().decode(plaintext)) as { transactionAmount?: typeof amount })
        .transactionAmount;
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      return [{ layer: 'payload', name: 'readable', outcome: 'fail', code: 'PAYLOAD_INVALID', note }];
    }
    const expected = `${(total.amount / 100).toFixed(2)} ${total.currency}`;
    const actual = `${amount?.transactionAmount ?? ''} ${amount?.transactionCurrencyCode ?? ''}`.trim();
    return [
      { layer: 'payload', name: 'readable', outcome: 'pass', note: 'network token and cryptogram' },
      {
        layer: 'payload',
        name: 'amount',
        outcome: actual === expected ? 'pass' : 'fail',
        compared: { relation: 'equals', expected, actual },
        ...(actual === expected ? {} : { code: 'TRANSACTION_MISMATCH' }),
      },
    ];
  }
}

/** What the shop checked of the request before reading its body: the key, the tag, the nonce (as the shop's evidence lists it). */
function requestChecks(signed: Extract<SignedBy, { ok: true }>, name: string): AgentCheck[] {
  const pass = (check: string, compared?: AgentCheck['compared'], note?: string): AgentCheck => ({
    layer: 'request',
    name: check,
    outcome: 'pass',
    ...(compared && { compared }),
    ...(note !== undefined && { note }),
  });
  return [
    pass('agent_key', { relation: 'present', expected: 'ACTIVE', actual: signed.keyid }, name),
    pass('signature', undefined, 'ed25519 over @authority, @path, @method, content-digest'),
    pass('tag', { relation: 'one_of', expected: ['agent-browser-auth', 'agent-payer-auth'], actual: signed.tag }),
    pass('nonce', { relation: 'present', expected: 'unused', actual: signed.nonce }),
    pass('expires', { relation: 'at_least', expected: nowS(), actual: signed.expires }),
  ];
}

/** The credentials as decoded, without their serialised form or the disclosures' salts. */
function evidenceLayers(report: VerificationReport<unknown>): AgentEvidenceLayer[] {
  return (['L1', 'L2', 'L3b'] as const).flatMap((name) => {
    const layer = report.layers[name];
    if (!layer) return [];
    const disclosures = layer.disclosures.map(({ digest, name: claim, value }) => ({
      digest,
      ...(claim !== undefined && { name: claim }),
      value,
    }));
    return [{ layer: name, header: layer.header, payload: layer.payload, disclosures, claims: layer.claims }];
  });
}

/** The shop's refusal: the reason code, and the checks made up to the one that failed. */
function refused(statusCode: number, reason: string, checks: AgentCheck[]): Answer {
  const message = reason === 'CREDENTIAL_REPLAYED' ? 'This checkout was completed already' : `Refused: ${reason}`;
  return answer(statusCode, { statusCode, reason, message, checks });
}
