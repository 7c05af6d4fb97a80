import type { Agent, AgentRecord } from '@c2p/agentic/agent';
import type { Product } from '@c2p/domain';
import { ObservableState } from '../../../lib/observable-state';
import { AgentRun, type StoryProgress } from '../../agentic';
import type { MandateView, TourCard } from './network-stand-in';
import type { TourOrder } from './shop-stand-in';
import { createStandIns, type StandIns } from './stand-ins';

/** The scripted agent's name, shown in the network's windows and kept with its orders. */
export const TOUR_AGENT_NAME = 'Errand agent';

/** The open mandate of the autonomous story: up to 150 USD at this shop until Friday, any products, 3 at most. */
export const OPEN_LIMIT = { currency: 'USD', amount: 15_000, items: 3 } as const;

/** The network's window the shopper answers: enrolment, a mandate's approval, their agents. */
export type NetworkWindow =
  | { readonly kind: 'ENROL' }
  | { readonly kind: 'APPROVE'; readonly mandate: MandateView }
  | { readonly kind: 'MANAGE'; readonly status: 'ACTIVE' | 'REVOKED' };

/** What the story has done so far, as the page shows it. */
export interface StoryState extends StoryProgress {
  /** How many steps the agent has taken (its calls, and the enrolment it took). */
  readonly steps: number;
  readonly window?: NetworkWindow;
  readonly orders: readonly TourOrder[];
  /** The refusals the story met: the attempt, the party that refused (its lane) and why. */
  readonly refusals: readonly Refusal[];
}

/** The autonomous story's purchases without the shopper: within the mandate, outside it, after revocation. */
export type Attempt = 'WITHIN' | 'OUTSIDE' | 'AFTER_REVOKE';

export interface Refusal {
  readonly attempt: Attempt;
  readonly lane: AgentRecord['lane'];
  readonly reason: string;
}

export const INITIAL_STATE: StoryState = {
  steps: 0,
  enrolled: false,
  approved: false,
  released: false,
  orders: [],
  refusals: [],
  revoked: false,
};

/** The coming Friday's end (today's, on a Friday), for "until Friday". */
export function comingFriday(now = new Date()): Date {
  const friday = new Date(now);
  friday.setDate(now.getDate() + ((5 - now.getDay() + 7) % 7));
  friday.setHours(23, 59, 59, 0);
  return friday;
}

export interface StorySetup {
  readonly origin: string;
  readonly merchantName: string;
  readonly merchantId: string;
  readonly products: readonly Product[];
  readonly shopper: { readonly id: string; readonly email: string };
  readonly card: TourCard;
  /** The shipping address the agent gives the shop. */
  readonly shipping: unknown;
}

/**
 * The guided tour's agentic stories, scripted (no model): each method is one step a press of the
 * hint performs. The agent is the product's own scripted agent, run by the agent panel's AgentRun
 * (which shows each call); the parties are the page's stand-ins (docs/decisions/029).
 */
export class AgentStory extends ObservableState<StoryState> {
  private constructor(
    private readonly setup: StorySetup,
    private readonly parties: StandIns,
    /** The agent and the calls it made, as the agent panel shows them. */
    readonly run: AgentRun,
  ) {
    super(INITIAL_STATE);
  }

  static async create(setup: StorySetup): Promise<AgentStory> {
    const merchant = { id: setup.merchantId, name: setup.merchantName };
    const parties = await createStandIns({ ...setup, merchant });
    const run = new AgentRun({
      name: TOUR_AGENT_NAME,
      networkBase: parties.networkBase,
      shopBase: parties.shopBase,
      fetch: parties.fetch,
    });
    return new AgentStory(setup, parties, run);
  }

  private get agent(): Agent {
    return this.run.agent;
  }

