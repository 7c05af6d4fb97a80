import { create } from 'zustand';

interface InfoWidgetState {
  /** The spec's shop state `activeInfoWidgetId`: the component whose explanation panel is open. */
  activeInfoWidgetId: string | null;
  setActiveInfoWidgetId(id: string | null): void;
}

export const useInfoWidget = create<InfoWidgetState>()((set) => ({
  activeInfoWidgetId: null,
  setActiveInfoWidgetId: (activeInfoWidgetId) => set({ activeInfoWidgetId }),
}));
