import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@c2p/domain';
import { session } from '../../lib/storage';

/** The plan the shopper chose (inline) or the network confirmed (hosted), sent with the order. */
export interface ChosenPlan {
  planId: string;
  numberOfInstallments: number;
}

interface InstallmentsState {
  chosen?: ChosenPlan;
  choose(plan: ChosenPlan | undefined): void;
}

// Kept for the tab's session, like the rest of the checkout.
export const useInstallments = create<InstallmentsState>()(
  persist((set) => ({ choose: (chosen) => set({ chosen }) }), {
    name: 'installments',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** The order's `payment.installments`, when the payment was made in installments. */
export function chosenInstallments(paidInInstallments: boolean): { installments?: ChosenPlan } {
  const chosen = useInstallments.getState().chosen;
  return paidInInstallments && chosen ? { installments: chosen } : {};
}

/** The spec's session flag isHostedCheckoutEnabled (home and card-on-file turn it off). */
interface HostedState {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}

export const useHostedCheckout = create<HostedState>()((set) => ({
  enabled: session.get(STORAGE_KEYS.isHostedCheckoutEnabled) === 'true',
  setEnabled(enabled) {
    if (enabled) session.set(STORAGE_KEYS.isHostedCheckoutEnabled, 'true');
    else session.remove(STORAGE_KEYS.isHostedCheckoutEnabled);
    set({ enabled });
  },
}));
