import type { Agent, AgentRecord, MandateRequest } from '@c2p/agentic/agent';
import type { Order } from '@c2p/domain';
import { ObservableState } from '../../lib/observable-state';
import { AgentRun, logAgentCall, type StoryProgress } from '../agentic';
import { otherShopFetch, type OtherShop } from './other-shop';

/** The scripted agent's name, shown in the network's windows and kept with its orders. */
export const LIVE_AGENT_NAME = 'Shopping agent';

/**
 * Each run's agent by a name of its own ("Shopping agent 7KQ2"): the network's window of the
 * shopper's agents lists every agent enrolled for them, earlier runs' too.
 */
export function liveAgentName(): string {
  const letters = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const picked = crypto.getRandomValues(new Uint8Array(4));
  return `${LIVE_AGENT_NAME} ${[...picked].map((n) => letters[n % letters.length]).join('')}`;
}

/** The open mandate: up to 150 USD a purchase and in all, at this shop, until Friday. */
export const OPEN_LIMIT = { currency: 'USD', amount: 15_000 } as const;

export type StoryKind = 'IMMEDIATE' | 'AUTONOMOUS';

/** The autonomous story's tries the network or the shop must refuse. */
export const ATTEMPTS = ['OVER_AMOUNT', 'OTHER_MERCHANT', 'ITEM_NOT_ALLOWED', 'REPLAYED_L3', 'AFTER_REVOKE'] as const;
export type Attempt = (typeof ATTEMPTS)[number];

/** A party's refusal: whom the call went to (its lane) and the reason code it answered. */
export interface PartyRefusal {
  readonly lane: AgentRecord['lane'];
  readonly reason: string;
}

export interface TryOutcome {
  readonly attempt: Attempt;
  readonly refusals: readonly PartyRefusal[];
  /** Set only if a party let it through (it should not). */
  readonly order?: Order;
}

export interface LiveState extends StoryProgress {
  readonly declined: boolean;
  readonly orders: readonly Order[];
  readonly tries: readonly TryOutcome[];
}

export const INITIAL_LIVE_STATE: LiveState = {
  enrolled: false,
  approved: false,
  declined: false,
  released: false,
  orders: [],
  tries: [],
  revoked: false,
};

/** The network's windows, opened through its SDK: what each answered the page. */
export interface NetworkWindows {
  enrolAgent(agentId: string): Promise<{ agenticTokenId: string; l1: string }>;
  approveMandate(mandateRequestId: string): Promise<{ status: string; l2?: string }>;
  manageAgents(): Promise<{ revoked: string[] }>;
}

type Items = readonly { productId: number; quantity: number }[];

/** What the live story needs from the page: where the parties are, the windows, what to buy with. */
export interface LiveSetup {
  readonly networkBase: string;
  readonly shopBase: string;
  /** The API log's transaction the agent's calls join. */
  readonly transactionId: string;
  readonly windows: NetworkWindows;
  readonly shipping: unknown;
  readonly otherShop: OtherShop;
}

/** A step that did not go through, with the party's reason: the agent panel shows it and offers the step again. */
export class StepRefused extends Error {
  constructor(readonly record: AgentRecord) {
    super(
      record.error ? `${record.error.reason}${record.error.message ? `: ${record.error.message}` : ''}` : 'refused',
    );
  }
}

const orderOf = (record: AgentRecord): Order | undefined => (record.response as { data?: Order } | undefined)?.data;

/**
 * The live tool's stories (issue 39) against the real network sandbox and the real shop: the
 * product's scripted agent (run by the agent panel's AgentRun), the network's windows through its
 * SDK, each agent call in the API log with its lane. Scripted: each method is one press.
 */
export class LiveStory extends ObservableState<LiveState> {
  /** The within purchase's L3 pair and payment, for the replay and the item tries. */
  #spent: Agent['state'] | undefined;
  readonly run: AgentRun;

