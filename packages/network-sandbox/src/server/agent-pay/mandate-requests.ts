// An agent asks for the shopper's mandate (ours: the shapes of the network's Agent Pay API are not
// public): the exact checkout (IMMEDIATE) or limits to buy within (AUTONOMOUS), for the agentic
// token the shopper gave it. The shopper approves it in the network's window (approval.ts).
import { randomUUID } from 'node:crypto';
import { sameParty, type Party } from '@c2p/agentic';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { MandateConstraint } from '../../api/agent-pay-api.ts';
import { mounted, networkApi } from '../../api/network-api.ts';
import type { SandboxDatabase } from '../db.ts';
import { ApiError, invalidArgument } from '../errors.ts';
import { findDpa } from '../network-api/repository.ts';
import { exactOrigin, isOriginAllowed } from '../origins.ts';
import { isSoundRsaJwk } from '../rsa-jwk.ts';
import { asObject } from '../util.ts';
import type { SigningAgent } from './agent-requests.ts';
import type { AutonomousRequest, ImmediateRequest } from './mandate-draft.ts';
import { mandateStatusOf } from './mandate-status.ts';
import { AgenticRefusal } from './refusals.ts';
import { findMandate, findToken, insertMandate, type TokenRow } from './repository.ts';

/** The shopper has 15 minutes to approve a mandate request. */
const APPROVAL_WINDOW_MS = 15 * 60 * 1000;
/** An open mandate lasts 30 days at most (Verifiable Intent's L2 autonomous). */
const MAX_AUTONOMOUS_MS = 30 * 24 * 60 * 60 * 1000;

/** The agent that signed the request, as the agent guard found it. */
export function signingAgentOf(request: FastifyRequest): SigningAgent {
  if (!request.agent) throw new Error(`${request.routeOptions.url ?? ''} does not serve agents`);
  return request.agent;
}

/** The token, when it is this agent's and active: else 404, TOKEN_MISMATCH or TOKEN_REVOKED. */
export async function agentsToken(db: SandboxDatabase, agenticTokenId: string, agent: SigningAgent): Promise<TokenRow> {
  const token = await findToken(db, agenticTokenId);
  if (!token) {
    throw new ApiError(404, 'NOT_FOUND', 'No agentic token has this id', [
      { reason: 'NOT_FOUND', source: 'agenticTokenId', sourceType: 'BODY' },
    ]);
  }
  if (token.agentId !== agent.agentId) {
    throw new AgenticRefusal('TOKEN_MISMATCH', {
      source: 'agenticTokenId',
      message: 'The agentic token was issued to another agent.',
    });
  }
  if (token.status !== 'ACTIVE') throw new AgenticRefusal('TOKEN_REVOKED', { source: 'agenticTokenId' });
  return token;
}

/**
 * Why the network would not pay this merchant, if it would not: its `id` names no DPA with a
 * payload key (where its payments are encrypted to), or its website is not one of the DPA's pages.
 */
export async function payeeProblem(db: SandboxDatabase, party: Party): Promise<string | undefined> {
  const dpa = party.id ? await findDpa(db, party.id) : undefined;
  if (!dpa || !isSoundRsaJwk(dpa.publicJwk)) {
    return `${party.name} is no merchant of the network: no DPA ${party.id ?? ''} has a payload key`;
  }
  const website = exactOrigin(party.website);
  if (!website || !(await isOriginAllowed(db, dpa.srcDpaId, website))) {
    return `${party.website} is not a page of DPA ${dpa.srcDpaId}`;
  }
  return undefined;
}

async function requirePayees(db: SandboxDatabase, parties: Party[], source: string): Promise<void> {
  for (const party of parties) {
    const problem = await payeeProblem(db, party);
    if (problem) throw new AgenticRefusal('MERCHANT_NOT_ALLOWED', { source, message: problem });
  }
}

const checkoutPayload = z.object({
  exp: z.number(),
  merchant: z.object({ id: z.string(), name: z.string(), website: z.string() }),
  line_items: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        quantity: z.number().int().min(1),
        unit_amount: z.number().int().min(0),
      }),
    )
    .min(1),
  total: z.object({ currency: z.string().regex(/^[A-Z]{3}$/), amount: z.number().int().min(1) }),
});

/** The checkout the shopper will see: what the merchant's checkout JWT says, when it adds up and is current. */
async function immediateRequest(db: SandboxDatabase, body: Record<string, unknown>): Promise<ImmediateRequest> {
  const checkoutJwt = typeof body.checkoutJwt === 'string' ? body.checkoutJwt : '';
  if (!checkoutJwt) throw invalidArgument('checkoutJwt', 'An IMMEDIATE mandate needs the merchant-signed checkoutJwt');
  const invalid = (message: string) => new AgenticRefusal('CHECKOUT_INVALID', { source: 'checkoutJwt', message });
  let claims: unknown;
  try {
    claims = decodeJwt(checkoutJwt);
  } catch {
    throw invalid('checkoutJwt is not a JWS with a JSON payload');
  }
  const read = checkoutPayload.safeParse(claims);
  if (!read.success) throw invalid('checkoutJwt needs exp, merchant, line_items and total (minor units)');
  const { exp, merchant, line_items: lines, total } = read.data;
  if (exp * 1000 <= Date.now()) throw invalid('The checkout has expired: ask the merchant for a new one');
  const sum = lines.reduce((all, line) => all + line.quantity * line.unit_amount, 0);
  if (sum !== total.amount) throw invalid(`The lines add up to ${sum}, not the total ${total.amount}`);
  if (body.merchant !== undefined && !sameParty(body.merchant, merchant)) {
    throw new AgenticRefusal('MERCHANT_NOT_ALLOWED', {
      source: 'merchant',
      message: 'merchant is not the merchant of the checkout',
    });
  }
  await requirePayees(db, [merchant], 'checkoutJwt');
  return {
    checkoutJwt,
    checkout: {
      merchant,
      lines: lines.map((l) => ({ id: l.id, title: l.title, quantity: l.quantity, unitAmount: l.unit_amount })),
      total,
      expiresAt: new Date(exp * 1000).toISOString(),
    },
  };
}

