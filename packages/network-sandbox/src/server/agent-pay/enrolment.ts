// The enrolment and manage windows' steps (ours): the shopper's email, their proof (the payment
// passkey where this device can use it, else the code), then the card to let the agent pay with and
// the consent, which issue the card credential (L1) and the agentic token; or their agents, to revoke.
import { randomUUID } from 'node:crypto';
import { generateEs256KeyPair, issueCardCredential, publicJwkOf } from '@c2p/agentic';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sandboxWindows } from '../../store/schema.ts';
import { maskEmail, maskedCard, tokenFor, type ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { emailProblem } from '../input.ts';
import { WINDOW_ONLY } from '../route-callers.ts';
import { checkCode, sendCode } from '../sdk-api/codes.ts';
import { inaccessible, invalidParameter, typistOf, usableConsumer, type SdkContext } from '../sdk-api/context.ts';
import { passkeyAvailability } from '../sdk-api/passkey-views.ts';
import { assertionOptions, verifiedAssertion } from '../sdk-api/passkeys.ts';
import { findCard, findConsumer, findConsumerByEmail, findConsumersCard } from '../sdk-api/repository.ts';
import { updateWindowRequest, windowOf, type WindowRow } from '../sdk-api/windows.ts';
import { asObject, nonEmptyString } from '../util.ts';
import { findAgent } from './agents.ts';
import { provedConsumerOf } from './agent-windows.ts';
import { networkUri } from './issuer.ts';
import { insertToken, tokensOf } from './repository.ts';

/** A card credential lasts a year (Verifiable Intent's L1 at most). */
const L1_LIFETIME_S = 365 * 24 * 60 * 60;

const agentWindow = (request: FastifyRequest) => windowOf(request, ['AGENT_ENROL', 'AGENT_MANAGE']);

/** The profile the window looked up by its email: the one a passkey or a code must prove. */
async function lookedUp(ctx: SdkContext, window: WindowRow): Promise<ConsumerRow> {
  const id = window.request.lookupConsumerId;
  return usableConsumer(
    await findConsumer(ctx.db, typeof id === 'string' ? id : null),
    () => new SdkError(409, 'INVALID_REQUEST', 'Enter the email of your Click to Pay profile first'),
  );
}

/** The consumer the window (of this kind) acts for, or 403: prove it is you first. */
export async function requireProved(ctx: SdkContext, request: FastifyRequest, kind: 'AGENT_ENROL' | 'AGENT_MANAGE') {
  const { window, session } = windowOf(request, [kind]);
  const consumer = usableConsumer(
    await provedConsumerOf(ctx, request, window, session),
    () => new SdkError(403, 'AUTH_ERROR', 'Prove it is you first: your passkey, or the code'),
  );
  return { window, session, consumer };
}

function proofRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const proved = (window: WindowRow, consumer: ConsumerRow, method: 'PASSKEY' | 'OTP') =>
    updateWindowRequest(ctx, window, { provedConsumerId: consumer.id, provedBy: method });

  app.post('/api/window/agent/lookup', WINDOW_ONLY, async (request) => {
    const { window, session } = agentWindow(request);
    const email = nonEmptyString(asObject(request.body).email)?.toLowerCase();
    invalidParameter(emailProblem(email, 'email'));
    const consumer = await findConsumerByEmail(ctx.db, email!);
    await updateWindowRequest(ctx, window, { lookupConsumerId: consumer?.id ?? null, provedConsumerId: null });
    if (!consumer) return { consumerPresent: false };
    if (consumer.locked) throw inaccessible();
    const passkey = await passkeyAvailability(ctx.db, request, session, consumer);
    return { consumerPresent: true, passkey: passkey.available ? { available: true } : passkey };
  });

  app.post('/api/window/agent/passkey-options', WINDOW_ONLY, async (request) => {
    const { window, session } = agentWindow(request);
    const consumer = await lookedUp(ctx, window);
    const availability = await passkeyAvailability(ctx.db, request, session, consumer);
    if (!availability.available) return availability;
    return {
      available: true,
      options: await assertionOptions(ctx, request, window, 'SIGN_IN', consumer, availability.passkeys),
    };
  });

  app.post('/api/window/agent/passkey', WINDOW_ONLY, async (request) => {
    const { window } = agentWindow(request);
    const consumer = await lookedUp(ctx, window);
    const answer = asObject(asObject(request.body).response);
    const { consumerId } = await verifiedAssertion(ctx, window, 'SIGN_IN', answer);
    if (consumerId !== consumer.id) throw new SdkError(401, 'AUTH_INVALID', 'This passkey is not this profile’s');
    await proved(window, consumer, 'PASSKEY');
    return { proved: true, method: 'PASSKEY' };
  });

  app.post('/api/window/agent/code/send', WINDOW_ONLY, async (request) => {
    const { window, session } = agentWindow(request);
    const consumer = await lookedUp(ctx, window);
    await sendCode(ctx.db, session.tokenHash, consumer.id, 'EMAIL_ADDRESS');
    return { maskedValidationChannel: maskEmail(consumer.email) };
  });

  app.post('/api/window/agent/code', WINDOW_ONLY, async (request) => {
    const { window, session } = agentWindow(request);
    const consumer = await lookedUp(ctx, window);
    const value = asObject(request.body).value;
    const typed = await checkCode(ctx.db, typistOf(request, session), typeof value === 'string' ? value.trim() : '');
    if (typed.id !== consumer.id) throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent to this profile');
    await proved(window, consumer, 'OTP');
    return { proved: true, method: 'OTP' };
  });
}