  constructor(private readonly setup: LiveSetup) {
    super(INITIAL_LIVE_STATE);
    this.run = new AgentRun({
      name: liveAgentName(),
      networkBase: setup.networkBase,
      shopBase: setup.shopBase,
      fetch: otherShopFetch(setup.otherShop, setup.shopBase),
    });
  }

  private get agent(): Agent {
    return this.run.agent;
  }

  /** One agent step, shown in the panel and logged in the API log with its lane. */
  async #step(step: (agent: Agent) => Promise<AgentRecord>): Promise<AgentRecord> {
    const record = await this.run.step(step);
    const call = this.run.getSnapshot().calls.at(-1);
    if (call) logAgentCall(this.setup.transactionId, call, record);
    return record;
  }

  /** A step that must go through for the story to go on. */
  async #must(step: (agent: Agent) => Promise<AgentRecord>): Promise<AgentRecord> {
    const record = await this.#step(step);
    if (!record.ok) throw new StepRefused(record);
    return record;
  }

  /** The agent registers its keys; the shopper links a card to it in the network's enrolment window. */
  async linkAgent(): Promise<void> {
    if (!this.agent.state.agentId) await this.#must((agent) => agent.register());
    const enrolment = await this.setup.windows.enrolAgent(this.agent.state.agentId!);
    await this.#must((agent) => agent.acceptEnrolment(enrolment));
    this.update({ enrolled: true });
  }

  /** Immediate: the agent builds the cart at the shop and asks the network for the shopper's approval of it. */
  async buyCart(items: Items): Promise<void> {
    await this.#must((agent) => agent.buildCart(items));
    await this.#must((agent) => agent.requestMandate({ mode: 'IMMEDIATE' }));
  }

  /**
   * Autonomous: the agent prices its first purchase at the shop (which names itself there as
   * mandates must name it), then asks for an open mandate at that shop within the limits.
   */
  async askForOpenMandate(
    items: Items,
    limits: Omit<Extract<MandateRequest, { mode: 'AUTONOMOUS' }>, 'mode' | 'constraints'> & {
      acceptable: readonly { id: string; title: string }[];
    },
  ): Promise<void> {
    await this.#must((agent) => agent.buildCart(items));
    const merchant = this.agent.state.checkout!.merchant;
    const max = OPEN_LIMIT.amount;
    await this.#must((agent) =>
      agent.requestMandate({
        mode: 'AUTONOMOUS',
        constraints: [
          { type: 'mandate.checkout.allowed_merchants', allowed: [merchant] },
          {
            type: 'mandate.checkout.line_items',
            items: [{ id: 'line-1', acceptable_items: limits.acceptable, quantity: 3 }],
          },
          { type: 'mandate.payment.amount_range', currency: OPEN_LIMIT.currency, max },
          { type: 'mandate.payment.budget', currency: OPEN_LIMIT.currency, max },
        ],
        expiresAt: limits.expiresAt,
        promptSummary: limits.promptSummary,
      }),
    );
  }

  /** The shopper answers the network's approval window (their passkey); once approved, the agent reads the L2. */
  async approve(): Promise<void> {
    const answer = await this.setup.windows.approveMandate(this.agent.state.mandate!.requestId);
    if (answer.status !== 'APPROVED') {
      this.update({ declined: true });
      throw new Error(answer.status);
    }
    await this.#must((agent) => agent.mandateStatus());
    this.update({ approved: this.agent.state.mandate?.status === 'APPROVED', declined: false });
  }

  /** The agent presents its credentials; the network checks them and releases the payment. */
  async presentCredentials(): Promise<void> {
    await this.#must((agent) => agent.credentials());
    this.update({ released: true });
  }

  /** The agent presents the chain and the payment to the shop, which checks them and places the order. */
  async completePurchase(): Promise<void> {
    const record = await this.#must((agent) => agent.completePurchase(this.setup.shipping));
    this.#spent = this.agent.state;
    const order = orderOf(record);
    if (order) this.update({ orders: [...this.state.orders, order] });
  }

  /** Autonomous, without the shopper: the L3 pair to the network, then the chain to the shop. */
  async buyWithin(): Promise<void> {
    await this.presentCredentials();
    await this.completePurchase();
  }

  /** One of the tries the parties must refuse; each refusal is kept with the party that answered it. */
  async tryAttempt(attempt: Attempt, items: Items): Promise<void> {
    const refusals: PartyRefusal[] = [];
    const order = await this.#attempt(attempt, items, (record) => {
      if (!record.ok) refusals.push({ lane: record.lane, reason: record.error?.reason ?? '' });
      return record.ok;
    });
    this.update({
      tries: [...this.state.tries.filter((t) => t.attempt !== attempt), { attempt, refusals, ...(order && { order }) }],
    });
  }

  async #attempt(attempt: Attempt, items: Items, went: (record: AgentRecord) => boolean): Promise<Order | undefined> {
    const spent = this.#spent;
    if (attempt === 'REPLAYED_L3') {
      // The very L3a the network paid for, presented again: a credential is never spent twice.
      went(await this.#step((agent) => agent.send(replayOf(spent, this.setup.networkBase))));
      return undefined;
    }
    const other = attempt === 'OTHER_MERCHANT';
    if (other) this.setup.otherShop.active = true;
    try {
      if (!went(await this.#step((agent) => agent.buildCart(items)))) return undefined;
    } finally {
      this.setup.otherShop.active = false;
    }
    const released = went(await this.#step((agent) => agent.credentials()));
    if (!released && attempt === 'ITEM_NOT_ALLOWED' && spent?.payload && this.agent.state.l3) {
      // The network paid once already; the agent tries the shop anyway with that payment and its new L3b.
      went(await this.#step((agent) => agent.send(itemTryOf(agent.state, spent, this.setup))));
      return undefined;
    }
    if (!released) return undefined;
    const record = await this.#step((agent) => agent.completePurchase(this.setup.shipping));
    return went(record) ? orderOf(record) : undefined;
  }

  /** The shopper opens the network's window of their agents and revokes this one. */
  async manage(): Promise<void> {
    const { revoked } = await this.setup.windows.manageAgents();
    if (revoked.includes(this.agent.state.agenticTokenId!)) this.update({ revoked: true });
  }
}

/** The spent L3a presented to the network once more, signed anew (a new request nonce, the same credential). */
function replayOf(spent: Agent['state'] | undefined, networkBase: string) {
  if (!spent?.l3 || !spent.l1) throw new Error('The agent has bought nothing within the mandate yet');
  return {
    step: 'call' as const,
    lane: 'network' as const,
    purpose: 'CUSTOM' as const,
    method: 'POST' as const,
    url: `${networkBase.replace(/\/+$/, '')}/agent-pay/credentials`,
    body: { agenticTokenId: spent.agenticTokenId, l1: spent.l1, l2: spent.l3.networkView, l3a: spent.l3.l3a },
    tag: 'agent-payer-auth' as const,
  };
}

/** The new cart's L3b with the payment of the purchase made earlier, at the shop: its items must be allowed. */
function itemTryOf(now: Agent['state'], spent: Agent['state'], setup: LiveSetup) {
  return {
    step: 'call' as const,
    lane: 'merchant' as const,
    purpose: 'CUSTOM' as const,
    method: 'POST' as const,
    url: `${setup.shopBase.replace(/\/+$/, '')}/api/agent/checkouts/${encodeURIComponent(now.checkout!.checkoutId)}/complete`,
    body: {
      l1: now.l1,
      l2: now.l3!.merchantView,
      l3b: now.l3!.l3b,
      encryptedPayload: spent.payload!.encryptedPayload,
      srcCorrelationId: spent.payload!.srcCorrelationId,
      shipping: setup.shipping,
    },
    tag: 'agent-payer-auth' as const,
  };
}
