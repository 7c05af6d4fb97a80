import { describe, expect, it } from 'vitest';
import type { InitiateValidationResponse, MaskedCard } from '../../../lib/click-to-pay/types';
import { initialFlow, reducer, stepBeforeCheckout, type Flow, type FlowEvent } from './flow';

const CARD: MaskedCard = { srcDigitalCardId: 'card-1', panLastFour: '8785' };
const OTHER: MaskedCard = { srcDigitalCardId: 'card-2', panLastFour: '4242' };
const VALIDATION: InitiateValidationResponse = {
  maskedValidationChannel: 'r*****@example.com',
  supportedValidationChannels: [],
};

const after = (...events: FlowEvent[]): Flow => events.reduce(reducer, initialFlow);

describe('the Click to Pay flow', () => {
  it('starts loading, then shows a recognised shopper their cards and anyone else the email', () => {
    expect(initialFlow.step).toEqual({ name: 'loading' });
    expect(after({ type: 'ready', cards: [CARD], hosted: false })).toMatchObject({
      step: { name: 'cards', cards: [CARD] },
      cards: [CARD],
    });
    expect(after({ type: 'ready', cards: [], hosted: false }).step).toEqual({ name: 'email' });
  });

  it('hands a hosted variant the step as soon as the SDK is ready, whatever the network knows', () => {
    expect(after({ type: 'ready', cards: [CARD], hosted: true }).step).toEqual({ name: 'extension' });
  });

  it('says an SDK that did not load once, and loads it again on Retry', () => {
    const retry = () => undefined;
    const failed = after({ type: 'unavailable', message: 'Initialising SRCI has failed', retry });
    expect(failed.step).toEqual({ name: 'unavailable', message: 'Initialising SRCI has failed', retry });
    const again = reducer(failed, { type: 'retry-load' });
    expect(again).toMatchObject({ step: { name: 'loading' }, attempt: 1 });
    expect(reducer(again, { type: 'retry-load' }).attempt).toBe(2);
  });

  it('an email lookup: a known email gets the code step, an unknown one the card entry', () => {
    const email = after({ type: 'ready', cards: [], hosted: false });
    expect(reducer(email, { type: 'code-sent', validation: VALIDATION }).step).toEqual({
      name: 'otp',
      validation: VALIDATION,
    });
    expect(reducer(email, { type: 'unknown-consumer' }).step).toEqual({ name: 'new-card' });
  });

  it('counts each refused code, the same reason twice included, and keeps the code step', () => {
    const code = after({ type: 'ready', cards: [], hosted: false }, { type: 'code-sent', validation: VALIDATION });
    const refused = { type: 'code-refused', message: 'The code is wrong', reason: 'CODE_INVALID' } as const;
    expect(reducer(reducer(code, refused), refused).step).toEqual({
      name: 'otp',
      validation: VALIDATION,
      errorMessage: 'The code is wrong',
      errorReason: 'CODE_INVALID',
      failures: 2,
    });
    // A refusal that arrives once the shopper has left the code step changes nothing.
    const left = reducer(code, { type: 'change-email' });
    expect(reducer(left, refused)).toBe(left);
  });

  it('an identified shopper sees their cards, or the card entry when they have none', () => {
    const code = after({ type: 'ready', cards: [], hosted: false }, { type: 'code-sent', validation: VALIDATION });
    expect(reducer(code, { type: 'identified', cards: [CARD, OTHER] })).toMatchObject({
      step: { name: 'cards', cards: [CARD, OTHER] },
      cards: [CARD, OTHER],
    });
    expect(reducer(code, { type: 'identified', cards: [] }).step).toEqual({ name: 'new-card' });
  });

  it('a call makes the flow busy and clears the last message; its end frees it, its failure is said', () => {
    const failed = after({ type: 'call-started' }, { type: 'call-failed', message: 'Email is not recognized' });
    expect(failed).toMatchObject({ busy: true, message: 'Email is not recognized' });
    expect(reducer(failed, { type: 'call-ended' })).toMatchObject({ busy: false, message: 'Email is not recognized' });
    expect(reducer(failed, { type: 'call-started' }).message).toBeUndefined();
    expect(reducer(failed, { type: 'code-entered' })).toMatchObject({ busy: true, message: undefined });
  });

  it('a window closed without paying returns to where it was opened from: the cards, else the card entry', () => {
    const cards = after({ type: 'ready', cards: [CARD], hosted: false });
    expect(stepBeforeCheckout(cards)).toEqual({ name: 'cards', cards: [CARD] });
    expect(stepBeforeCheckout(initialFlow)).toEqual({ name: 'new-card' });
    const back = { name: 'extension', card: CARD, cancelled: true } as const;
    expect(reducer(cards, { type: 'window-closed', back }).step).toBe(back);
  });

  it('hands the variant the chosen card of the list', () => {
    const cards = after({ type: 'ready', cards: [CARD, OTHER], hosted: false });
    expect(reducer(cards, { type: 'card-chosen', srcDigitalCardId: 'card-2' }).step).toEqual({
      name: 'extension',
      card: OTHER,
    });
  });

  it('Back leads to the cards if the shopper has any, else to the email', () => {
    const withCards = after({ type: 'ready', cards: [CARD], hosted: false }, { type: 'add-card' });
    expect(withCards.step).toEqual({ name: 'new-card' });
    expect(reducer(withCards, { type: 'back' }).step).toEqual({ name: 'cards', cards: [CARD] });
    const without = after({ type: 'ready', cards: [], hosted: false }, { type: 'unknown-consumer' });
    expect(reducer(without, { type: 'back' }).step).toEqual({ name: 'email' });
  });

  it('signing out forgets the cards and asks for an email', () => {
    const cards = after({ type: 'ready', cards: [CARD], hosted: false });
    expect(reducer(cards, { type: 'signed-out' })).toMatchObject({ step: { name: 'email' }, cards: [] });
    expect(reducer(cards, { type: 'paying' }).step).toEqual({ name: 'paying' });
  });
});
