// The MANDATE window's steps: the shopper approves the mandate with their payment passkey, and only
// with it (no code stands in), or declines it. The passkey's challenge is SHA-256 of the L2's signing
// input (mandate-draft.ts); the assertion is kept beside the mandate as evidence.
import { verifyMandate } from '@c2p/agentic';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SdkError } from '../errors.ts';
import { WINDOW_ONLY } from '../route-callers.ts';
import type { SdkContext } from '../sdk-api/context.ts';
import { passkeyAvailability, relyingPartyOf } from '../sdk-api/passkey-views.ts';
import { assertionOptions, verifiedAssertion } from '../sdk-api/passkeys.ts';
import { findCard, findConsumer } from '../sdk-api/repository.ts';
import { windowOf } from '../sdk-api/windows.ts';
import { asObject } from '../util.ts';
import { findAgent } from './agents.ts';
import { issuerKeyLookup, networkUri } from './issuer.ts';
import { approvalChallengeOf, draftMandate, signDraft } from './mandate-draft.ts';
import { mandateStatusOf } from './mandate-status.ts';
import { findMandate, findToken, updatePendingMandate } from './repository.ts';

const refused = (message: string) => new SdkError(401, 'AUTH_INVALID', message);

/** The MANDATE window's mandate, still to be approved, with its active token and the token's shopper. */
async function pendingMandate(ctx: SdkContext, request: FastifyRequest) {
  const { window, session } = windowOf(request, ['MANDATE']);
  const mandate = await findMandate(ctx.db, String(window.request.mandateRequestId));
  if (!mandate) throw new SdkError(404, 'NOT_FOUND', 'No such mandate request');
  const status = mandateStatusOf(mandate);
  if (status !== 'PENDING') throw new SdkError(409, 'INVALID_REQUEST', `The mandate request is ${status}`);
  const token = await findToken(ctx.db, mandate.agenticTokenId);
  if (token?.status !== 'ACTIVE') throw new SdkError(409, 'TOKEN_REVOKED', 'The agent’s token has been revoked');
  const consumer = await findConsumer(ctx.db, token.consumerId);
  if (!consumer || consumer.locked) throw new SdkError(403, 'ACCT_INACCESSIBLE', 'The Click to Pay profile is locked');
  return { window, session, mandate, token, consumer };
}

export function approvalRoutes(app: FastifyInstance, ctx: SdkContext): void {
  // The L2 is drafted now (its lifetime starts when the shopper is asked), and its hash is the challenge.
  app.post('/api/window/mandate/options', WINDOW_ONLY, async (request) => {
    const { window, session, mandate, token, consumer } = await pendingMandate(ctx, request);
    const availability = await passkeyAvailability(ctx.db, request, session, consumer);
    if (!availability.available) return availability;
    const [agent, card] = await Promise.all([
      findAgent(ctx.db, token.agentId),
      findCard(ctx.db, token.srcDigitalCardId),
    ]);
    if (!agent || !card) throw new SdkError(409, 'INVALID_REQUEST', 'The agent or the card is gone');
    const now = Math.floor(Date.now() / 1000);
    const { rpId } = relyingPartyOf(request);
    const draft = await draftMandate(
      mandate,
      { token, agent, card },
      { networkUri: networkUri(ctx.origins), rpId, now },
    );
    if (!(await updatePendingMandate(ctx.db, mandate.id, { draft }))) {
      throw new SdkError(409, 'INVALID_REQUEST', 'The mandate request was decided meanwhile');
    }
    const challenge = await approvalChallengeOf(draft);
    const options = await assertionOptions(ctx, request, window, 'MANDATE', consumer, availability.passkeys, challenge);
    return { available: true, options };
  });

  // The passkey approved the draft's exact bytes: the network signs them with the shopper's key.
  app.post('/api/window/mandate/approve', WINDOW_ONLY, async (request) => {
    const { window, mandate, token } = await pendingMandate(ctx, request);
    const answer = asObject(asObject(request.body).response);
    const assertion = await verifiedAssertion(ctx, window, 'MANDATE', answer);
    if (assertion.consumerId !== token.consumerId) throw refused('This passkey is not the shopper’s of this agent');
    const { draft } = mandate;
    if (!draft || assertion.challenge !== (await approvalChallengeOf(draft))) {
      throw refused('The passkey approved another version of this mandate: approve it again');
    }
    const l2 = signDraft(draft, token.userPrivateJwk);
    const report = await verifyMandate(
      { l1: token.l1, l2 },
      {
        issuerKey: issuerKeyLookup(ctx.keys.agenticIssuer, ctx.origins),
        l2Audience: networkUri(ctx.origins),
        paymentInstrumentId: token.srcDigitalCardId,
      },
    );
    if (!report.facts) throw new Error(`The mandate the network signed does not verify: ${report.error?.code}`);
    const response = asObject(answer.response);
    const approved = await updatePendingMandate(ctx.db, mandate.id, {
      status: 'APPROVED',
      l2,
      draft: null,
      mandateDigest: report.facts.mandateId,
      mandateExpiresAt: new Date(report.facts.expiresAt * 1000),
      decidedAt: new Date(),
      approval: {
        method: 'PASSKEY',
        credentialId: assertion.credentialId,
        challenge: assertion.challenge,
        clientDataJSON: response.clientDataJSON,
        authenticatorData: response.authenticatorData,
        signature: response.signature,
        at: new Date().toISOString(),
      },
    });
    if (!approved) throw new SdkError(409, 'INVALID_REQUEST', 'The mandate request was decided meanwhile');
    return { status: 'APPROVED', l2 };
  });

  app.post('/api/window/mandate/decline', WINDOW_ONLY, async (request) => {
    const { mandate } = await pendingMandate(ctx, request);
    await updatePendingMandate(ctx.db, mandate.id, { status: 'DECLINED', draft: null, decidedAt: new Date() });
    return { status: 'DECLINED' };
  });
}