const constraintOf = <T extends MandateConstraint['type']>(constraints: MandateConstraint[], type: T) =>
  constraints.find((c): c is Extract<MandateConstraint, { type: T }> => c.type === type);

/** The open mandate's limits, checked: where (allowed merchants), what, how much (a range, a budget), until when. */
async function autonomousRequest(db: SandboxDatabase, body: Record<string, unknown>): Promise<AutonomousRequest> {
  const constraints = (body.constraints ?? []) as MandateConstraint[];
  const types = constraints.map((c) => c.type);
  if (new Set(types).size !== types.length) invalid('constraints', 'Each constraint type may appear once');
  const merchants = constraintOf(constraints, 'mandate.checkout.allowed_merchants');
  const range = constraintOf(constraints, 'mandate.payment.amount_range');
  const cumulative = constraintOf(constraints, 'mandate.payment.budget');
  if (!merchants) invalid('constraints', 'An AUTONOMOUS mandate needs mandate.checkout.allowed_merchants');
  if (!range) invalid('constraints', 'An AUTONOMOUS mandate needs mandate.payment.amount_range (per purchase)');
  // Verifiable Intent's open checkout mandate carries line items (empty acceptable_items: any product).
  const items = constraintOf(constraints, 'mandate.checkout.line_items');
  if (!items) invalid('constraints', 'An AUTONOMOUS mandate needs mandate.checkout.line_items');
  if (range.min !== undefined && range.min > range.max) invalid('constraints', 'amount_range min is above its max');
  if (cumulative && cumulative.currency !== range.currency) {
    invalid('constraints', 'The budget and the amount range name different currencies');
  }
  const payees = constraintOf(constraints, 'mandate.payment.allowed_payees') ?? {
    type: 'mandate.payment.allowed_payees' as const,
    allowed: merchants.allowed,
  };
  const ends = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : NaN;
  if (Number.isNaN(ends)) invalid('expiresAt', 'An AUTONOMOUS mandate needs expiresAt, an ISO 8601 date');
  if (ends <= Date.now() || ends > Date.now() + MAX_AUTONOMOUS_MS) {
    invalid('expiresAt', 'expiresAt must be in the future, within 30 days');
  }
  await requirePayees(db, [...merchants.allowed, ...payees.allowed], 'constraints');
  const summary = typeof body.prompt_summary === 'string' ? body.prompt_summary.trim() : '';
  return {
    constraints: [merchants, items, payees, range, ...(cumulative ? [cumulative] : [])],
    expiresAt: new Date(ends).toISOString(),
    ...(summary ? { promptSummary: summary } : {}),
  };
}

function invalid(field: string, message: string): never {
  throw invalidArgument(field, message);
}

export function mandateRequestRoutes(app: FastifyInstance, { db }: { db: SandboxDatabase }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const create = mounted(networkApi.requestMandate);
  api.post(create.url, { schema: create.schema }, async (request, reply) => {
    const body = asObject(request.body);
    const token = await agentsToken(db, request.body.agenticTokenId, signingAgentOf(request));
    const mode = request.body.mode;
    const asked = mode === 'IMMEDIATE' ? await immediateRequest(db, body) : await autonomousRequest(db, body);
    const id = randomUUID();
    const requestExpiresAt = new Date(Date.now() + APPROVAL_WINDOW_MS);
    await insertMandate(db, {
      id,
      agenticTokenId: token.id,
      mode,
      request: asked as unknown as Record<string, unknown>,
      requestExpiresAt,
    });
    return reply
      .status(201)
      .send({ mandateRequestId: id, mode, status: 'PENDING' as const, expiresAt: requestExpiresAt.toISOString() });
  });

  const read = mounted(networkApi.mandateRequest);
  api.get(read.url, { schema: read.schema }, async (request) => {
    const mandate = await findMandate(db, request.params.id);
    const token = mandate ? await findToken(db, mandate.agenticTokenId) : undefined;
    if (!mandate || token?.agentId !== signingAgentOf(request).agentId) {
      throw new ApiError(404, 'NOT_FOUND', 'No mandate request of this agent has this id', [
        { reason: 'NOT_FOUND', source: 'id', sourceType: 'PATH' },
      ]);
    }
    const ends = mandate.status === 'APPROVED' ? mandate.mandateExpiresAt! : mandate.requestExpiresAt;
    return {
      mandateRequestId: mandate.id,
      mode: mandate.mode,
      status: mandateStatusOf(mandate),
      expiresAt: ends.toISOString(),
      ...(mandate.l2 ? { l2: mandate.l2 } : {}),
    };
  });
}
