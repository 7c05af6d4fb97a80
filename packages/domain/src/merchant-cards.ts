// Card on File (issue 13): the shapes of /api/merchantCards. The shop keeps only the network's
// reference to a card (its srcDigitalCardId, server-side) with brand, last four and expiry.
import type { ClickToPayPayment, NetworkCallRecord } from './payments.ts';
import type { SupportedCardBrand } from './card.ts';

/** A card on file as the shopper sees it. */
export interface SavedCard {
  /** Our id (a UUID). */
  id: string;
  brand: SupportedCardBrand;
  lastFour: string;
  /** MM/YY. */
  expiry: string;
  /** The last four of the network token the card was replaced by. */
  tokenLastFour: string | null;
  /** The network's token status: ACTIVE once enrolled. */
  tokenStatus: 'ACTIVE';
  createdAt: string;
}

export interface SavedCardsResponse {
  data: SavedCard[];
}

/** POST /api/merchantCards: the card encrypted in the browser to the network's key (encryptCard). */
export interface SaveCardRequest {
  encryptedCard: string;
}

export interface SaveCardResponse {
  data: SavedCard;
  network: NetworkCallRecord;
}

export interface DeleteCardResponse {
  data: { id: string };
  network: NetworkCallRecord;
}

/** POST /api/merchantCards/{id}/credentials: transaction credentials for this amount. */
export interface CardCredentialsRequest {
  transactionAmount: { transactionAmount: number; transactionCurrencyCode: string };
}

/** A payment by a card on file: a ClickToPayPayment (an order takes it over) paid with a network token. */
export interface CardOnFilePayment extends ClickToPayPayment {
  merchantCardId: string;
  /** The network token's last four (the token itself stays encrypted in the stored payload). */
  tokenLastFour: string;
}

export interface CardCredentialsResponse {
  data: CardOnFilePayment;
  network: NetworkCallRecord;
}

/** Cards one shopper may keep on file. */
export const SAVED_CARD_LIMIT = 10;