/** Marks the window's enrolment done, once: false when it enrolled already. */
async function claimEnrolment(ctx: SdkContext, window: WindowRow, agenticTokenId: string): Promise<boolean> {
  const claimed = await ctx.db
    .update(sandboxWindows)
    .set({ request: sql`${sandboxWindows.request} || ${JSON.stringify({ agenticTokenId })}::jsonb` })
    .where(and(eq(sandboxWindows.id, window.id), sql`${sandboxWindows.request}->>'agenticTokenId' is null`))
    .returning({ id: sandboxWindows.id });
  return claimed.length > 0;
}

function enrolmentRoutes(app: FastifyInstance, ctx: SdkContext): void {
  app.get('/api/window/agent/cards', WINDOW_ONLY, async (request) => {
    const { session, consumer } = await requireProved(ctx, request, 'AGENT_ENROL');
    return { cards: await ctx.cardsOf(consumer.id, session) };
  });

  // The shopper's consent: the network issues L1 (the card, the shopper's key it holds) and the token.
  app.post('/api/window/agent/enrol', WINDOW_ONLY, async (request) => {
    const { window, consumer } = await requireProved(ctx, request, 'AGENT_ENROL');
    const body = asObject(request.body);
    if (body.consent !== true) {
      throw new SdkError(400, 'INVALID_PARAMETER', 'The shopper’s consent is required: consent must be true');
    }
    const card = await findConsumersCard(ctx.db, nonEmptyString(body.srcDigitalCardId) ?? '', consumer.id);
    if (!card) throw new SdkError(400, 'INVALID_PARAMETER', 'srcDigitalCardId is not one of the profile’s cards');
    const agent = await findAgent(ctx.db, String(window.request.agentId));
    if (!agent) throw new SdkError(404, 'NOT_FOUND', 'The agent is no longer registered');
    const id = randomUUID();
    if (!(await claimEnrolment(ctx, window, id))) {
      throw new SdkError(409, 'INVALID_REQUEST', 'This window has enrolled the agent already');
    }
    const user = await generateEs256KeyPair(`shopper-key-${id}`);
    const iat = Math.floor(Date.now() / 1000);
    const l1 = await issueCardCredential(
      {
        iss: networkUri(ctx.origins),
        sub: consumer.id,
        iat,
        exp: iat + L1_LIFETIME_S,
        userPublicJwk: publicJwkOf(user.publicJwk),
        panLastFour: card.primaryAccountNumber.slice(-4),
        scheme: card.brand,
        cardId: card.srcDigitalCardId,
        email: consumer.email,
      },
      ctx.keys.agenticIssuer,
    );
    // A network token of the agent's own, not the card's Click to Pay token.
    const networkToken = tokenFor(`${card.primaryAccountNumber}/agent/${id}`);
    await insertToken(ctx.db, {
      id,
      agentId: agent.id,
      consumerId: consumer.id,
      srcDigitalCardId: card.srcDigitalCardId,
      networkToken,
      userKid: user.kid,
      userPrivateJwk: { ...user.privateJwk },
      l1: l1.serialized,
    });
    const masked = maskedCard(card, { uri: ctx.dcfUri() });
    return {
      agenticTokenId: id,
      l1: l1.serialized,
      maskedCard: { ...masked, tokenBinRange: networkToken.slice(0, 4), tokenLastFour: networkToken.slice(-4) },
    };
  });
}

/** The manage window's list: the shopper's agents, each token with its agent, card and status. */
function manageRoutes(app: FastifyInstance, ctx: SdkContext): void {
  app.get('/api/window/agent/tokens', WINDOW_ONLY, async (request) => {
    const { consumer } = await requireProved(ctx, request, 'AGENT_MANAGE');
    const rows = await tokensOf(ctx.db, consumer.id);
    return {
      tokens: await Promise.all(
        rows.map(async ({ token, agentName }) => {
          const card = await findCard(ctx.db, token.srcDigitalCardId);
          return {
            agenticTokenId: token.id,
            agent: { name: agentName },
            card: { brand: card?.brand ?? '', panLastFour: card?.primaryAccountNumber.slice(-4) ?? '' },
            status: token.status,
            createdAt: token.createdAt.toISOString(),
          };
        }),
      ),
    };
  });
}

export function agentWindowRoutes(app: FastifyInstance, ctx: SdkContext): void {
  proofRoutes(app, ctx);
  enrolmentRoutes(app, ctx);
  manageRoutes(app, ctx);
}
