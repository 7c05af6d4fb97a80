// The SRC-level SDK's enrollCard and deleteCard: the signed-in consumer adds a card to the profile,
// or takes one out, from the merchant's page. Like a checkout, they act for the consumer this
// browser proves (consumer-proof.ts): a server holding the session token or an idToken changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sandboxCards } from '../../store/schema.ts';
import { maskedCard, type ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { MERCHANT_PAGE } from '../route-callers.ts';
import { seededCardId } from '../seed.ts';
import { asObject, nonEmptyString } from '../util.ts';
import { usableConsumer, type SdkContext } from './context.ts';
import { newCardOf } from './new-card.ts';
import { findConsumersCard, listCards, releaseCard } from './repository.ts';

/** Cards one profile may hold (the shared test profiles too). */
const MAX_CARDS_PER_PROFILE = 20;

export function cardRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db, keys } = ctx;

  async function signedInConsumer(request: FastifyRequest): Promise<ConsumerRow> {
    const consumer = (await ctx.consumerOf(request, ctx.sessionOf(request)))?.consumer;
    return usableConsumer(
      consumer,
      () =>
        new SdkError(401, 'AUTH_INVALID', 'The consumer is not recognised in this browser: authenticate them first'),
    );
  }

  // ---- enrollCard -------------------------------------------------------------------------------
  app.post('/api/cards/enrol', MERCHANT_PAGE, async (request) => {
    const consumer = await signedInConsumer(request);
    const card = { ...(await newCardOf(keys, asObject(request.body))), consumerId: consumer.id };
    const held = await listCards(db, consumer.id);
    if (held.some((c) => c.primaryAccountNumber === card.primaryAccountNumber)) {
      throw new SdkError(409, 'CARD_ALREADY_EXISTS', 'This card is already in the profile');
    }
    if (held.length >= MAX_CARDS_PER_PROFILE) {
      throw new SdkError(400, 'INVALID_REQUEST', `A profile holds ${MAX_CARDS_PER_PROFILE} cards at most`);
    }
    const [enrolled] = await db.insert(sandboxCards).values(card).returning();
    return { maskedCard: maskedCard(enrolled!, { uri: ctx.dcfUri() }) };
  });

  // ---- deleteCard -------------------------------------------------------------------------------
  app.post('/api/cards/delete', MERCHANT_PAGE, async (request) => {
    const consumer = await signedInConsumer(request);
    const srcDigitalCardId = nonEmptyString(asObject(request.body).srcDigitalCardId);
    if (!srcDigitalCardId) throw new SdkError(400, 'CARDID_MISSING', 'Pass the srcDigitalCardId of one of the cards');
    const card = await findConsumersCard(db, srcDigitalCardId, consumer.id);
    if (!card) throw new SdkError(404, 'CARD_NOT_RECOGNIZED', 'The card is not one of this consumer');
    // The shared test profiles keep their seeded cards for every visitor (ours).
    if (card.srcDigitalCardId === seededCardId(consumer.email, card.primaryAccountNumber)) {
      throw new SdkError(400, 'INVALID_REQUEST', 'A test card of the sandbox stays: delete a card you enrolled');
    }
    await releaseCard(db, card.srcDigitalCardId);
    return {};
  });
}
