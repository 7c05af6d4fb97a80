// What the network's checkout window (DCF) shows of a checkout: the merchant, the card, the
// amount and plan, and which consents it still has to ask.
import { maskEmail } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { asObject, isObject } from '../util.ts';
import { findCard, findConsumer, type CheckoutRow, type SessionRow } from './repository.ts';

export const validationConsumerOf = (checkout: CheckoutRow) =>
  typeof checkout.request.validationConsumerId === 'string' ? checkout.request.validationConsumerId : undefined;

/** What the DCF shows of the card being paid with. */
function cardView(card: Awaited<ReturnType<typeof findCard>>) {
  if (!card) return null;
  return {
    brand: card.brand,
    panLastFour: card.primaryAccountNumber.slice(-4),
    panExpirationMonth: card.expirationMonth,
    panExpirationYear: card.expirationYear,
    descriptorName: card.descriptorName,
  };
}

/**
 * What the DCF page shows of the checkout. `stepUp`: the window's browser does not prove the
 * consumer the page recognised (a page on another site, whose cookies the window does not share).
 */
export async function dcfView(db: SandboxDatabase, checkout: CheckoutRow, session: SessionRow, stepUp: boolean) {
  const init = session.init;
  const card = checkout.srcDigitalCardId ? await findCard(db, checkout.srcDigitalCardId) : undefined;
  const consumer = await findConsumer(db, checkout.consumerId);
  const options = asObject(checkout.request.dpaTransactionOptions);
  const dpaData = asObject(init.dpaData);
  return {
    status: checkout.status,
    kind: checkout.kind,
    merchantOrigin: checkout.merchantOrigin,
    merchant: {
      name: String(dpaData.dpaPresentationName ?? dpaData.dpaName ?? ''),
      uri: typeof dpaData.dpaUri === 'string' ? dpaData.dpaUri : null,
    },
    locale: String(options.dpaLocale ?? 'en_US'),
    confirmPayment: options.confirmPayment === true,
    amount: isObject(options.transactionAmount) ? options.transactionAmount : null,
    card: cardView(card),
    consumer: consumer ? { maskedEmailAddress: maskEmail(consumer.email) } : null,
    newCard: checkout.kind === 'NEW_CARD',
    // The card's email has a profile: the DCF asks for the code sent to it before saving the card
    // there; and the code proves the shopper where this browser does not.
    validationRequired: (validationConsumerOf(checkout) !== undefined && !checkout.consumerId) || stepUp,
    stepUp,
    rememberMe: checkout.request.rememberMe === true,
    // Ask "Remember me" only when nobody asked yet: not the merchant's page, not this browser's device.
    askRememberMe:
      checkout.request.rememberMeAsked !== true && !session.deviceId && checkout.request.cookieDeviceId === undefined,
    installmentPlan: checkout.request.installmentPlan ?? null,
  };
}
