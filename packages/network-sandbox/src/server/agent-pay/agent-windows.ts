// The network's windows of the agentic checkout (ours): enrolling an agent (AGENT_ENROL), approving
// a mandate (MANDATE) and managing one's agents (AGENT_MANAGE). A page asks for them as for the
// others (sdk-api/windows.ts); here, what each may be asked for and what it shows.
import type { FastifyRequest } from 'fastify';
import type { ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import type { SdkContext } from '../sdk-api/context.ts';
import { passkeyAvailability } from '../sdk-api/passkey-views.ts';
import { findCard, findConsumer, type SessionRow } from '../sdk-api/repository.ts';
import type { WindowRow } from '../caller-guards.ts';
import { asObject, nonEmptyString, type Json } from '../util.ts';
import { findAgent } from './agents.ts';
import { mandateStatusOf } from './mandate-status.ts';
import { findMandate, findToken, type MandateRow } from './repository.ts';

export const AGENT_WINDOW_KINDS = ['AGENT_ENROL', 'MANDATE', 'AGENT_MANAGE'] as const;
export type AgentWindowKind = (typeof AGENT_WINDOW_KINDS)[number];

/** What the page asks an agentic window to do, checked: the agent to enrol, the mandate to approve. */
export async function agentWindowRequest(ctx: SdkContext, kind: AgentWindowKind, body: Json): Promise<Json> {
  if (kind === 'AGENT_ENROL') {
    const agent = await findAgent(ctx.db, nonEmptyString(body.agentId) ?? '');
    if (!agent) throw new SdkError(404, 'NOT_FOUND', 'No agent is registered with this agentId');
    return { agentId: agent.id };
  }
  if (kind === 'MANDATE') {
    const mandate = await findMandate(ctx.db, nonEmptyString(body.mandateRequestId) ?? '');
    if (!mandate) throw new SdkError(404, 'NOT_FOUND', 'No such mandate request');
    const status = mandateStatusOf(mandate);
    if (status !== 'PENDING') throw new SdkError(409, 'INVALID_REQUEST', `The mandate request is ${status}`);
    return { mandateRequestId: mandate.id };
  }
  return {};
}

/**
 * The consumer an agentic window acts for: the one proved in it (their passkey, or the code), or in
 * the manage window, the one this browser proves (consumer-proof.ts). Enrolment always asks anew.
 */
export async function provedConsumerOf(
  ctx: SdkContext,
  request: FastifyRequest,
  window: WindowRow,
  session: SessionRow,
): Promise<ConsumerRow | undefined> {
  const proved = window.request.provedConsumerId;
  if (typeof proved === 'string') return findConsumer(ctx.db, proved);
  if (window.kind === 'AGENT_MANAGE') return (await ctx.consumerOf(request, session))?.consumer;
  return undefined;
}

/** The mandate as the shopper approves it: the exact cart, or the limits; the agent and the card. */
async function mandateView(ctx: SdkContext, request: FastifyRequest, session: SessionRow, mandate: MandateRow) {
  const token = await findToken(ctx.db, mandate.agenticTokenId);
  const [agent, card, consumer] = await Promise.all([
    findAgent(ctx.db, token!.agentId),
    findCard(ctx.db, token!.srcDigitalCardId),
    findConsumer(ctx.db, token!.consumerId),
  ]);
  const passkey = await passkeyAvailability(ctx.db, request, session, consumer);
  const { checkout, constraints, expiresAt, promptSummary } = mandate.request;
  return {
    mandate: {
      mandateRequestId: mandate.id,
      mode: mandate.mode,
      agent: { name: agent?.name ?? '' },
      card: { brand: card?.brand ?? '', panLastFour: card?.primaryAccountNumber.slice(-4) ?? '' },
      ...(mandate.mode === 'IMMEDIATE'
        ? { checkout: asObject(checkout) }
        : { constraints, expiresAt, ...(promptSummary ? { promptSummary } : {}) }),
    },
    passkey: passkey.available ? { available: true } : passkey,
  };
}

/** What an agentic window shows when it opens. */
export async function agentWindowView(
  ctx: SdkContext,
  request: FastifyRequest,
  window: WindowRow,
  session: SessionRow,
): Promise<Json> {
  const locale = String(asObject(session.init.dpaTransactionOptions).dpaLocale ?? 'en_US');
  if (window.kind === 'AGENT_ENROL') {
    const agent = await findAgent(ctx.db, String(window.request.agentId));
    return { locale, agent: { name: agent?.name ?? '' } };
  }
  if (window.kind === 'MANDATE') {
    const mandate = await findMandate(ctx.db, String(window.request.mandateRequestId));
    if (!mandate) throw new SdkError(404, 'NOT_FOUND', 'No such mandate request');
    return { locale, ...(await mandateView(ctx, request, session, mandate)) };
  }
  return { locale, proved: (await provedConsumerOf(ctx, request, window, session)) !== undefined };
}