  async #run(step: (agent: Agent) => Promise<AgentRecord>): Promise<AgentRecord> {
    const record = await this.run.step(step);
    this.update({ steps: this.state.steps + 1 });
    return record;
  }

  /** The agent registers its keys at the network; the shopper's window opens to link a card to it. */
  async linkAgent(): Promise<void> {
    if (!this.agent.state.agentId && !(await this.#run((agent) => agent.register())).ok) return;
    this.update({ window: { kind: 'ENROL' } });
  }

  /** The shopper consents in the network's window: it issues L1 and the agentic token, which the agent takes. */
  async consent(): Promise<void> {
    const enrolment = await this.parties.network.enrol(this.agent.state.agentId!);
    await this.#run((agent) => agent.acceptEnrolment(enrolment));
    this.update({ window: undefined, enrolled: true });
  }

  /** Immediate: the agent builds the cart at the shop and asks the network for the shopper's approval of it. */
  async buyCart(items: readonly { productId: number; quantity: number }[]): Promise<void> {
    if (!(await this.#run((agent) => agent.buildCart(items))).ok) return;
    await this.#askForMandate({ mode: 'IMMEDIATE' });
  }

  /** Autonomous: the agent asks for an open mandate, up to 150 USD at this shop until Friday. */
  async askForOpenMandate(): Promise<void> {
    const { merchant } = this.parties;
    const max = OPEN_LIMIT.amount;
    await this.#askForMandate({
      mode: 'AUTONOMOUS',
      constraints: [
        { type: 'mandate.checkout.allowed_merchants', allowed: [merchant] },
        {
          type: 'mandate.checkout.line_items',
          items: [{ id: 'line-1', acceptable_items: [], quantity: OPEN_LIMIT.items }],
        },
        { type: 'mandate.payment.amount_range', currency: OPEN_LIMIT.currency, max },
        { type: 'mandate.payment.budget', currency: OPEN_LIMIT.currency, max },
      ],
      expiresAt: comingFriday().toISOString(),
      promptSummary: `Up to $${max / 100} at ${merchant.name} until Friday`,
    });
  }

  async #askForMandate(request: Parameters<Agent['requestMandate']>[0]): Promise<void> {
    if (!(await this.#run((agent) => agent.requestMandate(request))).ok) return;
    const mandate = this.parties.network.mandate(this.agent.state.mandate!.requestId)!;
    this.update({ window: { kind: 'APPROVE', mandate } });
  }

  /** The shopper approves with their (virtual) passkey; the agent reads the signed mandate (L2). */
  async approve(): Promise<void> {
    await this.parties.network.approve(this.agent.state.mandate!.requestId);
    this.update({ window: undefined });
    const read = await this.#run((agent) => agent.mandateStatus());
    this.update({ approved: read.ok && this.agent.state.mandate?.status === 'APPROVED' });
  }

  /** The agent presents its credentials to the network, which checks them and releases the payment. */
  async presentCredentials(): Promise<boolean> {
    const released = (await this.#run((agent) => agent.credentials())).ok;
    this.update({ released });
    return released;
  }

  /** The agent presents the chain and the payment to the shop, which checks them and places the order. */
  async completePurchase(): Promise<boolean> {
    const record = await this.#run((agent) => agent.completePurchase(this.setup.shipping));
    const order = (record.response as { data?: TourOrder } | undefined)?.data;
    if (record.ok && order) this.update({ orders: [...this.state.orders, order] });
    return record.ok;
  }

  /** Autonomous, without the shopper: a cart, the agent's L3 pair to the network, then to the shop. */
  async buyAlone(attempt: Attempt, items: readonly { productId: number; quantity: number }[]): Promise<void> {
    const steps = [
      () => this.#run((agent) => agent.buildCart(items)),
      () => this.#run((agent) => agent.credentials()),
      () => this.#run((agent) => agent.completePurchase(this.setup.shipping)),
    ];
    for (const step of steps) {
      const record = await step();
      if (!record.ok) {
        const refusal = { attempt, lane: record.lane, reason: record.error?.reason ?? '' };
        this.update({ refusals: [...this.state.refusals, refusal] });
        return;
      }
      const order = (record.response as { data?: TourOrder } | undefined)?.data;
      if (record.purpose.startsWith('COMPLETE_CHECKOUT') && order) {
        this.update({ orders: [...this.state.orders, order] });
      }
    }
  }

  /** The shopper opens the network's window of their agents. */
  manage(): void {
    const status = this.parties.network.tokenStatus(this.agent.state.agenticTokenId!) ?? 'REVOKED';
    this.update({ window: { kind: 'MANAGE', status } });
  }

  /** The shopper revokes the agent there: its token can pay no more. */
  revoke(): void {
    this.parties.network.revoke(this.agent.state.agenticTokenId!);
    this.update({ window: undefined, revoked: true });
  }

  /** The shopper closes the window without answering. */
  closeWindow(): void {
    this.update({ window: undefined });
  }
}
