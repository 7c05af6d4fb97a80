import type { InitiateValidationResponse, MaskedCard } from '../../../lib/click-to-pay/types';

/** The step of the Click to Pay payment the shopper sees (one at a time). */
export type Step =
  | { name: 'loading' }
  | { name: 'unavailable'; message: string; retry?(): void }
  | { name: 'cards'; cards: MaskedCard[] }
  | { name: 'email' }
  | {
      name: 'otp';
      validation: InitiateValidationResponse;
      errorReason?: string;
      errorMessage?: string;
      failures?: number;
    }
  | { name: 'new-card' }
  | { name: 'paying' }
  /** A variant's own step (installments: the plans for the chosen card, or its hosted form). */
  | { name: 'extension'; card?: MaskedCard; cancelled?: boolean };

/** Where the payment stands: its step, and what outlives a step. */
export interface Flow {
  step: Step;
  /** The shopper's cards at the network, kept while another step shows (Back to cards). */
  cards: MaskedCard[];
  /** A call to the network runs: the step's controls wait for it. */
  busy: boolean;
  /** The last refused call's message, shown above the step. */
  message?: string;
  /** Loads of the SDK so far: each Retry loads it once more. */
  attempt: number;
}

export const initialFlow: Flow = { step: { name: 'loading' }, cards: [], busy: false, attempt: 0 };

/** What happened, as the payment hears it: the SDK's answers and the shopper's choices. */
export type FlowEvent =
  /** The SDK is ready and knows these cards (none: not recognised). */
  | { type: 'ready'; cards: MaskedCard[]; hosted: boolean }
  | { type: 'unavailable'; message: string; retry?(): void }
  | { type: 'retry-load' }
  | { type: 'call-started' }
  | { type: 'call-ended' }
  | { type: 'call-failed'; message: string }
  /** The shopper proved who they are (authenticate, or the code): these are their cards. */
  | { type: 'identified'; cards: MaskedCard[] }
  | { type: 'unknown-consumer' }
  | { type: 'code-sent'; validation: InitiateValidationResponse }
  | { type: 'code-entered' }
  | { type: 'code-refused'; message: string; reason: string }
  /** A card of the list, for the variant's own step. */
  | { type: 'card-chosen'; srcDigitalCardId: string }
  /** The network's window closed without a payment: the step it was opened from. */
  | { type: 'window-closed'; back: Step }
  | { type: 'add-card' }
  | { type: 'change-email' }
  /** Back from the new card or the variant's step: the cards if any, else the email. */
  | { type: 'back' }
  | { type: 'signed-out' }
  | { type: 'paying' };

const cardsOr = (cards: MaskedCard[], otherwise: Step): Step =>
  cards.length > 0 ? { name: 'cards', cards } : otherwise;

/** Where a checkout returns when the network's window closes without paying. */
export const stepBeforeCheckout = (flow: Flow): Step => cardsOr(flow.cards, { name: 'new-card' });

type Handlers = { [T in FlowEvent['type']]: (flow: Flow, event: Extract<FlowEvent, { type: T }>) => Flow };

const HANDLERS: Handlers = {
  ready: (flow, { cards, hosted }) => ({
    ...flow,
    cards,
    step: hosted ? { name: 'extension' } : cardsOr(cards, { name: 'email' }),
  }),
  unavailable: (flow, { message, retry }) => ({ ...flow, step: { name: 'unavailable', message, retry } }),
  'retry-load': (flow) => ({ ...flow, step: { name: 'loading' }, attempt: flow.attempt + 1 }),
  'call-started': (flow) => ({ ...flow, busy: true, message: undefined }),
  'call-ended': (flow) => ({ ...flow, busy: false }),
  'call-failed': (flow, { message }) => ({ ...flow, message }),
  identified: (flow, { cards }) => ({ ...flow, cards, step: cardsOr(cards, { name: 'new-card' }) }),
  'unknown-consumer': (flow) => ({ ...flow, step: { name: 'new-card' } }),
  'code-sent': (flow, { validation }) => ({ ...flow, step: { name: 'otp', validation } }),
  'code-entered': (flow) => ({ ...flow, message: undefined }),
  // The same reason twice is still a new answer for the kit: `failures` counts them.
  'code-refused': (flow, { message, reason }) =>
    flow.step.name === 'otp'
      ? {
          ...flow,
          step: { ...flow.step, errorMessage: message, errorReason: reason, failures: (flow.step.failures ?? 0) + 1 },
        }
      : flow,
  'card-chosen': (flow, { srcDigitalCardId }) => ({
    ...flow,
    step: { name: 'extension', card: flow.cards.find((card) => card.srcDigitalCardId === srcDigitalCardId) },
  }),
  'window-closed': (flow, { back }) => ({ ...flow, step: back }),
  'add-card': (flow) => ({ ...flow, step: { name: 'new-card' } }),
  'change-email': (flow) => ({ ...flow, step: { name: 'email' } }),
  back: (flow) => ({ ...flow, step: cardsOr(flow.cards, { name: 'email' }) }),
  'signed-out': (flow) => ({ ...flow, cards: [], step: { name: 'email' } }),
  paying: (flow) => ({ ...flow, step: { name: 'paying' } }),
};

/** The Click to Pay payment's flow: the next state for an event, nothing else. */
export function reducer(flow: Flow, event: FlowEvent): Flow {
  return (HANDLERS[event.type] as (flow: Flow, event: FlowEvent) => Flow)(flow, event);
}
