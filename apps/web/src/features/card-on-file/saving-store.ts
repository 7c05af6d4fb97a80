import { create } from 'zustand';
import { notify } from '../../components/ui/toast';
import { merchantCardsApi } from './api';
import { serverMessage } from '../../lib/api-client';

interface CardSavingState {
  /** The shopper ticked "Save this card for future purchases". */
  wanted: boolean;
  /** The spec's isNewCardSavingInProgress: the card typed at checkout is being saved on file. */
  isNewCardSavingInProgress: boolean;
  setWanted(wanted: boolean): void;
  /** Saves the card the network's SDK encrypted at checkout, when the shopper asked for it. */
  saveEncrypted(encryptedCard: string): Promise<void>;
}

export const useCardSaving = create<CardSavingState>((set, get) => ({
  wanted: false,
  isNewCardSavingInProgress: false,
  setWanted: (wanted) => set({ wanted }),
  async saveEncrypted(encryptedCard) {
    if (!get().wanted || get().isNewCardSavingInProgress) return;
    set({ isNewCardSavingInProgress: true });
    try {
      const card = await merchantCardsApi.save(encryptedCard);
      void notify('success', {
        key: 'CARD_ON_FILE.CHECKOUT.SAVED_NEW',
        values: { brand: { key: `CARD_BRANDS.${card.brand}` }, lastFour: card.lastFour },
      });
      set({ wanted: false });
    } catch (error) {
      void notify('error', serverMessage(error) ?? { key: 'CARD_ON_FILE.API.SAVE_ERROR' });
    } finally {
      set({ isNewCardSavingInProgress: false });
    }
  },
}));
